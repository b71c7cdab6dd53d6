import type { Tx } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import { type CommittedListenerDefinition, committedListener } from '../modules/define-module.ts';

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
export const accountListeners: CommittedListenerDefinition[] = [
  committedListener({
    event: 'account.tokens_revoked',
    name: 'sockets.revoke',
    handle: ({ data }, { sockets }) => sockets.authority.revoke(data.kind, data.account_id, data.token_version),
  }),
];
