import { normaliseOptOutText, OPT_OUT_LIMITS, translate } from '@omnichat/contracts';
import { and, eq } from 'drizzle-orm';
import { workspaces } from '../../platform/identity/workspaces.tables.ts';
import { durableListener } from '../../platform/modules/define-module.ts';
import { customers } from '../customers/index.ts';
import { conversations } from './conversations.tables.ts';
import { sendSystemText } from './outbound/system-text.ts';

/**
 * A customer who writes one of the organization's opt-out keywords (default STOP, UNSUBSCRIBE), the whole message
 * trimmed and in any case, is opted out of marketing (`marketing_opt_out`, with the time) and told so by a text in
 * the conversation, sent like an agent's reply. Only inbound texts short enough to be a keyword make a job
 * (`wants`, no query on the webhook's path); the handler then reads the organization's list. A customer already
 * opted out is not told again.
 */
export const optOutListener = durableListener({
  event: 'message.stored',
  name: 'marketing-opt-out',
  wants: ({ message }) =>
    message.direction === 'inbound' &&
    message.type === 'text' &&
    !!message.text &&
    message.text.length <= OPT_OUT_LIMITS.keywordMax * 4 &&
    normaliseOptOutText(message.text).length <= OPT_OUT_LIMITS.keywordMax &&
    normaliseOptOutText(message.text).length > 0,
  handle: ({ data }, job) =>
    job.inWorkspace(async (tx) => {
      const [workspace] = await tx
        .select({ keywords: workspaces.optOutKeywords })
        .from(workspaces)
        .where(eq(workspaces.id, job.workspaceId!));
      const said = normaliseOptOutText(data.message.text ?? '');
      if (!workspace?.keywords.some((keyword) => normaliseOptOutText(keyword) === said)) return;
      const optedOut = await tx
        .update(customers)
        .set({ marketingOptOut: true, marketingOptOutAt: new Date(), updatedAt: new Date() })
        .where(and(eq(customers.id, data.conversation.customer_id), eq(customers.marketingOptOut, false)))
        .returning({ id: customers.id });
      if (!optedOut.length) return;
      const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, data.conversation.id));
      if (!conversation) return;
      await sendSystemText(
        job.app,
        tx,
        conversation,
        data.conversation.channel_type,
        translate('opt_out_confirmation', 'en'),
      );
    }),
});
