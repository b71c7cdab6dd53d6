import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../../platform/db/arrays.ts';
import type { Database, Tx } from '../../../platform/db/database.ts';
import { webhookDeliveries } from './webhook.tables.ts';

/** A signed delivery waiting to be stored, and its request waiting for the commit. */
interface Pending {
  workspaceId: string;
  channelId: string;
  /** the bytes Meta sent, as text (already checked to be JSON) */
  body: string;
  stored: () => void;
  failed: (error: unknown) => void;
}

/** The most deliveries one write stores; more wait for the next. */
const MAX_BATCH = 1_000;

export interface DeliveryWriter {
  /** Resolves once the delivery and its channel's job are committed. */
  store(workspaceId: string, channelId: string, body: string): Promise<void>;
}

/**
 * Webhook deliveries stored by group commit: one write is on its way at a time, and what arrives meanwhile goes
 * into the next, one statement and one commit for all of them, whatever their organization. A delivery on a quiet
 * channel is written at once (no timer to wait out); under load the writes grow with it instead of their number,
 * so the commits per second, which bound the rate on PostgreSQL, stay few. Each request is answered after the
 * commit that holds its delivery; a failed write fails the requests it held, and Meta sends them again.
 */
export function createDeliveryWriter(
  database: Database,
  /** queues each channel's job in the write's transaction */
  enqueue: (tx: Tx, channels: { channelId: string; workspaceId: string }[]) => Promise<unknown>,
): DeliveryWriter {
  let pending: Pending[] = [];
  let writing = false;

  async function write(batch: Pending[]) {
    const channels = new Map(batch.map((item) => [item.channelId, item.workspaceId]));
    await database.unsafeCrossTenant('webhook deliveries of several organizations are stored together', async (tx) => {
      // three array parameters, whatever the count: one statement, one plan
      await tx.execute(sql`insert into ${webhookDeliveries} (workspace_id, channel_id, body)
        select workspace_id, channel_id, body::jsonb from unnest(
          ${arrayLiteral(batch.map((item) => item.workspaceId))}::uuid[],
          ${arrayLiteral(batch.map((item) => item.channelId))}::uuid[],
          ${arrayLiteral(batch.map((item) => item.body))}::text[]
        ) with ordinality as delivery(workspace_id, channel_id, body, position) order by position`);
      await enqueue(
        tx,
        [...channels].map(([channelId, workspaceId]) => ({ channelId, workspaceId })),
      );
    });
  }

  async function drain() {
    writing = true;
    while (pending.length) {
      const batch = pending.slice(0, MAX_BATCH);
      pending = pending.slice(batch.length);
      try {
        await write(batch);
        for (const item of batch) item.stored();
      } catch (error) {
        for (const item of batch) item.failed(error);
      }
    }
    writing = false;
  }

  return {
    store(workspaceId, channelId, body) {
      return new Promise<void>((stored, failed) => {
        pending.push({ workspaceId, channelId, body, stored, failed });
        if (!writing) void drain();
      });
    },
  };
}
