import { z } from 'zod';
import type { Tx } from '../db/database.ts';
import { defineEvents, type EventsOf } from '../events/catalogue.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { SocketHub } from '../realtime/socket-hub.ts';

export const accountEvents = defineEvents({
  /** an account's tokens older than `token_version` stopped working: logout, password change or reset, deactivation */
  'account.tokens_revoked': z.object({
    kind: z.enum(['user', 'admin']),
    account_id: z.uuid(),
    token_version: z.number().int(),
  }),
});
declare module '../events/catalogue.ts' {
  interface DomainEvents extends EventsOf<typeof accountEvents> {}
}

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
