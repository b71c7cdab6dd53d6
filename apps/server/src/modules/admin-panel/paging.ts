import type { PageInfo } from '@omnichat/contracts';

export const pageInfo = (page: number, size: number, total: number): PageInfo => ({
  page,
  size,
  total,
  total_pages: Math.ceil(total / size),
});

/** A keyword as an ILIKE pattern that matches it literally anywhere. */
export const containing = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
