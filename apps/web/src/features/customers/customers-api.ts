import {
  type BulkTagsBody,
  type CreateCustomerBody,
  type CustomerListQuery,
  customerEndpoints,
  customerFieldEndpoints,
  customerHistoryEndpoints,
  customerImportEndpoints,
  customerTagEndpoints,
  type ImportOptions,
  type UpdateCustomerBody,
} from '@omnichat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http/index.ts';
import type { ListPage, ListParams } from '../../ui/list/use-list.ts';

export interface CustomerFilters {
  tags: string[];
  tagMode: 'any' | 'all';
  /** custom field key → the values any of which a customer holds */
  custom: Record<string, (string | boolean)[]>;
}

export const customerKeys = {
  all: ['customers'] as const,
  list: (workspaceId: string | null, params: ListParams<CustomerFilters>) =>
    ['customers', workspaceId, 'list', params] as const,
  detail: (workspaceId: string | null, id: string) => ['customers', workspaceId, 'detail', id] as const,
  timeline: (workspaceId: string | null, id: string) => ['customers', workspaceId, 'timeline', id] as const,
  tags: (workspaceId: string | null) => ['customer-tags', workspaceId] as const,
  fields: (workspaceId: string | null) => ['customer-fields', workspaceId] as const,
  import: (workspaceId: string | null, id: string) => ['customer-import', workspaceId, id] as const,
  imports: (workspaceId: string | null, page: number) => ['customer-imports', workspaceId, page] as const,
};

/** The list's filters as the API reads them (also the "all matching" of bulk tagging and export). */
export const filterOf = ({ keyword, filters }: Pick<ListParams<CustomerFilters>, 'keyword' | 'filters'>) => {
  const custom = Object.entries(filters.custom).filter(([, values]) => values.length > 0);
  return {
    keyword: keyword || undefined,
    tags: filters.tags.length ? filters.tags.join(',') : undefined,
    tag_mode: filters.tagMode,
    custom_fields: custom.length ? JSON.stringify(Object.fromEntries(custom)) : undefined,
  };
};

/** GET /v1/customers: the page, sorted on the server (`asc` as the contract names it). */
export async function listCustomers(params: ListParams<CustomerFilters>) {
  const { data, page } = await http.callEnvelope(customerEndpoints.list, {
    query: {
      ...filterOf(params),
      page: params.page,
      size: params.size,
      sort: params.sort as CustomerListQuery['sort'],
      asc: params.order ? (String(params.order === 'asc') as 'true' | 'false') : undefined,
    },
  });
  return { items: data, page } satisfies ListPage<(typeof data)[number]>;
}

export const getCustomer = (id: string) => http.call(customerEndpoints.get, { params: { id } });

export function useCustomerTags(workspaceId: string | null) {
  return useQuery({ queryKey: customerKeys.tags(workspaceId), queryFn: () => http.call(customerTagEndpoints.list) });
}

export function useCustomerFields(workspaceId: string | null) {
  return useQuery({
    queryKey: customerKeys.fields(workspaceId),
    queryFn: () => http.call(customerFieldEndpoints.list),
  });
}

/** Every customer query and the tag counts are stale after a change to customers. */
function useInvalidateCustomers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: customerKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['customer-tags'] }),
    ]);
}

/** Creates a customer, or changes the one with `id` (fields left out stay; tag_ids replaces the tags). */
export function useSaveCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateCustomerBody }) =>
      id
        ? http.call(customerEndpoints.update, { params: { id }, body, inlineFields: true })
        : http.call(customerEndpoints.create, { body, inlineFields: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (id: string) => http.call(customerEndpoints.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** Adds and removes tags on chosen customers, or on all matching a filter. */
export function useBulkTags() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (body: BulkTagsBody) => http.call(customerEndpoints.bulkTags, { body }),
    onSuccess: invalidate,
  });
}

export function useCreateTag(workspaceId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => http.call(customerTagEndpoints.create, { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.tags(workspaceId) }),
  });
}

/** Merges `others` into `survivorId` (one after another, in one request), with the chosen surviving values. */
export function useMergeCustomers() {
  const invalidate = useInvalidateCustomers();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      survivorId,
      others,
      values,
    }: {
      survivorId: string;
      others: string[];
      values: UpdateCustomerBody;
    }) =>
      http.call(customerHistoryEndpoints.merge, {
        params: { id: survivorId },
        body: others.length === 1 ? { other_id: others[0], values } : { other_ids: others, values },
      }),
    onSuccess: async () => {
      await invalidate();
      await queryClient.invalidateQueries({ queryKey: ['customer-duplicates'] });
    },
  });
}

/** The organization's past imports, newest first, a page at a time. */
export const listImports = (page: number, size: number) =>
  http.callEnvelope(customerImportEndpoints.recent, { query: { page, size } });

export const getTimeline = (id: string) =>
  http.callEnvelope(customerHistoryEndpoints.timeline, { params: { id }, query: { page: 1, size: 50 } });

/** Uploads a file with its options; the import runs in the background (follow it with `getImport`). */
export function startImport(file: File, options: ImportOptions) {
  const form = new FormData();
  form.append('options', JSON.stringify(options));
  form.append('file', file, file.name);
  return http.call(customerImportEndpoints.start, { form });
}

export const getImport = (jobId: string) =>
  http.call(customerImportEndpoints.status, { params: { job_id: jobId }, silent: true });

/** Saves a file the server answers under `name` (the browser's download). */
export async function saveDownload(path: string, query: Record<string, string | undefined>, name: string) {
  const blob = await http.download(path, query);
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
