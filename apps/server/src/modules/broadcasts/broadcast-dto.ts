import type { Broadcast, BroadcastProgress, BroadcastRecipient } from '@omnichat/contracts';
import { inArray } from 'drizzle-orm';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { Tx } from '../../platform/db/database.ts';
import { type BroadcastRecipientRow, type BroadcastRow, broadcastCounts } from './broadcasts.tables.ts';

const EMPTY: BroadcastProgress = {
  total: 0,
  pending: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  replied: 0,
  failed: 0,
  skipped: 0,
  unknown: 0,
  cancelled: 0,
};

/**
 * The progress of broadcasts from their counters (a few rows each). Counts are by current status, so pending + sent +
 * delivered + read + failed + skipped + unknown + cancelled = total; `replied` overlaps them; a recipient being sent
 * (`sending`) counts as pending.
 */
export async function progressOf(tx: Tx, ids: string[]): Promise<Map<string, BroadcastProgress>> {
  const found = new Map<string, BroadcastProgress>(ids.map((id) => [id, { ...EMPTY }]));
  if (!ids.length) return found;
  const rows = await tx.select().from(broadcastCounts).where(inArray(broadcastCounts.broadcastId, ids));
  for (const row of rows) {
    const progress = found.get(row.broadcastId)!;
    const key = row.status === 'sending' ? 'pending' : row.status;
    if (key in progress) progress[key as keyof BroadcastProgress] += row.count;
  }
  return found;
}

export const toDto = (row: BroadcastRow, progress: BroadcastProgress = { ...EMPTY }): Broadcast => ({
  id: row.id,
  name: row.name,
  channel_id: row.channelId,
  template_id: row.templateId,
  template_name: row.templateName,
  template_language: row.templateLanguage,
  template_category: row.templateCategory,
  parameters: row.parameters.map((p) => ({ ...p })),
  audience: row.audience,
  status: row.status,
  status_reason: row.statusReason,
  send_at: toUnixSeconds(row.sendAt),
  started_at: row.startedAt ? toUnixSeconds(row.startedAt) : null,
  completed_at: row.completedAt ? toUnixSeconds(row.completedAt) : null,
  estimated_cost_cents: row.estimatedCostCents,
  progress,
  created_at: toUnixSeconds(row.createdAt),
  updated_at: toUnixSeconds(row.updatedAt),
});

export const toRecipientDto = (row: BroadcastRecipientRow): BroadcastRecipient => ({
  id: row.id,
  customer_id: row.customerId,
  phone: row.phone,
  status: row.status === 'sending' ? 'pending' : row.status,
  external_id: row.externalId,
  error_code: row.errorCode,
  error_title: row.errorTitle,
  skip_reason: row.skipReason,
  price_cents: row.priceCents,
  sent_at: row.sentAt ? toUnixSeconds(row.sentAt) : null,
  replied_at: row.repliedAt ? toUnixSeconds(row.repliedAt) : null,
  updated_at: toUnixSeconds(row.updatedAt),
});
