import type { Broadcast } from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { progressOf } from './broadcast-dto.ts';
import { broadcasts } from './broadcasts.tables.ts';

/** at most one `broadcast.progress` push per broadcast in this interval (the last change always goes out) */
const PUSH_INTERVAL_MS = 500;
const last = new Map<string, number>();
const trailing = new Map<string, ReturnType<typeof setTimeout>>();

type Pushed = Pick<Broadcast, 'id' | 'status' | 'status_reason' | 'progress'>;

function send(ctx: AppContext, workspaceId: string, pushed: Pushed) {
  last.set(pushed.id, Date.now());
  if (last.size > 10_000) last.clear();
  ctx.sockets.toWorkspace(
    workspaceId,
    'broadcast.progress',
    { id: pushed.id, status: pushed.status, status_reason: pushed.status_reason, progress: pushed.progress },
    { permission: 'broadcast_read' },
  );
}

/** Reads a broadcast's status and counts (for a push). */
export async function pushedOf(tx: Tx, id: string): Promise<Pushed | null> {
  const [row] = await tx
    .select({ id: broadcasts.id, status: broadcasts.status, reason: broadcasts.statusReason })
    .from(broadcasts)
    .where(eq(broadcasts.id, id));
  if (!row) return null;
  return { id: row.id, status: row.status, status_reason: row.reason, progress: (await progressOf(tx, [id])).get(id)! };
}

/** A broadcast's state changed by a member (pause, resume, cancel): pushed at once. */
export function pushProgress(ctx: AppContext, workspaceId: string, data: Pushed) {
  clearTimeout(trailing.get(data.id));
  trailing.delete(data.id);
  send(ctx, workspaceId, data);
}

/**
 * Pushes the status and counts of broadcasts that moved to the members with broadcast_read (socket
 * `broadcast.progress`), at most about twice a second per broadcast and process: a change inside the interval is
 * pushed once at its end, read afresh then; nothing is read for a change the throttle holds back.
 */
export async function announceProgress(ctx: AppContext, workspaceId: string, ids: Iterable<string>) {
  for (const id of new Set(ids)) {
    const read = () => ctx.database.withWorkspace(workspaceId, (tx) => pushedOf(tx, id));
    const since = Date.now() - (last.get(id) ?? 0);
    if (since >= PUSH_INTERVAL_MS && !trailing.has(id)) {
      const fresh = await read();
      if (fresh) send(ctx, workspaceId, fresh);
      continue;
    }
    if (trailing.has(id)) continue;
    const timer = setTimeout(
      () => {
        trailing.delete(id);
        read().then(
          (fresh) => fresh && send(ctx, workspaceId, fresh),
          () => undefined,
        );
      },
      Math.max(0, PUSH_INTERVAL_MS - since),
    );
    timer.unref?.();
    trailing.set(id, timer);
  }
}
