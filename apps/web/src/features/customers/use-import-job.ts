import { type CustomerImport, customerImportSchema } from '@omnichat/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../app/session/use-session.ts';
import { useSocketAction } from '../../app/socket/GeneralSocketProvider.tsx';
import { customerKeys, getImport } from './customers-api.ts';

const finished = (report: CustomerImport | undefined) => report?.status === 'done' || report?.status === 'failed';

/**
 * An import's progress and report: moved at once by the `customer_import.progress` push, polled every 2 s in case
 * a push is missed; once it ends, its full report (with the bad rows) and the customer lists are read again.
 */
export function useImportJob(jobId: string | null, enabled = true) {
  const { workspaceId } = useSession();
  const queryClient = useQueryClient();
  const job = useQuery({
    queryKey: customerKeys.import(workspaceId, jobId ?? ''),
    enabled: enabled && jobId !== null,
    queryFn: () => getImport(jobId!),
    refetchInterval: (query) => (finished(query.state.data) ? false : 2000),
  });
  useSocketAction('customer_import.progress', (message) => {
    const parsed = customerImportSchema.safeParse(message.data);
    if (!parsed.success || parsed.data.job_id !== jobId) return;
    const data = parsed.data;
    queryClient.setQueryData<CustomerImport>(customerKeys.import(workspaceId, data.job_id), (current) => ({
      ...data,
      errors: current?.errors ?? [],
    }));
    if (finished(data)) {
      void queryClient.invalidateQueries({ queryKey: customerKeys.import(workspaceId, data.job_id) });
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['customer-tags'] });
      void queryClient.invalidateQueries({ queryKey: ['customer-imports'] });
    }
  });
  return job;
}
