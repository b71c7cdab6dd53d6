import {
  type Execution,
  type ExecutionStatus,
  type WorkflowBody,
  type WorkflowRunBody,
  type WorkflowSummary,
  type WorkflowTestBody,
  workflowEndpoints,
  workflowExecutionEndpoints,
} from '@omnichat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http/index.ts';
import type { ListPage, ListParams } from '../../ui/list/use-list.ts';
import { isLive } from './parts.tsx';

export const workflowKeys = {
  all: ['workflows'] as const,
  list: (workspaceId: string | null, params: unknown) => ['workflows', workspaceId, 'list', params] as const,
  one: (workspaceId: string | null, id: string) => ['workflows', workspaceId, 'one', id] as const,
  executions: (workspaceId: string | null, params: unknown) =>
    ['workflows', workspaceId, 'executions', params] as const,
  execution: (workspaceId: string | null, id: string) => ['workflows', workspaceId, 'execution', id] as const,
  scheduled: (workspaceId: string | null) => ['workflows', workspaceId, 'scheduled'] as const,
  options: (workspaceId: string | null, kind: string) => ['workflows', workspaceId, 'options', kind] as const,
};

export async function listWorkflows({
  page: at,
  size,
  keyword,
}: ListParams<object>): Promise<ListPage<WorkflowSummary>> {
  const { data, page } = await http.callEnvelope(workflowEndpoints.list, {
    query: { page: at, size, keyword: keyword || undefined },
  });
  return { items: data, page };
}

export interface HistoryFilters {
  workflow_id?: string;
  status?: ExecutionStatus;
  /** unix seconds */
  from?: number;
  to?: number;
}

export async function listExecutions({
  page: at,
  size,
  filters,
}: ListParams<HistoryFilters>): Promise<ListPage<Execution>> {
  const { data, page } = await http.callEnvelope(workflowExecutionEndpoints.list, {
    query: { page: at, size, ...filters },
    silent: true,
  });
  return { items: data, page };
}

export function useWorkflow(workspaceId: string | null, id: string | null) {
  return useQuery({
    queryKey: workflowKeys.one(workspaceId, id ?? ''),
    queryFn: () => http.call(workflowEndpoints.get, { params: { id: id ?? '' } }),
    enabled: id !== null,
  });
}

/** The first 100 workflows, for the history's filter. */
export function useWorkflowNames(workspaceId: string | null) {
  return useQuery({
    queryKey: workflowKeys.list(workspaceId, 'names'),
    queryFn: () => http.call(workflowEndpoints.list, { query: { page: 1, size: 100 }, silent: true }),
  });
}

/** Create or replace a workflow (each save is a new version); errors are left to the editor. */
export function useSaveWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: WorkflowBody }) =>
      id
        ? http.call(workflowEndpoints.update, { params: { id }, body, silent: true })
        : http.call(workflowEndpoints.create, { body, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}

export function useWorkflowActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: workflowKeys.all });
  const setActive = useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      http.call(workflowEndpoints.setActive, { params: { id }, body: { active } }),
    onSettled: refresh,
  });
  const duplicate = useMutation({
    mutationFn: (id: string) => http.call(workflowEndpoints.duplicate, { params: { id } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => http.call(workflowEndpoints.remove, { params: { id }, silent: true }),
    onSuccess: refresh,
  });
  return { setActive, duplicate, remove };
}

/** Runs a manual-trigger workflow for chosen customers. */
export function useManualRun(id: string) {
  return useMutation({
    mutationFn: (body: WorkflowRunBody) => http.call(workflowEndpoints.run, { params: { id }, body, silent: true }),
  });
}

/** A test run of the editor's graph: nothing is sent. */
export function useTestRun(id: string) {
  return useMutation({
    mutationFn: (body: WorkflowTestBody) => http.call(workflowEndpoints.test, { params: { id }, body, silent: true }),
  });
}

/** One run with its steps; refreshed every 3 s while it runs or waits. */
export function useExecution(workspaceId: string | null, id: string) {
  return useQuery({
    queryKey: workflowKeys.execution(workspaceId, id),
    queryFn: () => http.call(workflowExecutionEndpoints.get, { params: { id } }),
    refetchInterval: (query) => (query.state.data && isLive(query.state.data.status) ? 3000 : false),
  });
}

export function useExecutionActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: workflowKeys.all });
  const retry = useMutation({
    mutationFn: (id: string) => http.call(workflowExecutionEndpoints.retry, { params: { id }, silent: true }),
    onSuccess: refresh,
  });
  const cancel = useMutation({
    mutationFn: (id: string) => http.call(workflowExecutionEndpoints.cancel, { params: { id }, silent: true }),
    onSuccess: refresh,
  });
  return { retry, cancel };
}

export function useScheduledRuns(workspaceId: string | null) {
  return useQuery({
    queryKey: workflowKeys.scheduled(workspaceId),
    queryFn: () => http.call(workflowExecutionEndpoints.scheduled),
  });
}

export function useCancelScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.call(workflowExecutionEndpoints.cancelScheduled, { params: { id }, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
