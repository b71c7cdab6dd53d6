import type { QueryKey } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useList } from '../../ui/list/use-list.ts';
import { Text } from '../../ui/text.tsx';
import type { AccountStatus, ListFilters, Paged } from './admin-api.ts';

/** An admin list's state: search, the account status filter (where the list has one) and paging. */
export function useAdminList<T>(
  queryKey: (filters: ListFilters) => QueryKey,
  fetchPage: (filters: ListFilters) => Promise<Paged<T>>,
) {
  return useList<T, { status?: AccountStatus }>({
    queryKey: ({ filters, ...params }) => queryKey({ ...params, ...filters }),
    fetchPage: ({ filters, ...params }) => fetchPage({ ...params, ...filters }),
    filters: {},
  });
}

/** A person in an admin list: display name over username. */
export function PersonCell({ name, username }: { name: string; username: string }) {
  return (
    <Flex vertical>
      <Text strong>{name}</Text>
      <Text secondary>{username}</Text>
    </Flex>
  );
}
