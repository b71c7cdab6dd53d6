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
    loading,
    searched,
    onSearch: (term: string) => setRequest({ term, now: false }),
    /** lists the first page when the picker opens and nothing was searched yet */
    onOpen: (open: boolean) => {
      if (open && !searched && !request) setRequest({ term: '', now: true });
    },
  };
}
