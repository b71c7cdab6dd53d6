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
  // what is typed in the search box now ('' when nothing is)
  const [term, setTerm] = useState('');
  // labels of the options seen so far, so the chosen value keeps its label once the list moves on
  const labels = useRef(new Map<string, string>());
  const getByValueRef = useRef(getByValue);
  getByValueRef.current = getByValue;
  // the current value's option, looked up so its label shows before any search
  const [current, setCurrent] = useState<RemoteOption | null>(null);

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

  for (const option of remote.found) labels.current.set(option.value, option.label);
  const label = labels.current.get(value ?? '') ?? (current && current.value === value ? current.label : value);
  // only the answer to what is typed now: while it is on its way the list is empty (a spinner), so Enter can never
  // pick an option of an older list
  const matches = remote.answered === term ? remote.found : [];
  const pending = remote.loading || remote.answered !== term;
  // the chosen value heads the list only while nothing is typed (its label shows in the closed select); during a
  // search it would sit first and be the option Enter picks
  const shown =
    value && !term && !matches.some((o) => o.value === value)
      ? [{ value, label: label ?? value }, ...matches]
      : matches;

  const onSearch = (next: string) => {
    setTerm(next);
    if (next === '') remote.searchNow('');
    else remote.onSearch(next);
  };

  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      // choosing clears the search box without telling onSearch: list everything again for the next opening
      onSelect={() => {
        if (term) onSearch('');
      }}
      placeholder={placeholder}
      aria-label={rest['aria-label']}
      showSearch={{ filterOption: false, onSearch }}
      onOpenChange={remote.onOpen}
      notFoundContent={pending ? <Spin size="small" /> : undefined}
      options={shown}
      listHeight={256}
      loading={remote.loading}
    />
  );
}
