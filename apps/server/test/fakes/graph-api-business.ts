import { randomBytes, randomInt } from 'node:crypto';
import type { GraphErrorSpec, GraphRequest } from './graph-api.ts';

/*
 * The fake Graph API's WhatsApp Business Management endpoints, after Meta's references:
 * - "Message Templates" on a WhatsApp Business Account: `GET /{waba-id}/message_templates` answers
 *   `{ data: [{ name, parameter_format, components, language, status, category, id }], paging: { cursors:
 *   { before, after }, next } }` (`fields`, `limit`, `after` and `name` honoured; `next` only when a page follows);
 *   `POST` takes `{ name, language, category, components, parameter_format?, allow_category_change? }` and answers
 *   `{ id, status: 'PENDING', category }`; `DELETE ?name=…[&hsm_id=…]` answers `{ success: true }`;
 * - the Resumable Upload API: `POST /{app-id}/uploads?file_name&file_length&file_type` answers
 *   `{ id: 'upload:<session>?sig=<signature>' }`; `POST /upload:<session>` with `Authorization: OAuth <token>`,
 *   a `file_offset` header and the bytes answers `{ h: '<handle>' }` once the file is whole; `GET /upload:<session>`
 *   answers `{ id, file_offset }`, where an interrupted upload resumes.
 * The fake's own choices where Meta documents none: an unknown template name or a mismatched `file_offset` is
 * code 100 "(#100) Invalid parameter"; a media header's `example.header_handle` must be a handle this fake issued;
 * a POST that leaves the file short answers the session's `{ id, file_offset }`.
 */

type Answer = { status: number; body: unknown } | { error: GraphErrorSpec };

export type StoredTemplate = {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  parameter_format: string;
  components: Record<string, unknown>[];
};

type Session = { token: string; signature: string; fileName: string; fileType: string; length: number; bytes: Buffer };

/** Meta's resumable upload types. */
const UPLOAD_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'video/mp4']);
const CATEGORIES = new Set(['AUTHENTICATION', 'MARKETING', 'UTILITY']);
const DEFAULT_FIELDS = ['name', 'parameter_format', 'components', 'language', 'status', 'category', 'id'];
const MEDIA_HEADERS = new Set(['IMAGE', 'VIDEO', 'DOCUMENT']);

const invalid = (message = '(#100) Invalid parameter'): { error: GraphErrorSpec } => ({
  error: { status: 400, code: 100, message },
});
const required = (name: string) => invalid(`(#100) The parameter ${name} is required.`);
const cursorOf = (index: number) => Buffer.from(String(index)).toString('base64url');
const indexOf = (cursor: string) => Number(Buffer.from(cursor, 'base64url').toString()) || 0;
const graphId = () => `${randomInt(1, 10)}${String(randomInt(0, 1e14)).padStart(14, '0')}`;

export function createBusinessEndpoints(origin: () => string, prefix: string) {
  const templates = new Map<string, StoredTemplate[]>();
  const sessions = new Map<string, Session>();
  const handles = new Map<string, { fileName: string; fileType: string; bytes: Buffer }>();
  let cut: number | null = null;

  const listOf = (wabaId: string) => templates.get(wabaId) ?? templates.set(wabaId, []).get(wabaId)!;

  function list(wabaId: string, request: GraphRequest): Answer {
    const { fields, limit, after, name } = request.query;
    const all = listOf(wabaId).filter((template) => !name || template.name === name);
    const start = after ? indexOf(after) : 0;
    const size = Math.max(1, Math.min(Number(limit) || 25, 1000));
    const names = fields ? fields.split(',').map((field) => field.trim()) : DEFAULT_FIELDS;
    const page = all
      .slice(start, start + size)
      .map((template) =>
        Object.fromEntries(
          [...new Set([...names, 'id'])]
            .filter((field) => field in template)
            .map((field) => [field, template[field as keyof StoredTemplate]]),
        ),
      );
    if (page.length === 0) return { status: 200, body: { data: [] } };
    const end = start + page.length;
    const next = new URL(`${origin()}${prefix}/${wabaId}/message_templates`);
    for (const [key, value] of Object.entries({ ...request.query, limit: String(size), after: cursorOf(end) }))
      next.searchParams.set(key, value);
    return {
      status: 200,
      body: {
        data: page,
        paging: {
          cursors: { before: cursorOf(start), after: cursorOf(end) },
          ...(end < all.length && { next: next.href }),
        },
      },
    };
  }

  function create(wabaId: string, body: Record<string, unknown>): Answer {
    for (const field of ['name', 'language', 'category', 'components'])
      if (body[field] === undefined || body[field] === '') return required(field);
    if (typeof body.name !== 'string' || !/^[a-z0-9_]{1,512}$/.test(body.name)) return invalid();
    if (!CATEGORIES.has(String(body.category)) || !Array.isArray(body.components)) return invalid();
    const components = body.components as Record<string, unknown>[];
    for (const component of components) {
      if (component.type !== 'HEADER' || !MEDIA_HEADERS.has(String(component.format))) continue;
      const handle = (component.example as { header_handle?: unknown[] } | undefined)?.header_handle?.[0];
      if (typeof handle !== 'string' || !handles.has(handle)) return invalid();
    }
    const list = listOf(wabaId);
    if (list.some((template) => template.name === body.name && template.language === body.language)) return invalid();
    const template: StoredTemplate = {
      id: graphId(),
      name: body.name,
      language: String(body.language),
      category: String(body.category),
      status: 'PENDING',
      parameter_format: String(body.parameter_format ?? 'POSITIONAL'),
      components,
    };
    list.push(template);
    return { status: 200, body: { id: template.id, status: template.status, category: template.category } };
  }

  /** `POST /{template-id}`: Meta's edit; the template goes back to PENDING. Undefined: no such template. */
  function edit(templateId: string, body: Record<string, unknown>): { wabaId: string; answer: Answer } | undefined {
    for (const [wabaId, list] of templates) {
      const template = list.find((t) => t.id === templateId);
      if (!template) continue;
      if (!['APPROVED', 'REJECTED', 'PAUSED'].includes(template.status))
        return { wabaId, answer: invalid('(#100) Invalid parameter: this template cannot be edited now') };
      if (Array.isArray(body.components)) template.components = body.components as Record<string, unknown>[];
      if (typeof body.category === 'string') template.category = body.category;
      template.status = 'PENDING';
      return { wabaId, answer: { status: 200, body: { success: true } } };
    }
    return undefined;
  }

  function remove(wabaId: string, request: GraphRequest): Answer {
    const { name, hsm_id: id } = request.query;
    if (!name) return required('name');
    const list = listOf(wabaId);
    const kept = list.filter((template) => template.name !== name || (id !== undefined && template.id !== id));
    if (kept.length === list.length) return invalid();
    templates.set(wabaId, kept);
    return { status: 200, body: { success: true } };
  }

  function startUpload(request: GraphRequest, token: string): Answer {
    const form = {
      ...(request.body && typeof request.body === 'object' ? request.body : {}),
      ...request.query,
    } as Record<string, unknown>;
    for (const field of ['file_length', 'file_type']) if (form[field] === undefined) return required(field);
    const length = Number(form.file_length);
    if (!Number.isInteger(length) || length <= 0 || !UPLOAD_TYPES.has(String(form.file_type))) return invalid();
    const key = Buffer.from(`attachment:${randomBytes(12).toString('hex')}`).toString('base64url');
    const signature = randomBytes(16).toString('base64url');
    sessions.set(key, {
      token,
      signature,
      fileName: String(form.file_name ?? ''),
      fileType: String(form.file_type),
      length,
      bytes: Buffer.alloc(0),
    });
    return { status: 200, body: { id: `upload:${key}?sig=${signature}` } };
  }

  /** `upload:<key>` requests; `undefined` when the key names no session of this token. */
  function session(objectId: string, request: GraphRequest, token: string | null) {
    const found = sessions.get(objectId.slice('upload:'.length));
    return found && found.token === token && request.query.sig === found.signature ? found : undefined;
  }

  function upload(objectId: string, request: GraphRequest, found: Session): Answer | 'cut' {
    const status = { id: objectId, file_offset: found.bytes.length };
    if (request.method === 'GET') return { status: 200, body: status };
    if (Number(request.headers.file_offset) !== found.bytes.length) return invalid();
    const room = found.length - found.bytes.length;
    if (request.bytes.length > room) return invalid();
    const taken = cut === null ? request.bytes : request.bytes.subarray(0, cut);
    found.bytes = Buffer.concat([found.bytes, taken]);
    if (cut !== null) {
      cut = null;
      return 'cut';
    }
    if (found.bytes.length < found.length) return { status: 200, body: { ...status, file_offset: found.bytes.length } };
    const handle = `4::${Buffer.from(found.fileType).toString('base64')}:${randomBytes(24).toString('base64url')}`;
    handles.set(handle, { fileName: found.fileName, fileType: found.fileType, bytes: found.bytes });
    return { status: 200, body: { h: handle } };
  }

  return {
    list,
    create,
    edit,
    remove,
    startUpload,
    session,
    upload,
    /** the account's templates as stored, oldest first */
    templates: (wabaId: string) => [...listOf(wabaId)],
    /** a template the account already has (APPROVED unless told) */
    addTemplate(wabaId: string, template: Partial<StoredTemplate> & { name: string }) {
      const stored: StoredTemplate = {
        id: graphId(),
        language: 'en_US',
        category: 'UTILITY',
        status: 'APPROVED',
        parameter_format: 'POSITIONAL',
        components: [{ type: 'BODY', text: 'Hello' }],
        ...template,
      };
      listOf(wabaId).push(stored);
      return stored;
    },
    /** the next upload POST keeps only its first `bytes` bytes, then the connection drops */
    cutNextUpload(bytes: number) {
      cut = bytes;
    },
    /** the file behind an upload handle */
    uploaded: (handle: string) => handles.get(handle),
    reset() {
      templates.clear();
      sessions.clear();
      handles.clear();
      cut = null;
    },
  };
}
