import type { ExecutionStatus } from '@omnichat/contracts';
import { useMemberPermissions } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';

export { useDateTime } from '../../ui/use-date-time.ts';

export const WORKFLOWS_PATH = '/app/workflow';

/** Whether the member may create, change and run workflows. */
export function useCanWriteWorkflows() {
  const { member, isAdmin } = useSession();
  const permissions = useMemberPermissions();
  return isAdmin || (permissions.data ?? member?.permissions ?? []).includes('workflow_write');
}

/** The antd tag colour of a run's or a step's status. */
export const STATUS_COLOURS: Record<string, string> = {
  succeeded: 'green',
  failed: 'red',
  waiting: 'gold',
  running: 'blue',
  cancelled: 'default',
  skipped: 'default',
};

export const isLive = (status: ExecutionStatus) => status === 'running' || status === 'waiting';
