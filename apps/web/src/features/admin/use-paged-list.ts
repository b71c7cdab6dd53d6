import { LIMITS } from '@omnichat/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePaging } from '../../ui/use-paging.ts';
import type { AccountStatus, ListFilters, Paged } from './admin-api.ts';
import { useDebounced } from './use-debounced.ts';

/** Search text (debounced), status filter and paging of an admin list, and its query. */
export function usePagedList<T>(
  queryKey: (filters: ListFilters) => readonly unknown[],
  fetchPage: (filters: ListFilters) => Promise<Paged<T>>,
) {
  const [search, setSearchText] = useState('');
  const keyword = useDebounced(search, LIMITS.searchDebounceMs);
  const [status, setStatusValue] = useState<AccountStatus | undefined>();
  const { page, size, reset, onPage } = usePaging();
  const [settledKeyword, setSettledKeyword] = useState(keyword);
  if (settledKeyword !== keyword) {
    // a new search starts on the first page
    setSettledKeyword(keyword);
    reset();
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
      reset();
    },
    page,
    size,
    onPage,
  };
}
