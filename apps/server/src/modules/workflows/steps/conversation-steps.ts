import { eq } from 'drizzle-orm';
import { channels } from '../../channels/index.ts';
import {
  assignConversation,
  changeStatus,
  replyWindow,
  sendSystemMessage,
  switchAi,
} from '../../conversations/index.ts';
import { csAgentChannels } from '../../cs-agents/index.ts';
import { whatsappTemplates } from '../../templates/index.ts';
import { asStep } from './failures.ts';
import { conversationOf, StepFailure, type StepHandler, type StepRun } from './step-types.ts';

const facts = (run: StepRun) => ({ conversation: conversationOf(run), channelType: run.channelType! });

export const sendMessageStep: StepHandler = {
  async inside(run, tx) {
    const text = run.render(String(run.data.text));
    const conversation = conversationOf(run);
    if (!text.trim()) throw new StepFailure('the message is empty once its variables are filled in');
    if (replyWindow(run.channelType!, conversation.lastInboundAt, run.now.getTime()) === 'closed')
      throw new StepFailure("the customer's reply window is closed: only a WhatsApp template can reach them now");
    if (run.test) return { input: { text }, output: { would_send: text } };
    const message = await sendSystemMessage(run.ctx, tx, conversation, run.channelType!, { type: 'text', text });
    return { input: { text }, output: { message_id: message.id, status: message.status } };
  },
};

export const sendTemplateStep: StepHandler = {
  async inside(run, tx) {
    const conversation = conversationOf(run);
    const [template] = await tx
      .select()
      .from(whatsappTemplates)
      .where(eq(whatsappTemplates.id, String(run.data.template_id)));
    if (!template) throw new StepFailure('the template no longer exists');
    if (template.status !== 'approved') throw new StepFailure(`the template ${template.name} is ${template.status}`);
    if (template.channelId !== conversation.channelId)
      throw new StepFailure(`the template ${template.name} belongs to another channel than the conversation's`);
    if (template.header.type !== 'none' && template.header.type !== 'text')
      throw new StepFailure(`the template ${template.name} has a media header, which a workflow cannot send yet`);
    const given = (run.data.parameters ?? {}) as Record<string, string>;
    const parameters = [...template.parameters]
      .sort((a, b) => Number(a.key) - Number(b.key))
      .map((parameter) => ({ type: 'text', text: run.render(given[parameter.key] ?? '') }));
    const sent = {
      name: template.name,
      language: template.language,
      ...(parameters.length && { components: [{ type: 'body', parameters }] }),
    };
    if (run.test) return { input: sent, output: { would_send: sent } };
    const message = await sendSystemMessage(run.ctx, tx, conversation, run.channelType!, {
      type: 'template',
      template: sent,
    });
    return { input: sent, output: { message_id: message.id, status: message.status } };
  },
};

export const addNoteStep: StepHandler = {
  async inside(run, tx) {
    const text = run.render(String(run.data.text));
    if (run.test) return { input: { text }, output: { would_add_note: text } };
    const note = await sendSystemMessage(run.ctx, tx, conversationOf(run), run.channelType!, { type: 'note', text });
    return { input: { text }, output: { message_id: note.id } };
  },
};

export const assignStep: StepHandler = {
  async inside(run, tx) {
    const body = {
      assignee_member_id: (run.data.member_id as string | null | undefined) ?? null,
      team_id: (run.data.team_id as string | null | undefined) ?? null,
      all_teams: Boolean(run.data.all_teams),
    };
    const conversation = conversationOf(run);
    if (run.test) return { input: body, output: { would_assign: body } };
    const changed = await asStep(() =>
      assignConversation(run.ctx.events, tx, run.execution.workspaceId, conversation.id, body, null),
    );
    return { input: body, output: { changed } };
  },
};

export const closeConversationStep: StepHandler = {
  async inside(run, tx) {
    if (run.test) return { output: { would_close: conversationOf(run).id } };
    const changed = await asStep(() =>
      changeStatus(run.ctx.events, tx, run.execution.workspaceId, facts(run), 'closed', null),
    );
    return { output: { changed } };
  },
};

export const handToAiStep: StepHandler = {
  async inside(run, tx) {
    const conversation = conversationOf(run);
    const [bound] = await tx
      .select({ agentId: csAgentChannels.agentId })
      .from(csAgentChannels)
      .innerJoin(channels, eq(channels.id, csAgentChannels.channelId))
      .where(eq(csAgentChannels.channelId, conversation.channelId));
    if (!bound) throw new StepFailure("no AI agent answers on the conversation's channel");
    if (run.test) return { output: { would_hand_to_agent: bound.agentId } };
    const changed = await switchAi(run.ctx.events, tx, run.execution.workspaceId, facts(run), { active: true }, null);
    return { output: { agent_id: bound.agentId, changed } };
  },
};
