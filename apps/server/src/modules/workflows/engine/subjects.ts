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

export async function loadSubjects(tx: Tx, execution: ExecutionRow): Promise<RunSubjects> {
  const [customer] = execution.customerId
    ? await tx.select().from(customers).where(eq(customers.id, execution.customerId))
    : [];
  const tags = customer
    ? await tx
        .select({ id: customerTagLinks.tagId })
        .from(customerTagLinks)
        .where(eq(customerTagLinks.customerId, customer.id))
    : [];
  const [found] = execution.conversationId
    ? await tx
        .select({ conversation: conversations, channelType: channels.type })
        .from(conversations)
        .innerJoin(channels, eq(channels.id, conversations.channelId))
        .where(eq(conversations.id, execution.conversationId))
    : [];
  return {
    customer: customer ?? null,
    tagIds: tags.map((tag) => tag.id),
    conversation: found?.conversation ?? null,
    channelType: found?.channelType ?? null,
  };
}
