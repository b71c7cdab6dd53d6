import { LIMITS } from '@omnichat/contracts';
import { useEffect, useRef, useState } from 'react';
import { useDebounced } from './use-debounced.ts';

interface SearchRequest {
  term: string;
  /** the first listing when the picker opens goes out at once; typing waits for a pause */
  now: boolean;
}

/**
 * The server search of a picker: typing settles through the one search debounce (SPEC 9: 500 ms), the first
 * opening lists at once, and only the answer to the latest term is kept.
 */
export function useRemoteSearch<T>(
  search: (term: string) => Promise<T[]>,
  debounceMs: number = LIMITS.searchDebounceMs,
) {
  const [request, setRequest] = useState<SearchRequest | null>(null);
  const settled = useDebounced(request, request?.now ? 0 : debounceMs);
  const [found, setFound] = useState<T[]>([]);
  // the term `found` answers: a picker shows the matches of what is typed now, never an older list
  const [answered, setAnswered] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [searched, setSearched] = useState(false);
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    if (!settled) return;
    let current = true;
    setLoading(true);
    searchRef
      .current(settled.term)
      .then((items) => {
        if (!current) return;
        setFound(items);
        setAnswered(settled.term);
        setSearched(true);
      })
      .catch(() => undefined)
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [settled]);

  return {
    found,
    /** the term `found` is the answer to (null before the first answer) */
    answered,
    loading,
    searched,
    /** searches for the term once typing pauses (a select's `onSearch`: it ignores the select's second argument) */
    onSearch: (term: string) => setRequest({ term, now: false }),
    /** searches for the term at once (the full list again after the search box was cleared) */
    searchNow: (term: string) => setRequest({ term, now: true }),
    /** lists the first page when the picker opens and nothing was searched yet */
    onOpen: (open: boolean) => {
      if (open && !searched && !request) setRequest({ term: '', now: true });
    },
  };
}
