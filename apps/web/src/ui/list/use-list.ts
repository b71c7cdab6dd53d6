import { LIMITS, type PageInfo } from '@omnichat/contracts';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebounced } from '../use-debounced.ts';

export const PAGE_SIZES = [10, 20, 50, 100];
export type SortOrder = 'asc' | 'desc';
export interface Sorting {
  /** a column key the server sorts by */
  sort: string;
  order: SortOrder;
}

/** What a list asks the server for: page, size, the settled search text, its filters and sorting. */
export interface ListParams<F> {
  page: number;
  size: number;
  keyword: string;
  filters: F;
  sort?: string;
  order?: SortOrder;
}

export interface ListPage<T> {
  items: T[];
  page: PageInfo | undefined;
}

interface ListOptions<T, F> {
  queryKey: (params: ListParams<F>) => QueryKey;
  fetchPage: (params: ListParams<F>) => Promise<ListPage<T>>;
  /** the filters' first values */
  filters: F;
  size?: number;
}

/**
 * The state of a server-paged list page: search text settled after SPEC 9's 500 ms, filters, sorting, page and
 * size, and its query. Any change of what is shown starts again at the first page.
 */
export function useList<T, F extends object>(options: ListOptions<T, F>) {
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim(), LIMITS.searchDebounceMs);
  const [filters, setFilters] = useState(options.filters);
  const [sorting, setSortingState] = useState<Sorting | undefined>();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(options.size ?? PAGE_SIZES[0]!);
  const [settledKeyword, setSettledKeyword] = useState(keyword);
  if (settledKeyword !== keyword) {
    setSettledKeyword(keyword);
    setPage(1);
  }

  const params: ListParams<F> = { page, size, keyword, filters, ...sorting };
  const query = useQuery({
    queryKey: options.queryKey(params),
    queryFn: () => options.fetchPage(params),
    placeholderData: keepPreviousData,
  });
  const items = query.data?.items ?? [];

  return {
    query,
    items,
    pageInfo: query.data?.page,
    search,
    setSearch,
    filters,
    setFilter: <K extends keyof F>(name: K, value: F[K]) => {
      setFilters((current) => ({ ...current, [name]: value }));
      setPage(1);
    },
    sorting,
    setSorting: (next: Sorting | undefined) => {
      setSortingState(next);
      setPage(1);
    },
    page,
    size,
    onPage: (nextPage: number, nextSize: number) => {
      setPage(nextSize === size ? nextPage : 1);
      setSize(nextSize);
    },
    /** Called after a row was deleted: the last row of a later page is gone, so show the page before it. */
    removedOne: () => {
      if (items.length === 1 && page > 1) setPage(page - 1);
    },
  };
}

/** What a list view reads and drives of a list's state, whatever its filters. */
export type ListState<T> = Pick<
  ReturnType<typeof useList<T, object>>,
  'query' | 'items' | 'pageInfo' | 'search' | 'setSearch' | 'sorting' | 'setSorting' | 'page' | 'size' | 'onPage'
>;
