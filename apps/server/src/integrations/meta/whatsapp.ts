import { z } from 'zod';
import { answerOf } from './answer.ts';
import { type GraphClient, GraphError } from './graph-client.ts';

/*
 * The WhatsApp Cloud API and Business Management API operations the app uses, each a typed function over the
 * Graph client. Shapes follow Meta's references: "Messages" (`POST /{phone-number-id}/messages`), "Mark messages
 * as read", "Media" (`GET /{media-id}`), the phone number node, "Message Templates" on the WhatsApp Business
 * Account (`/{waba-id}/message_templates`) and the Resumable Upload API (`POST /{app-id}/uploads`, then
 * `POST /upload:{session}` with a `file_offset` header). Every failure is a GraphError.
 */

/** Where a message goes: the sending number's id and the customer's WhatsApp id (the number's digits). */
export type Recipient = { phoneNumberId: string; to: string };

/** Meta's id of a sent message (`wamid.…`), null in the unlikely answer without one. */
export type Sent = { messageId: string | null; messageStatus: string | null };

const sentSchema = z.looseObject({
  messages: z
    .array(z.looseObject({ id: z.string(), message_status: z.string().optional() }))
    .optional()
    .catch(undefined),
});

async function send(graph: GraphClient, token: string, recipient: Recipient, message: object): Promise<Sent> {
  const answer = await graph.post<unknown>(`${recipient.phoneNumberId}/messages`, token, {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: recipient.to,
    ...message,
  });
  // a send Meta took is never retried, so an odd answer still counts as sent
  const first = sentSchema.safeParse(answer).data?.messages?.[0];
  return { messageId: first?.id ?? null, messageStatus: first?.message_status ?? null };
}

export function sendText(graph: GraphClient, token: string, input: Recipient & { body: string; previewUrl?: boolean }) {
  return send(graph, token, input, {
    type: 'text',
    text: { body: input.body, ...(input.previewUrl !== undefined && { preview_url: input.previewUrl }) },
  });
}

export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';
/** A file by a public link Meta fetches, or by the id of a file uploaded to Meta. */
export type MediaSource = { link: string } | { id: string };

/** The kinds that take a caption: audio and stickers take none. */
const CAPTIONED = new Set<MediaKind>(['image', 'video', 'document']);

/** A file message; the caption is left out where the kind takes none, the filename kept for documents only. */
export function sendMedia(
  graph: GraphClient,
  token: string,
  input: Recipient & { kind: MediaKind; media: MediaSource; caption?: string | null; filename?: string | null },
) {
  const media: Record<string, unknown> = { ...input.media };
  if (input.caption && CAPTIONED.has(input.kind)) media.caption = input.caption;
  if (input.filename && input.kind === 'document') media.filename = input.filename;
  return send(graph, token, input, { type: input.kind, [input.kind]: media });
}

/**
 * A template message component as Meta's "Messages" reference takes it: `header`, `body` or `button` (with
 * `sub_type` and `index`), its `parameters` (`{ type: 'text', text }`, `{ type: 'image', image: { link } }`, ...).
 */
export type TemplateComponent = { type: string } & Record<string, unknown>;

/** An approved template by name and language code (`en_US`), its parameters in `components`. */
export function sendTemplate(
  graph: GraphClient,
  token: string,
  input: Recipient & { name: string; language: string; components?: TemplateComponent[] },
) {
  const { name, language, components } = input;
  return send(graph, token, input, {
    type: 'template',
    template: { name, language: { code: language }, ...(components && { components }) },
  });
}

/** Marks a received message read (blue ticks) on the number it came to. */
export async function markRead(
  graph: GraphClient,
  token: string,
  input: { phoneNumberId: string; messageId: string },
): Promise<void> {
  await graph.post(`${input.phoneNumberId}/messages`, token, {
    messaging_product: 'whatsapp',
    status: 'read',
    message_id: input.messageId,
  });
}

const mediaSchema = z.looseObject({
  id: z.string().optional(),
  url: z.string(),
  mime_type: z.string().optional(),
  sha256: z.string().optional(),
  file_size: z.number().optional(),
});
export type MediaInfo = z.infer<typeof mediaSchema>;

/** Where a received media id's file is (a URL downloaded with the same token for 5 minutes) and what it is. */
export async function mediaLookup(graph: GraphClient, token: string, mediaId: string): Promise<MediaInfo> {
  return answerOf(mediaSchema, await graph.get(mediaId, token));
}

/** A received media id's file: looked up, then downloaded with the token; past `maxBytes` a 413 GraphError. */
export async function downloadMedia(graph: GraphClient, token: string, mediaId: string, maxBytes: number) {
  const media = await mediaLookup(graph, token, mediaId);
  const file = await graph.download(media.url, token, maxBytes);
  return { bytes: file.bytes, contentType: media.mime_type ?? file.contentType };
}

const phoneNumberSchema = z.looseObject({
  id: z.string(),
  display_phone_number: z.string().optional(),
  verified_name: z.string().optional(),
});

/** The phone number node, which answers only to a token that may use the number: the channel's credential check. */
export async function phoneNumber(graph: GraphClient, token: string, phoneNumberId: string) {
  const answer = await graph.get(phoneNumberId, token, { fields: 'id,display_phone_number,verified_name' });
  return answerOf(phoneNumberSchema, answer);
}

// --- message templates, on the WhatsApp Business Account ---

export type TemplateCategory = 'AUTHENTICATION' | 'MARKETING' | 'UTILITY';

const templateSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string(),
  parameter_format: z.string().optional(),
  components: z.array(z.looseObject({ type: z.string() })).default([]),
});
export type Template = z.infer<typeof templateSchema>;

const templatePageSchema = z.object({
  data: z.array(templateSchema),
  paging: z
    .object({ cursors: z.object({ after: z.string().optional() }).optional(), next: z.string().optional() })
    .optional(),
});

/**
 * One page of the account's templates (default fields: name, language, status, category, components, id);
 * `after` is the cursor of the next page, null on the last.
 */
export async function listTemplates(
  graph: GraphClient,
  token: string,
  input: { wabaId: string; limit?: number; after?: string; name?: string },
): Promise<{ templates: Template[]; after: string | null }> {
  const answer = answerOf(
    templatePageSchema,
    await graph.get(`${input.wabaId}/message_templates`, token, {
      fields: 'id,name,language,status,category,parameter_format,components',
      limit: input.limit,
      after: input.after,
      name: input.name,
    }),
  );
  // Graph gives a `next` link only when another page follows
  const after = answer.paging?.next ? (answer.paging.cursors?.after ?? null) : null;
  return { templates: answer.data, after };
}

/**
 * A template's definition as Meta's "Create templates" takes it: HEADER (TEXT, IMAGE, VIDEO, DOCUMENT; a media
 * header's sample is `example.header_handle` from `uploadFile`), BODY, FOOTER, BUTTONS.
 */
export type TemplateDefinition = {
  name: string;
  language: string;
  category: TemplateCategory;
  components: ({ type: 'HEADER' | 'BODY' | 'FOOTER' | 'BUTTONS' } & Record<string, unknown>)[];
  parameterFormat?: 'POSITIONAL' | 'NAMED';
  allowCategoryChange?: boolean;
};

const createdSchema = z.looseObject({ id: z.string(), status: z.string(), category: z.string() });

/** Submits a template for review: Meta answers its id, `status` (PENDING, or APPROVED/REJECTED at once) and category. */
export async function createTemplate(
  graph: GraphClient,
  token: string,
  input: { wabaId: string } & TemplateDefinition,
): Promise<z.infer<typeof createdSchema>> {
  const { wabaId, name, language, category, components, parameterFormat, allowCategoryChange } = input;
  const answer = await graph.post(`${wabaId}/message_templates`, token, {
    name,
    language,
    category,
    components,
    ...(parameterFormat && { parameter_format: parameterFormat }),
    ...(allowCategoryChange !== undefined && { allow_category_change: allowCategoryChange }),
  });
  return answerOf(createdSchema, answer);
}

/** Deletes a template by name (every language), or one language's by its id too. */
export async function deleteTemplate(
  graph: GraphClient,
  token: string,
  input: { wabaId: string; name: string; templateId?: string },
): Promise<void> {
  await graph.delete(`${input.wabaId}/message_templates`, token, { name: input.name, hsm_id: input.templateId });
}

// --- the Resumable Upload API, for template header samples ---

/** The types an upload session takes. */
export type UploadFileType = 'application/pdf' | 'image/jpeg' | 'image/jpg' | 'image/png' | 'video/mp4';

const sessionSchema = z.object({ id: z.string().startsWith('upload:') });
const handleSchema = z.object({ h: z.string() });
const offsetSchema = z.object({ file_offset: z.coerce.number().int().min(0) });

/** Opens an upload session for the app: its id (`upload:…`) names where the bytes go. */
export async function startUpload(
  graph: GraphClient,
  token: string,
  input: { appId: string; fileName: string; fileLength: number; fileType: UploadFileType },
): Promise<string> {
  const answer = await graph.post(`${input.appId}/uploads`, token, undefined, {
    file_name: input.fileName,
    file_length: input.fileLength,
    file_type: input.fileType,
  });
  return answerOf(sessionSchema, answer).id;
}

/** How many bytes of the session's file Meta holds: where an interrupted upload resumes. */
export async function uploadOffset(graph: GraphClient, token: string, sessionId: string): Promise<number> {
  return answerOf(offsetSchema, await graph.get(sessionId, token)).file_offset;
}

/** Sends the file's bytes from `offset` on; Meta answers the uploaded file's handle. */
export async function uploadBytes(
  graph: GraphClient,
  token: string,
  input: { sessionId: string; bytes: Buffer; offset: number },
): Promise<string> {
  const answer = await graph.postBytes(input.sessionId, token, input.bytes.subarray(input.offset), {
    file_offset: String(input.offset),
  });
  return answerOf(handleSchema, answer).h;
}

const UPLOAD_ATTEMPTS = 3;

/**
 * Uploads a file (a template header's sample) and answers its handle: a session, then the bytes; when the
 * transfer fails on the way (no answer, Meta's trouble), it resumes from the offset Meta reports, up to 3 tries.
 */
export async function uploadFile(
  graph: GraphClient,
  token: string,
  input: { appId: string; fileName: string; fileType: UploadFileType; bytes: Buffer },
): Promise<string> {
  const sessionId = await startUpload(graph, token, { ...input, fileLength: input.bytes.length });
  let offset = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      return await uploadBytes(graph, token, { sessionId, bytes: input.bytes, offset });
    } catch (error) {
      if (attempt >= UPLOAD_ATTEMPTS || !(error instanceof GraphError) || !error.transient) throw error;
      offset = await uploadOffset(graph, token, sessionId);
    }
  }
}

/**
 * Edits a template ("Edit templates": `POST /{template-id}` with its new components, and its category where Meta
 * allows a change); Meta answers `{ success }` and reviews it again.
 */
export async function editTemplate(
  graph: GraphClient,
  token: string,
  input: { templateId: string; components: TemplateDefinition['components']; category?: TemplateCategory },
): Promise<void> {
  await graph.post(input.templateId, token, {
    components: input.components,
    ...(input.category && { category: input.category }),
  });
}

/** Every template of the account, following `paging.next` until Meta gives none. */
export async function allTemplates(graph: GraphClient, token: string, wabaId: string): Promise<Template[]> {
  const all: Template[] = [];
  let after: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const answer = await listTemplates(graph, token, { wabaId, limit: 100, after });
    all.push(...answer.templates);
    if (!answer.after) break;
    after = answer.after;
  }
  return all;
}
