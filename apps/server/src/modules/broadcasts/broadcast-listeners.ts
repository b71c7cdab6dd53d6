import { sql } from 'drizzle-orm';
import { durableListener } from '../../platform/modules/define-module.ts';
import { broadcastRecipients } from './broadcasts.tables.ts';
import { announceProgress } from './progress-push.ts';

const RANK = { sent: 1, delivered: 2, read: 3, failed: 1 } as const;

/**
 * WhatsApp statuses of sends the conversations do not hold: a broadcast recipient's by Meta's id (an index on
 * `external_id`), forward only (sent < delivered < read; failed replaces only sent), in one statement per delivery.
 */
export const broadcastStatusesListener = durableListener({
  event: 'whatsapp.statuses_unmatched',
  name: 'broadcast-recipient-statuses',
  handle: ({ data }, job) =>
    job
      .inWorkspace(async (tx) => {
        // one status per message: the furthest a delivery tells
        const furthest = new Map<string, (typeof data.statuses)[number]>();
        for (const status of data.statuses) {
          const known = furthest.get(status.external_id);
          if (!known || RANK[status.status] > RANK[known.status]) furthest.set(status.external_id, status);
        }
        const moved = (await tx.execute(sql`
        update ${broadcastRecipients} r set
          status = v.status,
          error_code = case when v.status = 'failed' then v.error_code else r.error_code end,
          error_title = case when v.status = 'failed' then v.error_title else r.error_title end,
          updated_at = now()
        from jsonb_to_recordset(${JSON.stringify([...furthest.values()])}::jsonb)
          as v(external_id text, status text, error_code text, error_title text)
        where r.external_id = v.external_id
          and (case r.status when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 when 'unknown' then 0
            else 9 end) < (case v.status when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 1.5 end)
        returning r.broadcast_id`)) as unknown as { rows: { broadcast_id: string }[] };
        return moved.rows.map((row) => row.broadcast_id);
      })
      .then((ids) => announceProgress(job.app, job.workspaceId!, ids)),
});

/** How long after their broadcast message a customer's message counts as a reply. */
const REPLY_WINDOW = '72 hours';

/**
 * A customer's WhatsApp message within 72 hours of their broadcast message marks that recipient replied. Only
 * inbound WhatsApp messages make a job (`wants`, no query on the webhook's path); the handler's update finds the
 * customer's unreplied sends by a partial index.
 */
export const broadcastRepliedListener = durableListener({
  event: 'message.stored',
  name: 'broadcast-replied',
  wants: ({ message, conversation }) => message.direction === 'inbound' && conversation.channel_type === 'whatsapp',
  handle: ({ data }, job) =>
    job
      .inWorkspace(async (tx) => {
        const at = new Date(data.message.created_at * 1000).toISOString();
        const replied = (await tx.execute(sql`
        update ${broadcastRecipients} set replied_at = ${at}::timestamptz, updated_at = now()
        where customer_id = ${data.conversation.customer_id} and replied_at is null and sent_at is not null
          and sent_at < ${at}::timestamptz + interval '1 second'
          and sent_at > ${at}::timestamptz - ${REPLY_WINDOW}::interval
          and status in ('sent', 'delivered', 'read')
        returning broadcast_id`)) as unknown as { rows: { broadcast_id: string }[] };
        const broadcastIds = replied.rows.map((row) => row.broadcast_id);
        if (broadcastIds.length)
          await job.app.events.emit(
            tx,
            'broadcast.replied',
            {
              broadcast_ids: broadcastIds,
              conversation: data.conversation,
              message_id: data.message.id,
              message_text: data.message.text,
            },
            job.workspaceId,
          );
        return broadcastIds;
      })
      .then((ids) => announceProgress(job.app, job.workspaceId!, ids)),
});
