import { LIMITS } from '@omnichat/contracts';
import { Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useRemoteSearch } from './use-remote-search.ts';

export interface RemoteOption {
  value: string;
  label: string;
}

interface RemoteSelectProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** Lists options for a search term (called 500 ms after the last keystroke). */
  search: (term: string) => Promise<RemoteOption[]>;
  /** Looks up the option of the current value, so its label shows before any search. */
  getByValue?: (value: string) => Promise<RemoteOption | null>;
  placeholder?: string;
  'aria-label'?: string;
  debounceMs?: number;
}

/** A searchable select backed by the server (SPEC 7 "remote-select"). */
export function RemoteSelect({
  id,
  value,
  onChange,
  search,
  getByValue,
  placeholder,
  debounceMs = LIMITS.searchDebounceMs,
  ...rest
}: RemoteSelectProps) {
  const remote = useRemoteSearch(search, debounceMs);
  // the current value's option, looked up so its label shows before any search
  const [current, setCurrent] = useState<RemoteOption | null>(null);
  const getByValueRef = useRef(getByValue);
  getByValueRef.current = getByValue;

  useEffect(() => {
    if (!value || !getByValueRef.current) return;
    let cancelled = false;
    getByValueRef
      .current(value)
      .then((option) => {
        if (!cancelled) setCurrent(option);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [value]);

  const options = remote.found;
  const label = current && current.value === value ? current.label : value;
  const shown = value && !options.some((o) => o.value === value) ? [{ value, label }, ...options] : options;

  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      aria-label={rest['aria-label']}
      showSearch={{ filterOption: false, onSearch: remote.onSearch }}
      onOpenChange={remote.onOpen}
      notFoundContent={remote.loading ? <Spin size="small" /> : undefined}
      options={shown}
      listHeight={256}
      loading={remote.loading}
    />
  );
}
