import { and, eq } from 'drizzle-orm';
import { firstText, idOf, objectOf } from '../../integrations/meta/read-json.ts';
import type { MetaFieldHandler } from '../../platform/modules/hooks.ts';
import { categoryOf, statusOf } from './meta-shapes.ts';
import { type TemplateRow, whatsappTemplates } from './templates.tables.ts';

/**
 * Meta's template webhooks on a WhatsApp channel: `message_template_status_update` (event, reason),
 * `message_template_quality_update` (new_quality_score) and `template_category_update` (new_category). The template
 * is found by Meta's id (read exactly: the delivery is parsed keeping long numbers as their digits), else by name
 * and language.
 */
type Change = (value: Record<string, unknown>) => Partial<typeof whatsappTemplates.$inferInsert> | null;

function fieldHandler(change: Change): MetaFieldHandler {
  return async (tx, channel, parts, { events }) => {
    const problems = [];
    const changed = new Map<string, TemplateRow['status']>();
    for (const part of parts) {
      const value = objectOf(part.value);
      const set = change(value);
      const externalId = idOf(value.message_template_id);
      const name = firstText(value.message_template_name);
      const language = firstText(value.message_template_language);
      if (!set || (!externalId && !(name && language))) {
        problems.push({ deliveryId: part.deliveryId, problem: `${part.place}: not a template change` });
        continue;
      }
      const byId = externalId ? eq(whatsappTemplates.externalId, externalId) : undefined;
      let updated = await tx
        .update(whatsappTemplates)
        .set({ ...set, updatedAt: new Date() })
        .where(
          and(
            eq(whatsappTemplates.channelId, channel.id),
            byId ?? and(eq(whatsappTemplates.name, name!), eq(whatsappTemplates.language, language!)),
          ),
        )
        .returning({ id: whatsappTemplates.id, status: whatsappTemplates.status });
      if (!updated.length && externalId && name && language)
        updated = await tx
          .update(whatsappTemplates)
          .set({ ...set, externalId, updatedAt: new Date() })
          .where(
            and(
              eq(whatsappTemplates.channelId, channel.id),
              eq(whatsappTemplates.name, name),
              eq(whatsappTemplates.language, language),
            ),
          )
          .returning({ id: whatsappTemplates.id, status: whatsappTemplates.status });
      for (const row of updated) changed.set(row.id, row.status);
    }
    // announced last: the lists of those who read templates refetch once this commits
    for (const [id, status] of changed)
      await events.emit(tx, 'template.changed', { id, channel_id: channel.id, status }, channel.workspaceId);
    return problems;
  };
}

const statusUpdate = fieldHandler((value) => {
  const event = firstText(value.event);
  if (!event) return null;
  const status = statusOf(event);
  const reason = firstText(value.reason);
  return { status, rejectedReason: status === 'rejected' && reason && reason !== 'NONE' ? reason : null };
});

const qualityUpdate = fieldHandler((value) => {
  const quality = firstText(value.new_quality_score);
  return quality ? { quality } : null;
});

const categoryUpdate = fieldHandler((value) => {
  const category = firstText(value.new_category, value.correct_category);
  return category ? { category: categoryOf(category) } : null;
});

export const templateFields = {
  message_template_status_update: statusUpdate,
  message_template_quality_update: qualityUpdate,
  template_category_update: categoryUpdate,
};
