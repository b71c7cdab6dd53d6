import { LIMITS } from '@omnichat/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccountStatus, ListFilters, Paged } from './admin-api.ts';
import { PAGE_SIZE } from './PagedTable.tsx';
import { useDebounced } from './use-debounced.ts';

/** Search text (debounced), status filter and paging of an admin list, and its query. */
export function usePagedList<T>(
  queryKey: (filters: ListFilters) => readonly unknown[],
  fetchPage: (filters: ListFilters) => Promise<Paged<T>>,
) {
  const [search, setSearchText] = useState('');
  const keyword = useDebounced(search, LIMITS.searchDebounceMs);
  const [status, setStatusValue] = useState<AccountStatus | undefined>();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const [settledKeyword, setSettledKeyword] = useState(keyword);
  if (settledKeyword !== keyword) {
    // a new search starts on the first page
    setSettledKeyword(keyword);
    setPage(1);
  }
  const filters: ListFilters = { page, size, keyword, status };
  const query = useQuery({
    queryKey: queryKey(filters),
    queryFn: () => fetchPage(filters),
    placeholderData: keepPreviousData,
  });
  return {
    query,
    search,
    setSearch: setSearchText,
    status,
    setStatus: (next: AccountStatus | undefined) => {
      setStatusValue(next);
      setPage(1);
    },
    page,
    size,
    onPage: (nextPage: number, nextSize: number) => {
      setPage(nextSize === size ? nextPage : 1);
      setSize(nextSize);
    },
  };
}
