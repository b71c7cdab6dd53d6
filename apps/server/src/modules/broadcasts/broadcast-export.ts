import { type Locale, translate } from '@omnichat/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { customers } from '../customers/index.ts';
import { broadcastRecipients } from './broadcasts.tables.ts';

const PAGE = 1000;

const HEADER = [
  'broadcast_export_customer',
  'broadcast_export_phone',
  'broadcast_export_status',
  'broadcast_export_skip_reason',
  'broadcast_export_error_code',
  'broadcast_export_error_title',
  'broadcast_export_message_id',
  'broadcast_export_price',
  'broadcast_export_sent_at',
  'broadcast_export_replied_at',
] as const;

const isoTime = (at: Date | null) => (at ? at.toISOString() : '');

/** The export's file name without its extension: the broadcast's name as a slug (else its id's start) and today. */
export function exportName(broadcast: { id: string; name: string }, today: string) {
  const slug = broadcast.name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `broadcast-${slug || broadcast.id.slice(0, 8)}-${today}`;
}

/**
 * A broadcast's results as file rows: the header in the requester's language, then one row per recipient, read a
 * page at a time by keyset on id. `inWorkspace` opens one transaction per page, so a download never holds a
 * transaction while the client is slow to read, and 100,000 recipients are never in memory at once.
 */
export async function* recipientRows(
  inWorkspace: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>,
  broadcastId: string,
  locale: Locale,
): AsyncGenerator<string[]> {
  yield HEADER.map((key) => translate(key, locale));
  let after: string | undefined;
  for (;;) {
    const cursor = after;
    const page = await inWorkspace((tx) =>
      tx
        .select({ recipient: broadcastRecipients, name: customers.displayName })
        .from(broadcastRecipients)
        .leftJoin(customers, eq(customers.id, broadcastRecipients.customerId))
        .where(
          and(
            eq(broadcastRecipients.broadcastId, broadcastId),
            cursor ? gt(broadcastRecipients.id, cursor) : undefined,
          ),
        )
        .orderBy(broadcastRecipients.id)
        .limit(PAGE),
    );
    for (const { recipient: r, name } of page)
      yield [
        name ?? '',
        r.phone ?? '',
        r.status === 'sending' ? 'pending' : r.status,
        r.skipReason ?? '',
        r.errorCode ?? '',
        r.errorTitle ?? '',
        r.externalId ?? '',
        String(r.priceCents),
        isoTime(r.sentAt),
        isoTime(r.repliedAt),
      ];
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.recipient.id;
  }
}
