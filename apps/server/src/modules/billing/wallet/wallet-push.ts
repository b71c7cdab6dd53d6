import type { WalletPush } from '@omnichat/contracts';
import type { AppContext } from '../../../context.ts';
import { committedListener } from '../../../platform/modules/define-module.ts';
import type { Audience } from '../../../platform/realtime/socket-hub.ts';

/** at most one `wallet.changed` push per organization in this interval (the last state always goes out) */
const PUSH_INTERVAL_MS = 500;
/** a scope naming no one: only the organization's owners and admins, who alone may see the wallet */
const OWNERS_AND_ADMINS: Audience = { scope: { memberIds: [], teamIds: [] } };

const last = new Map<string, number>();
const pending = new Map<string, { sockets: AppContext['sockets']; data: WalletPush }>();

function flush(workspaceId: string) {
  const next = pending.get(workspaceId);
  if (!next) return;
  pending.delete(workspaceId);
  if (last.size > 10_000) last.clear();
  last.set(workspaceId, Date.now());
  next.sockets.toWorkspace(workspaceId, 'wallet.changed', next.data, OWNERS_AND_ADMINS);
}

/**
 * Pushes the wallet as a committed movement left it (socket `wallet.changed`) to the organization's owners and
 * admins. The movements of one transaction (their listeners run together after its commit) make one push, of the
 * last state; a broadcast charging batch after batch makes at most about two a second, the latest state at the end
 * of the interval. The push carries no transactions: the wallet page reads them again.
 */
export const walletPush = committedListener({
  event: 'wallet.changed',
  name: 'sockets.push',
  handle: ({ workspaceId, data }, { sockets }) => {
    const id = workspaceId!;
    const scheduled = pending.has(id);
    pending.set(id, { sockets, data });
    if (scheduled) return;
    const wait = PUSH_INTERVAL_MS - (Date.now() - (last.get(id) ?? 0));
    if (wait <= 0) queueMicrotask(() => flush(id));
    else setTimeout(() => flush(id), wait).unref?.();
  },
});
