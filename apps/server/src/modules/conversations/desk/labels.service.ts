import {
  type ConversationLabel,
  type conversationLabelBodySchema,
  LABEL_COLORS,
  LABEL_LIMITS,
  type updateConversationLabelBodySchema,
} from '@omnichat/contracts';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { AppError, fieldError, notFound } from '../../../platform/errors.ts';
import type { EventBus } from '../../../platform/events/event-bus.ts';
import type { ChannelRow } from '../../channels/index.ts';
import { conversationChanged, factsOf } from '../announce.ts';
import { type ConversationRow, conversations } from '../conversations.tables.ts';
import { type Actor, recordActivities } from './activities.ts';
import { conversationLabelLinks, conversationLabels } from './desk.tables.ts';

type LabelBody = z.output<typeof conversationLabelBodySchema>;
type LabelUpdate = z.output<typeof updateConversationLabelBodySchema>;

const asLabel = { id: conversationLabels.id, name: conversationLabels.name, color: conversationLabels.color };
const byName = [sql`lower(${conversationLabels.name})`, asc(conversationLabels.id)];

/** A conversation's labels by name, as a JSON array column of a conversation query. */
export const labelsColumn = sql<ConversationLabel[]>`coalesce((
  select json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color) order by lower(l.name), l.id)
  from ${conversationLabelLinks} k join ${conversationLabels} l on l.id = k.label_id
  where k.conversation_id = ${conversations.id}
), '[]'::json)`;

/** Conversations carrying a label (the list's `label_id`). */
export const carriesLabel = (labelId: string) =>
  sql`exists (select 1 from ${conversationLabelLinks} k
    where k.conversation_id = ${conversations.id} and k.label_id = ${labelId})`;

/** Labels of this organization by id (RLS keeps others' out): any other id is a 400 on `label_ids`. */
async function labelsById(tx: Tx, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = unique.length
    ? await tx.select(asLabel).from(conversationLabels).where(inArray(conversationLabels.id, unique))
    : [];
  if (found.length !== unique.length) throw fieldError('label_ids', 'label_not_found');
  return found;
}

/**
 * Sets a conversation's labels to `ids` (or, with `mode: 'add'`, adds them), with a `labels_changed` activity line
 * naming what was added and removed. Returns whether anything changed.
 */
export async function changeLabels(
  events: EventBus,
  tx: Tx,
  workspaceId: string,
  { conversation, channelType }: { conversation: ConversationRow; channelType: ChannelRow['type'] },
  ids: string[],
  actor: Actor,
  mode: 'set' | 'add' = 'set',
): Promise<boolean> {
  const wanted = await labelsById(tx, ids);
  const current = await tx
    .select(asLabel)
    .from(conversationLabelLinks)
    .innerJoin(conversationLabels, eq(conversationLabels.id, conversationLabelLinks.labelId))
    .where(eq(conversationLabelLinks.conversationId, conversation.id));
  const has = new Set(current.map((label) => label.id));
  const wants = new Set(wanted.map((label) => label.id));
  const added = wanted.filter((label) => !has.has(label.id));
  const removed = mode === 'set' ? current.filter((label) => !wants.has(label.id)) : [];
  if (!added.length && !removed.length) return false;
  if (current.length + added.length - removed.length > LABEL_LIMITS.perConversation)
    throw fieldError('label_ids', 'labels_too_many');
  if (removed.length)
    await tx.delete(conversationLabelLinks).where(
      and(
        eq(conversationLabelLinks.conversationId, conversation.id),
        inArray(
          conversationLabelLinks.labelId,
          removed.map((label) => label.id),
        ),
      ),
    );
  if (added.length)
    await tx
      .insert(conversationLabelLinks)
      .values(added.map((label) => ({ workspaceId, conversationId: conversation.id, labelId: label.id })));
  const facts = factsOf(conversation, channelType);
  await recordActivities(events, tx, workspaceId, [
    { conversation: facts, kind: 'labels_changed', actor, details: { labels_added: added, labels_removed: removed } },
  ]);
  await conversationChanged(events, tx, workspaceId, 'labels', facts, actor?.memberId ?? null);
  return true;
}

/** The organization's list of conversation labels (admins keep it; every agent reads it). */
export function createLabelsService({ database }: AppContext) {
  async function assertNameFree(tx: Tx, name: string, selfId?: string) {
    const [taken] = await tx
      .select({ id: conversationLabels.id })
      .from(conversationLabels)
      .where(
        and(
          sql`lower(${conversationLabels.name}) = lower(${name})`,
          selfId ? ne(conversationLabels.id, selfId) : undefined,
        ),
      );
    if (taken) throw new AppError(409, 'label_exists', {}, { name: { key: 'label_exists' } });
  }
  async function one(tx: Tx, id: string) {
    const [label] = await tx.select(asLabel).from(conversationLabels).where(eq(conversationLabels.id, id));
    if (!label) throw notFound();
    return label;
  }

  const list = (workspaceId: string) =>
    database.withWorkspace(workspaceId, (tx) =>
      tx
        .select({ ...asLabel, conversation_count: count(conversationLabelLinks.conversationId) })
        .from(conversationLabels)
        .leftJoin(conversationLabelLinks, eq(conversationLabelLinks.labelId, conversationLabels.id))
        .groupBy(conversationLabels.id)
        .orderBy(...byName),
    );

  const create = (workspaceId: string, body: LabelBody) =>
    database.withWorkspace(workspaceId, async (tx) => {
      const existing = await tx.$count(conversationLabels);
      if (existing >= LABEL_LIMITS.perOrganization)
        throw new AppError(409, 'label_limit_reached', { limit: LABEL_LIMITS.perOrganization });
      await assertNameFree(tx, body.name);
      const color = body.color ?? LABEL_COLORS[existing % LABEL_COLORS.length]!;
      const [label] = await tx
        .insert(conversationLabels)
        .values({ workspaceId, name: body.name, color })
        .returning(asLabel);
      return label!;
    });

  const update = (workspaceId: string, id: string, body: LabelUpdate) =>
    database.withWorkspace(workspaceId, async (tx) => {
      await one(tx, id);
      if (body.name !== undefined) await assertNameFree(tx, body.name, id);
      if (body.name !== undefined || body.color !== undefined)
        await tx
          .update(conversationLabels)
          .set({
            ...(body.name !== undefined && { name: body.name }),
            ...(body.color !== undefined && { color: body.color }),
          })
          .where(eq(conversationLabels.id, id));
      return one(tx, id);
    });

  const remove = (workspaceId: string, id: string) =>
    database.withWorkspace(workspaceId, async (tx) => {
      await one(tx, id);
      await tx.delete(conversationLabels).where(eq(conversationLabels.id, id));
    });

  return { list, create, update, remove };
}
