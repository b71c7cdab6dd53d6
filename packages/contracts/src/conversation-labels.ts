import { z } from 'zod';
import { messageResultSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';

/** An organization keeps at most this many conversation labels; a conversation carries at most 20 of them. */
export const LABEL_LIMITS = { perOrganization: 200, perConversation: 20, nameMax: 40 } as const;
/** The colours the label editor offers (any `#rrggbb` is taken). */
export const LABEL_COLORS = ['#1064e0', '#389e0d', '#d46b08', '#c41d7f', '#531dab', '#08979c', '#cf1322', '#595959'];

const labelNameField = z
  .string({ error: 'label_name_required' })
  .trim()
  .min(1, { error: 'label_name_required' })
  .max(LABEL_LIMITS.nameMax, { error: 'label_name_max' });
const labelColorField = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'color_invalid' });

/** A conversation label: organization-wide, names unique ignoring case. */
export const conversationLabelSchema = z.object({ id: z.uuid(), name: z.string(), color: z.string() });
export type ConversationLabel = z.infer<typeof conversationLabelSchema>;

export const conversationLabelBodySchema = z.object({ name: labelNameField, color: labelColorField.optional() });
export const updateConversationLabelBodySchema = z.object({
  name: labelNameField.optional(),
  color: labelColorField.optional(),
});
export type ConversationLabelBody = z.input<typeof conversationLabelBodySchema>;

const idParams = z.object({ id: z.uuid() });

/** Read with `conversation_read`; created, renamed, recoloured and deleted with `channel_write` (the inbox's settings). */
export const conversationLabelEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/conversation-labels',
    response: z.array(conversationLabelSchema.extend({ conversation_count: z.number().int() })),
    summary: "The organization's conversation labels by name, with how many conversations carry each",
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/conversation-labels',
    body: conversationLabelBodySchema,
    response: conversationLabelSchema,
    summary: 'Create a conversation label (names are unique in the organization, ignoring case)',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/conversation-labels/:id',
    params: idParams,
    body: updateConversationLabelBodySchema,
    response: conversationLabelSchema,
    summary: 'Rename or recolour a conversation label',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/conversation-labels/:id',
    params: idParams,
    response: messageResultSchema,
    summary: 'Delete a conversation label; the conversations carrying it lose it',
  }),
};
