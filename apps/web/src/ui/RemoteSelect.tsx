import { LIMITS } from '@omnichat/contracts';
import { Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';

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
  const [options, setOptions] = useState<RemoteOption[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(0);
  const searchRef = useRef(search);
  searchRef.current = search;
  const getByValueRef = useRef(getByValue);
  getByValueRef.current = getByValue;

  const run = (term: string) => {
    const ticket = ++latest.current;
    setLoading(true);
    searchRef
      .current(term)
      .then((found) => {
        if (ticket === latest.current) setOptions(found);
      })
      .catch(() => undefined)
      .finally(() => {
        if (ticket === latest.current) setLoading(false);
      });
  };

  const onSearch = (term: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => run(term), debounceMs);
  };

  useEffect(() => {
    if (!value || !getByValueRef.current) return;
    let cancelled = false;
    getByValueRef
      .current(value)
      .then((option) => {
        if (cancelled || !option) return;
        setOptions((current) => (current.some((o) => o.value === option.value) ? current : [option, ...current]));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [value]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const shown = value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;

  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      aria-label={rest['aria-label']}
      showSearch={{ filterOption: false, onSearch }}
      onOpenChange={(open) => {
        if (open && options.length <= 1) run('');
      }}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={shown}
      listHeight={256}
      loading={loading}
    />
  );
}
