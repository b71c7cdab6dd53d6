import {
  type Broadcast,
  type BroadcastBody,
  type BroadcastRecipient,
  type BroadcastStatus,
  broadcastEndpoints,
  customerEndpoints,
  customerTagEndpoints,
} from '@omnichat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http/index.ts';
import type { ListPage, ListParams } from '../../ui/list/use-list.ts';
import { saveDownload } from '../customers/index.ts';

export interface BroadcastFilters {
  status?: BroadcastStatus;
}
export interface JobFilters {
  status: 'pending' | 'processed';
}

export const broadcastKeys = {
  all: ['broadcasts'] as const,
  list: (workspaceId: string | null, params: unknown) => ['broadcasts', workspaceId, 'list', params] as const,
  lists: (workspaceId: string | null) => ['broadcasts', workspaceId, 'list'] as const,
  detail: (workspaceId: string | null, id: string) => ['broadcasts', workspaceId, 'detail', id] as const,
  jobs: (workspaceId: string | null, id: string, params: unknown) =>
    ['broadcasts', workspaceId, 'jobs', id, params] as const,
  tags: (workspaceId: string | null) => ['customer-tags', workspaceId] as const,
};

export async function listBroadcasts({
  page: at,
  size,
  filters,
}: ListParams<BroadcastFilters>): Promise<ListPage<Broadcast>> {
  const { data, page } = await http.callEnvelope(broadcastEndpoints.list, { query: { page: at, size, ...filters } });
  return { items: data, page };
}

export const listJobs =
  (id: string) =>
  async ({ page: at, size, filters }: ListParams<JobFilters>): Promise<ListPage<BroadcastRecipient>> => {
    const { data, page } = await http.callEnvelope(broadcastEndpoints.jobs, {
      params: { id },
      query: { page: at, size, status: filters.status },
    });
    return { items: data, page };
  };

export function useBroadcast(workspaceId: string | null, id: string) {
  return useQuery({
    queryKey: broadcastKeys.detail(workspaceId, id),
    queryFn: () => http.call(broadcastEndpoints.get, { params: { id } }),
  });
}

export function useCreateBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BroadcastBody) => http.call(broadcastEndpoints.create, { body, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: broadcastKeys.all }),
  });
}

export type BroadcastAction = 'pause' | 'resume' | 'cancel';

export function useBroadcastAction(workspaceId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: BroadcastAction }) =>
      http.call(broadcastEndpoints[action], { params: { id } }),
    onSuccess: (broadcast) => {
      queryClient.setQueryData(broadcastKeys.detail(workspaceId, broadcast.id), broadcast);
      return queryClient.invalidateQueries({ queryKey: broadcastKeys.all });
    },
  });
}

export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, jobId }: { id: string; jobId: string }) =>
      http.call(broadcastEndpoints.cancelJob, { params: { id, job_id: jobId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: broadcastKeys.all }),
  });
}

export function useTags(workspaceId: string | null) {
  return useQuery({ queryKey: broadcastKeys.tags(workspaceId), queryFn: () => http.call(customerTagEndpoints.list) });
}

/** Customers matching a search, as picker options. */
export async function searchCustomers(keyword: string) {
  const { data } = await http.callEnvelope(customerEndpoints.list, {
    query: { keyword: keyword || undefined, page: 1, size: 20 },
  });
  return data.map((customer) => ({
    value: customer.id,
    label: [customer.display_name, customer.whatsapp_id ?? customer.phone].filter(Boolean).join(' · '),
  }));
}

/** Downloads a broadcast's recipients and their results as .csv or .xlsx. */
export const exportResults = (id: string, format: 'csv' | 'xlsx') =>
  saveDownload(`/v1/broadcasts/${id}/export`, { format }, `broadcast-${id.slice(0, 8)}-results.${format}`);
