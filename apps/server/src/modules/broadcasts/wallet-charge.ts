import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { billingEnabled, release, reserve, reservedFor, settle } from '../billing/index.ts';
import { type BroadcastRow, broadcastRecipients } from './broadcasts.tables.ts';

/**
 * With billing on, a broadcast that starts (created to send now, its scheduled time come, resumed) holds what its
 * recipients still to send cost, less what it holds already; a wallet that cannot cover it throws the
 * `InsufficientFundsError` that names what is missing, and nothing is held. With billing off nothing is held, and
 * a broadcast that held nothing is never charged.
 */
export async function reserveForStart(ctx: AppContext, tx: Tx, broadcast: BroadcastRow) {
  if (!(await billingEnabled(ctx))) return;
  const [open] = await tx
    .select({ cents: sql<number>`coalesce(sum(${broadcastRecipients.priceCents}), 0)`.mapWith(Number) })
    .from(broadcastRecipients)
    .where(
      and(
        eq(broadcastRecipients.broadcastId, broadcast.id),
        inArray(broadcastRecipients.status, ['pending', 'sending']),
      ),
    );
  const held = (await reservedFor(tx, broadcast.workspaceId, broadcast.id))?.cents ?? 0;
  await reserve(ctx, tx, broadcast.workspaceId, broadcast.id, Math.max(0, open!.cents - held));
}

/**
 * A batch's recipients just recorded `sent`: their prices in one ledger row, out of the broadcast's reservation,
 * keyed by the batch's first recipient (a recipient is recorded sent once, so a batch's set is never settled twice).
 */
export async function settleSent(
  ctx: AppContext,
  tx: Tx,
  broadcast: Pick<BroadcastRow, 'id' | 'workspaceId' | 'name'>,
  sent: { id: string; priceCents: number }[],
) {
  const cents = sent.reduce((sum, recipient) => sum + recipient.priceCents, 0);
  if (!sent.length || cents <= 0) return;
  const first = sent.map((recipient) => recipient.id).sort()[0]!;
  await settle(ctx, tx, {
    workspaceId: broadcast.workspaceId,
    broadcastId: broadcast.id,
    cents,
    idempotencyKey: `broadcast:${broadcast.id}:sent:${first}`,
    description: broadcast.name,
    details: { broadcast_id: broadcast.id, recipients: sent.length },
  });
}

/** The broadcast ended (completed, cancelled): what it still holds (skipped, failed, cancelled, unknown) goes back. */
export const releaseRest = (ctx: AppContext, tx: Tx, broadcast: Pick<BroadcastRow, 'id' | 'workspaceId'>) =>
  release(ctx, tx, broadcast.workspaceId, broadcast.id);
