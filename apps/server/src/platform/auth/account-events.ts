import type { Tx } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { SocketHub } from '../realtime/socket-hub.ts';

/** Announces, inside the transaction that bumped it, that `account`'s older tokens no longer work. */
export const revokeTokens = (
  events: EventBus,
  tx: Tx,
  kind: 'user' | 'admin',
  account: { id: string; tokenVersion: number },
) =>
  events.emit(
    tx,
    'account.tokens_revoked',
    { kind, account_id: account.id, token_version: account.tokenVersion },
    null,
  );

/** The platform's own reactions to account events: sockets opened with a revoked token close (4401). */
export function registerAccountListeners(events: EventBus, sockets: SocketHub) {
  events.onCommitted('account.tokens_revoked', 'sockets.revoke', ({ data }) =>
    sockets.authority.revoke(data.kind, data.account_id, data.token_version),
  );
}
