import type { CreateConversationBody } from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { MemberPrincipal } from '../../platform/auth/guards.ts';
import type { Tx } from '../../platform/db/database.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import type { CustomerOnChannelHook } from '../../platform/modules/define-module.ts';
import { type ChannelRow, channels } from '../channels/index.ts';
import { type CustomerRow, customers } from '../customers/index.ts';
import { conversationChanged } from './announce.ts';
import { conversations } from './conversations.tables.ts';
import { actorOf } from './desk/activities.ts';
import { openConversation } from './threads.ts';

/**
 * Whether the channel can reach the customer: a WhatsApp id or phone, a PSID, an Instagram id, a visitor (whom the
 * web-chat module knows).
 */
async function reachable(tx: Tx, channel: ChannelRow, customer: CustomerRow, customerOnChannel: CustomerOnChannelHook) {
  switch (channel.type) {
    case 'whatsapp':
      return !!(customer.whatsappId || customer.phone);
    case 'messenger':
      return !!customer.facebookId;
    case 'instagram':
      return !!customer.instagramId;
    case 'webchat':
      return customerOnChannel(tx, channel.id, customer.id);
  }
}

/**
 * Create conversation (SPEC 2): the customer's open conversation on the channel, the last one opened again, or a
 * new one, which the member who started it handles. Outside a session the composer then offers templates only.
 * Returns its id.
 */
export async function startConversation(
  { database, events }: AppContext,
  member: MemberPrincipal,
  body: CreateConversationBody,
  customerOnChannel: CustomerOnChannelHook,
) {
  return database.withWorkspace(member.workspaceId, async (tx) => {
    const [channel] = await tx.select().from(channels).where(eq(channels.id, body.channel_id));
    if (!channel) throw fieldError('channel_id', 'not_found');
    const [customer] = await tx.select().from(customers).where(eq(customers.id, body.customer_id));
    if (!customer) throw notFound();
    if (!(await reachable(tx, channel, customer, customerOnChannel)))
      throw fieldError('customer_id', 'customer_not_on_channel');
    const conversation = await openConversation(tx, channel, customer.id, { actor: actorOf(member) });
    if (!conversation.assigneeMemberId && !conversation.teamId && !conversation.allTeams)
      await tx
        .update(conversations)
        .set({ assigneeMemberId: member.member.id, updatedAt: new Date() })
        .where(eq(conversations.id, conversation.id));
    await conversationChanged(events, tx, member.workspaceId, 'created', conversation.id, member.member.id);
    return conversation.id;
  });
}
