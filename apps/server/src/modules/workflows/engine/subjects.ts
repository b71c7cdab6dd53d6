import type { ChannelType } from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/database.ts';
import { channels } from '../../channels/index.ts';
import { type ConversationRow, conversations } from '../../conversations/index.ts';
import { type CustomerRow, customers, customerTagLinks } from '../../customers/index.ts';
import type { ExecutionRow } from '../workflows.tables.ts';

/** Who and where a run acts: its customer with their tags, and its conversation with its channel's type. */
export interface RunSubjects {
  customer: CustomerRow | null;
  tagIds: string[];
  conversation: ConversationRow | null;
  channelType: ChannelType | null;
}

/** Steps that change the run's customer, or its conversation: the run reads that one again after them. */
const CHANGES_CUSTOMER = new Set(['action.add_tag', 'action.remove_tag', 'action.update_field']);
const CHANGES_CONVERSATION = new Set(['action.assign', 'action.close_conversation', 'action.hand_to_ai']);

/** The subjects after a step of `type`: what it may have changed read again, the rest kept. */
export async function afterStep(tx: Tx, execution: ExecutionRow, subjects: RunSubjects, type: string) {
  if (CHANGES_CUSTOMER.has(type)) return { ...subjects, ...(await customerOf(tx, execution)) };
  if (CHANGES_CONVERSATION.has(type)) return { ...subjects, ...(await conversationOf(tx, execution)) };
  return subjects;
}

async function customerOf(tx: Tx, execution: ExecutionRow) {
  const [customer] = execution.customerId
    ? await tx.select().from(customers).where(eq(customers.id, execution.customerId))
    : [];
  const tags = customer
    ? await tx
        .select({ id: customerTagLinks.tagId })
        .from(customerTagLinks)
        .where(eq(customerTagLinks.customerId, customer.id))
    : [];
  return { customer: customer ?? null, tagIds: tags.map((tag) => tag.id) };
}

async function conversationOf(tx: Tx, execution: ExecutionRow) {
  const [found] = execution.conversationId
    ? await tx
        .select({ conversation: conversations, channelType: channels.type })
        .from(conversations)
        .innerJoin(channels, eq(channels.id, conversations.channelId))
        .where(eq(conversations.id, execution.conversationId))
    : [];
  return { conversation: found?.conversation ?? null, channelType: found?.channelType ?? null };
}

export async function loadSubjects(tx: Tx, execution: ExecutionRow): Promise<RunSubjects> {
  return { ...(await customerOf(tx, execution)), ...(await conversationOf(tx, execution)) };
}
