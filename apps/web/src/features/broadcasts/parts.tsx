import type { Broadcast, BroadcastProgress, BroadcastStatus } from '@omnichat/contracts';
import { broadcastProgressPushSchema } from '@omnichat/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/use-session.ts';
import { useSocketAction } from '../../app/socket/index.ts';
import type { ListPage } from '../../ui/list/use-list.ts';
import { broadcastKeys } from './broadcasts-api.ts';

const STATUS_COLORS: Record<BroadcastStatus, string> = {
  scheduled: 'blue',
  sending: 'processing',
  paused: 'orange',
  completed: 'green',
  cancelled: 'default',
  failed: 'red',
};

export function BroadcastStatusTag({ status }: { status: BroadcastStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`broadcasts.status.${status}`)}</Tag>;
}

/** Recipients no longer waiting: sent (and on), failed, skipped, unknown or cancelled. */
export const doneOf = (progress: BroadcastProgress) => Math.max(0, progress.total - progress.pending);

export function BroadcastProgressBar({ progress, size = 'small' }: { progress: BroadcastProgress; size?: 'small' }) {
  const { t } = useTranslation();
  const done = doneOf(progress);
  const percent = progress.total ? Math.round((done / progress.total) * 100) : 0;
  const reached = progress.delivered + progress.read;
  const label = t('broadcasts.progressLabel', { done, total: progress.total });
  return (
    <div style={{ minWidth: 120 }}>
      <Progress
        percent={percent}
        success={{ percent: progress.total ? Math.round((reached / progress.total) * 100) : 0 }}
        size={size}
        showInfo={false}
        status={progress.failed ? 'normal' : undefined}
        aria-label={label}
      />
      <span style={{ fontSize: 12 }} data-testid="broadcast-progress">
        {label}
      </span>
    </div>
  );
}

/** Writes a pushed status and counts into the cached broadcast and list pages: no refetch per push. */
function applyPush(
  queryClient: QueryClient,
  workspaceId: string | null,
  push: Pick<Broadcast, 'id' | 'status' | 'status_reason' | 'progress'>,
) {
  const patch = (broadcast: Broadcast) =>
    broadcast.id === push.id
      ? { ...broadcast, status: push.status, status_reason: push.status_reason, progress: push.progress }
      : broadcast;
  queryClient.setQueryData<Broadcast>(broadcastKeys.detail(workspaceId, push.id), (current) =>
    current ? patch(current) : current,
  );
  queryClient.setQueriesData<ListPage<Broadcast>>({ queryKey: broadcastKeys.lists(workspaceId) }, (current) =>
    current ? { ...current, items: current.items.map(patch) } : current,
  );
}

/** Follows the `broadcast.progress` push; `onPush` runs after the cache moved (e.g. to refetch recipients). */
export function useBroadcastPushes(onPush?: (id: string) => void) {
  const queryClient = useQueryClient();
  const { workspaceId } = useSession();
  useSocketAction('broadcast.progress', (message) => {
    const push = broadcastProgressPushSchema.safeParse(message.data);
    if (!push.success) return;
    applyPush(queryClient, workspaceId, push.data);
    onPush?.(push.data.id);
  });
}
