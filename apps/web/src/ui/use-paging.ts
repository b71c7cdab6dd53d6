import { useState } from 'react';
import { PAGE_SIZE } from './PagedTable.tsx';

/** Page and page size of a server-paged list; a new page size starts again at the first page. */
export function usePaging(initialSize = PAGE_SIZE) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(initialSize);
  return {
    page,
    size,
    /** Back to the first page, e.g. after a filter changed. */
    reset: () => setPage(1),
    onPage: (nextPage: number, nextSize: number) => {
      setPage(nextSize === size ? nextPage : 1);
      setSize(nextSize);
    },
  };
}
