import { z } from 'zod';
import { messageResultSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';

export const CANNED_REPLY_LIMITS = { shortcutMax: 32, textMax: 4096, perOrganization: 500 } as const;

export const cannedReplyBodySchema = z.object({
  /** typed after "/" in the composer: letters, digits, - and _ */
  shortcut: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[\p{L}\p{N}_-]{1,32}$/u, { error: 'canned_shortcut_invalid' }),
  text: z.string().trim().min(1, { error: 'message_text_required' }).max(CANNED_REPLY_LIMITS.textMax),
});
export type CannedReplyBody = z.input<typeof cannedReplyBodySchema>;

export const cannedReplySchema = z.object({
  id: z.uuid(),
  shortcut: z.string(),
  text: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;

const idParams = z.object({ id: z.uuid() });

export const cannedReplyEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/canned-replies',
    query: z.object({ keyword: z.string().trim().max(100).optional() }),
    response: z.array(cannedReplySchema),
    summary: "The organization's canned replies by shortcut; `keyword` matches the shortcut or the text",
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/canned-replies',
    body: cannedReplyBodySchema,
    response: cannedReplySchema,
    summary: 'A new canned reply (its shortcut unique in the organization)',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/canned-replies/:id',
    params: idParams,
    body: cannedReplyBodySchema,
    response: cannedReplySchema,
    summary: 'Change a canned reply',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/canned-replies/:id',
    params: idParams,
    response: messageResultSchema,
    summary: 'Delete a canned reply',
  }),
};
