import { createHash, randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBusinessEndpoints } from './graph-api-business.ts';
import { randomMessengerMid, randomWamid } from './meta-webhooks.ts';

/*
 * Meta's Graph API, locally, for tests of the WhatsApp Cloud API, Messenger and Instagram inboxes.
 *
 * Wire formats follow Meta's references:
 * - errors: Graph API "Handling Errors" (`{ error: { message, type, code, error_subcode, fbtrace_id } }`) and the
 *   WhatsApp Cloud API "Error codes" page, whose table gives each code its HTTP status;
 * - WhatsApp: "Messages" (send answers `messaging_product`, `contacts[{ input, wa_id }]`, `messages[{ id }]`, plus
 *   `message_status` for templates), "Mark messages as read" (`{ success: true }`), the phone number node
 *   (`GET /{phone_number_id}` answers id, display_phone_number, verified_name, quality_rating) and "Media"
 *   (`GET /{media_id}` answers messaging_product, url, mime_type, sha256, file_size, id; the URL is downloaded with
 *   the same bearer token);
 * - Messenger and Instagram: the Send API (`POST /{page_id}/messages` answers `{ recipient_id, message_id }`) and the
 *   Page node (`GET /{page_id}` answers id and name);
 * - message templates on a WhatsApp Business Account and the Resumable Upload API: see `graph-api-business.ts`.
 *
 * HTTP statuses of the errors the fake makes itself:
 * - code 190 on a Graph node read (`GET /{phone_number_id}`, `GET /{page_id}`): 400, with Graph's
 *   `WWW-Authenticate: OAuth "Facebook Platform" "invalid_token" "…"` header, as Graph answers OAuthException;
 * - code 190 on a WhatsApp Cloud API call (`POST /{phone_number_id}/messages`, `GET /{media_id}`,
 *   `/{waba_id}/message_templates`): 401, the status the WhatsApp error-codes table gives "190 Access token has
 *   expired" (and 401 for 0 AuthException);
 * - code 190 on an upload session (`POST /{app_id}/uploads`, `/upload:…`): 400, Graph's general answer;
 * - code 190 on a Messenger / Instagram send: 400, Graph's general answer (Messenger's error-codes page shows the
 *   body, no status);
 * - a media download without the token: 401;
 * - code 100 for an unknown path (GraphMethodException, subcode 33, "Unsupported get request. Object with ID …")
 *   and for a field the node does not have ("Tried accessing nonexisting field"): 400.
 * Scripted failures answer the status they are given: the WhatsApp table gives 429 to the throughput codes
 * (4, 80007, 130429, 131048, 131056), 400 to 100 and 131047 (re-engagement), 500 to 131000.
 */

/** One request the fake received, as the app sent it. */
export interface GraphRequest {
  method: string;
  /** the path under the version, e.g. `/106540352242922/messages`; a path outside it (a media download) whole */
  path: string;
  query: Record<string, string>;
  /** Node's lower-cased header names */
  headers: IncomingHttpHeaders;
  /** the access token: the `Authorization: Bearer` (or `OAuth`) one, else an `access_token` parameter; null without one */
  authorization: string | null;
  /** the body parsed (JSON, or form fields with JSON-looking values parsed), null when empty, the text otherwise */
  body: unknown;
  raw: string;
  /** the body's bytes (an upload's file) */
  bytes: Buffer;
  /** when it arrived, in ms since 1970 (pacing tests count sends per window) */
  at: number;
}

/** Which requests a scripted failure or delay applies to; both parts optional, a string path matches exactly. */
export interface GraphMatch {
  method?: string;
  path?: string | RegExp;
}

/** A Graph error to answer: the HTTP status and the `error` object's fields. */
export interface GraphErrorSpec {
  status: number;
  code: number;
  message?: string;
  /** OAuthException unless told */
  type?: string;
  subcode?: number;
  /** WhatsApp's `error_data.details` */
  details?: string;
}

/**
 * What a node is, for its default fields. Without `kind`, a node given `display_phone_number` or `verified_name` is a
 * phone number and one given `name` a Page; otherwise it has the fields of both and answers a phone number's when
 * asked for none.
 */
export type GraphObjectKind = 'phone_number' | 'page';
export type GraphObjectInfo = { kind?: GraphObjectKind } & Record<string, unknown>;

interface MediaFile {
  content: Buffer;
  mimeType: string;
  token: string | null;
  /** the download answers a redirect here instead of the content */
  movedTo?: string;
  /** the media lookup answers this download URL instead of the fake's own */
  url?: string;
}

const INVALID_TOKEN = 'Invalid OAuth access token - Cannot parse access token';
const DOWNLOAD_PREFIX = '/media-download/';

const matches = (match: GraphMatch, request: GraphRequest) =>
  (!match.method || match.method.toUpperCase() === request.method) &&
  (!match.path || (typeof match.path === 'string' ? match.path === request.path : match.path.test(request.path)));

/** Graph's error body. */
const errorBody = (error: GraphErrorSpec) => ({
  error: {
    message: error.message ?? 'An unknown error has occurred.',
    type: error.type ?? 'OAuthException',
    code: error.code,
    ...(error.details !== undefined && { error_data: { messaging_product: 'whatsapp', details: error.details } }),
    ...(error.subcode !== undefined && { error_subcode: error.subcode }),
    fbtrace_id: randomBytes(9).toString('base64url'),
  },
});

/** Defaults of the two node kinds the app reads, shaped as Graph answers them. */
const PHONE_NUMBER = {
  fields: {
    verified_name: 'Omnichat Test Shop',
    display_phone_number: '+1 555-078-3881',
    quality_rating: 'GREEN',
    code_verification_status: 'VERIFIED',
    name_status: 'APPROVED',
    platform_type: 'CLOUD_API',
    throughput: { level: 'STANDARD' },
    messaging_limit_tier: 'TIER_1K',
  } as Record<string, unknown>,
  // what `GET /{phone_number_id}` answers without `fields`
  answered: ['verified_name', 'display_phone_number', 'id', 'quality_rating'],
  nodeType: 'WhatsAppBusinessPhoneNumber',
};
const PAGE = {
  fields: { name: 'Omnichat Test Page', category: 'Shopping & retail' } as Record<string, unknown>,
  answered: ['name', 'id'],
  nodeType: 'Page',
};

/** `fields=id,name,throughput{level}` → top-level names (Graph always adds `id`). */
const fieldsOf = (param: string) =>
  param
    .replace(/\{[^{}]*\}/g, '')
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);

/** Form values are often JSON, and Meta's own examples write them with single quotes (`recipient={'id':'…'}`). */
function looseJson(value: string): unknown {
  for (const text of [value, value.replace(/'/g, '"')]) {
    try {
      return JSON.parse(text);
    } catch {
      // next form
    }
  }
  return value;
}

function parseBody(raw: string, contentType: string): unknown {
  if (!raw) return null;
  if (contentType.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries([...new URLSearchParams(raw)].map(([key, value]) => [key, looseJson(value)]));
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

async function readBytes(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Starts the fake on 127.0.0.1 and a free port. `url` carries the version as GRAPH_API_URL does
 * (`http://127.0.0.1:PORT/v23.0`). It records every request, accepts only the tokens it was told about, and can be
 * told to fail or to wait.
 */
export async function startFakeGraph(options: { version?: string; port?: number } = {}) {
  const version = options.version ?? 'v23.0';
  const prefix = `/${version}`;
  const requests: GraphRequest[] = [];
  const objects = new Map<string, { tokens: Set<string>; info: GraphObjectInfo }>();
  const failures: { match: GraphMatch; error: GraphErrorSpec; times: number }[] = [];
  const delays: { match: GraphMatch; ms: number; times: number }[] = [];
  const media = new Map<string, MediaFile>();
  let origin = '';
  const business = createBusinessEndpoints(() => origin, prefix);

  const tokenFits = (objectId: string, token: string | null) => !!token && !!objects.get(objectId)?.tokens.has(token);
  const take = <T extends { match: GraphMatch; times: number }>(list: T[], request: GraphRequest) => {
    const index = list.findIndex((item) => item.times > 0 && matches(item.match, request));
    if (index < 0) return undefined;
    const item = list[index]!;
    if (--item.times === 0) list.splice(index, 1);
    return item;
  };

  function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    if (Buffer.isBuffer(body)) {
      response.writeHead(status, { 'content-length': String(body.length), ...headers });
      response.end(body);
      return;
    }
    response.writeHead(status, {
      'content-type': 'application/json; charset=UTF-8',
      'facebook-api-version': version,
      ...headers,
    });
    response.end(JSON.stringify(body));
  }
  const fail = (response: ServerResponse, error: GraphErrorSpec) => {
    const headers: Record<string, string> =
      error.code === 190
        ? { 'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${error.message ?? INVALID_TOKEN}"` }
        : {};
    send(response, error.status, errorBody(error), headers);
  };
  const badToken = (status: number): GraphErrorSpec => ({ status, code: 190, message: INVALID_TOKEN });
  const unsupported = (method: string, objectId: string): GraphErrorSpec => ({
    status: 400,
    code: 100,
    subcode: 33,
    type: 'GraphMethodException',
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${objectId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
  });

  /** `GET /{objectId}`: the node's fields, `fields` honoured as Graph does. */
  function node(objectId: string, request: GraphRequest): { body: object } | { error: GraphErrorSpec } {
    const { info } = objects.get(objectId)!;
    const { kind: declared, ...given } = info;
    const kind =
      declared ??
      ('display_phone_number' in given || 'verified_name' in given ? 'phone_number' : 'name' in given ? 'page' : null);
    const shapes = kind === 'page' ? [PAGE] : kind === 'phone_number' ? [PHONE_NUMBER] : [PHONE_NUMBER, PAGE];
    const record: Record<string, unknown> = { ...Object.assign({}, ...shapes.map((s) => s.fields)), ...given };
    record.id = objectId;
    const asked = request.query.fields ? fieldsOf(request.query.fields) : null;
    const missing = asked?.find((field) => !(field in record));
    if (missing !== undefined) {
      const shape = shapes.find((s) => asked!.some((field) => field !== 'id' && field in s.fields)) ?? shapes[0]!;
      return {
        error: {
          status: 400,
          code: 100,
          message: `(#100) Tried accessing nonexisting field (${missing}) on node type (${shape.nodeType})`,
        },
      };
    }
    const names = asked ? [...new Set([...asked, 'id'])] : [...shapes[0]!.answered, ...Object.keys(given)];
    return { body: Object.fromEntries(names.filter((name) => name in record).map((name) => [name, record[name]])) };
  }

  /** `POST /{objectId}/messages`: WhatsApp's answer when the body names the product, the Send API's otherwise. */
  function message(body: Record<string, unknown>): { status: number; body: unknown } | { error: GraphErrorSpec } {
    if (body.messaging_product === 'whatsapp') {
      if (body.status === 'read') {
        if (typeof body.message_id !== 'string')
          return { error: { status: 400, code: 100, message: '(#100) The parameter message_id is required.' } };
        return { status: 200, body: { success: true } };
      }
      if (typeof body.to !== 'string' || !body.to)
        return { error: { status: 400, code: 100, message: '(#100) The parameter to is required.' } };
      return {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to.replace(/\D/g, '') || body.to }],
          messages: [
            { id: randomWamid(body.to, 'outbound'), ...(body.type === 'template' && { message_status: 'accepted' }) },
          ],
        },
      };
    }
    const recipient = body.recipient as { id?: unknown } | undefined;
    if (!recipient || typeof recipient !== 'object')
      return { error: { status: 400, code: 100, message: '(#100) The parameter recipient is required' } };
    // the Send API names no recipient_id for a user_ref, phone_number or comment_id recipient
    return {
      status: 200,
      body: {
        ...(typeof recipient.id === 'string' && { recipient_id: recipient.id }),
        message_id: randomMessengerMid(),
      },
    };
  }

  async function handle(incoming: IncomingMessage, response: ServerResponse) {
    const at = Date.now();
    const url = new URL(incoming.url ?? '/', 'http://fake-graph');
    const bytes = await readBytes(incoming);
    const raw = bytes.toString('utf8');
    const body = parseBody(raw, incoming.headers['content-type'] ?? '');
    const formToken =
      body && typeof body === 'object' && typeof (body as { access_token?: unknown }).access_token === 'string'
        ? (body as { access_token: string }).access_token
        : null;
    const bearer = /^(?:Bearer|OAuth)\s+(\S+)\s*$/i.exec(incoming.headers.authorization ?? '')?.[1] ?? null;
    const underVersion = url.pathname === prefix || url.pathname.startsWith(`${prefix}/`);
    const request: GraphRequest = {
      method: (incoming.method ?? 'GET').toUpperCase(),
      path: underVersion ? url.pathname.slice(prefix.length) || '/' : url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: incoming.headers,
      authorization: bearer ?? url.searchParams.get('access_token') ?? formToken,
      body,
      raw,
      bytes,
      at,
    };
    requests.push(request);

    const delay = take(delays, request);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay.ms));
    const failure = take(failures, request);
    if (failure) return fail(response, failure.error);

    const token = request.authorization;
    // a media file, outside the versioned API as Meta's lookaside host is
    if (!underVersion && request.path.startsWith(DOWNLOAD_PREFIX)) {
      const file = media.get(decodeURIComponent(request.path.slice(DOWNLOAD_PREFIX.length)));
      if (!file || request.method !== 'GET') return send(response, 404, Buffer.alloc(0));
      if (file.token !== null && bearer !== file.token) return fail(response, badToken(401));
      if (file.movedTo) return send(response, 302, Buffer.alloc(0), { location: file.movedTo });
      return send(response, 200, file.content, { 'content-type': file.mimeType });
    }

    const [objectId, edge, ...rest] = request.path.split('/').filter(Boolean).map(decodeURIComponent);
    if (!underVersion || !objectId || rest.length > 0)
      return fail(response, unsupported(request.method, objectId ?? ''));

    const answer = (result: { status: number; body: unknown } | { error: GraphErrorSpec }) =>
      'error' in result ? fail(response, result.error) : send(response, result.status, result.body);

    // the Resumable Upload API: a session of the token that opened it
    if (objectId.startsWith('upload:') && edge === undefined && ['GET', 'POST'].includes(request.method)) {
      const session = business.session(objectId, request, token);
      if (!session) return fail(response, badToken(400));
      const result = business.upload(objectId, request, session);
      return result === 'cut' ? response.destroy() : answer(result);
    }
    if (request.method === 'POST' && edge === 'uploads') {
      if (!tokenFits(objectId, token)) return fail(response, badToken(400));
      return answer(business.startUpload(request, token!));
    }
    if (edge === 'message_templates') {
      if (!tokenFits(objectId, token)) return fail(response, badToken(401));
      const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
      if (request.method === 'GET') return answer(business.list(objectId, request));
      if (request.method === 'POST') return answer(business.create(objectId, fields));
      if (request.method === 'DELETE') return answer(business.remove(objectId, request));
    }

    if (request.method === 'POST' && edge === undefined) {
      const edited = business.edit(objectId, (body && typeof body === 'object' ? body : {}) as Record<string, unknown>);
      if (edited) return tokenFits(edited.wabaId, token) ? answer(edited.answer) : fail(response, badToken(401));
    }

    if (request.method === 'GET' && edge === undefined) {
      const file = media.get(objectId);
      if (file) {
        if (file.token !== null && token !== file.token) return fail(response, badToken(401));
        return send(response, 200, {
          messaging_product: 'whatsapp',
          url: file.url ?? `${origin}${DOWNLOAD_PREFIX}${encodeURIComponent(objectId)}`,
          mime_type: file.mimeType,
          sha256: createHash('sha256').update(file.content).digest('hex'),
          file_size: file.content.length,
          id: objectId,
        });
      }
      if (!tokenFits(objectId, token)) return fail(response, badToken(400));
      const answer = node(objectId, request);
      return 'error' in answer ? fail(response, answer.error) : send(response, 200, answer.body);
    }

    if (request.method === 'POST' && edge === 'messages') {
      const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
      const whatsapp = fields.messaging_product === 'whatsapp';
      if (!tokenFits(objectId, token)) return fail(response, badToken(whatsapp ? 401 : 400));
      const answer = message(fields);
      return 'error' in answer ? fail(response, answer.error) : send(response, answer.status, answer.body);
    }

    return fail(response, unsupported(request.method, objectId));
  }

  const server: Server = createServer((incoming, response) => {
    handle(incoming, response).catch((error: unknown) => {
      if (!response.headersSent) fail(response, { status: 500, code: 1, message: String(error) });
      else response.destroy();
    });
  });
  // a port chosen ahead (the journeys') may have been taken since: fail at once rather than hang
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  /** `token` works for `objectId` (a phone number id or a Page id); `info` sets the node's fields or `kind`. */
  function allow(objectId: string, token: string, info?: GraphObjectInfo) {
    const object = objects.get(objectId) ?? { tokens: new Set<string>(), info: {} };
    object.tokens.add(token);
    if (info) object.info = { ...object.info, ...info };
    objects.set(objectId, object);
  }

  return {
    /** the base URL with the version, for GRAPH_API_URL */
    url: `${origin}${prefix}`,
    /** every request received, oldest first */
    requests,
    /** the message sends recorded (POST …/messages, read marks included), optionally those a predicate picks */
    sent: (predicate: (request: GraphRequest) => boolean = () => true) =>
      requests.filter((r) => r.method === 'POST' && /^\/[^/]+\/messages$/.test(r.path) && predicate(r)),
    tokens: {
      allow,
      /** `token` (every token without one) no longer works for `objectId` */
      revoke(objectId: string, token?: string) {
        const object = objects.get(objectId);
        if (token === undefined) object?.tokens.clear();
        else object?.tokens.delete(token);
      },
    },
    /** the same as `tokens.allow` */
    allow,
    /** the next `times` requests matching answer Graph's error (before any token check) */
    failNext(match: GraphMatch, error: GraphErrorSpec, times = 1) {
      failures.push({ match, error, times });
    },
    /** the next `times` requests matching are answered after `ms` */
    delayNext(match: GraphMatch, ms: number, times = 1) {
      delays.push({ match, ms, times });
    },
    /**
     * A media id Graph resolves to a download of `content`, both needing `token` (WhatsApp); with a null token the
     * download is a public signed URL as Messenger's and Instagram's attachments are. Answers the download URL.
     */
    media(mediaId: string, content: Buffer, mimeType: string, token: string | null) {
      media.set(mediaId, { content, mimeType, token });
      return `${origin}${DOWNLOAD_PREFIX}${encodeURIComponent(mediaId)}`;
    },
    /** Like `media`, but its download answers `302 Found` to `location` (a file moved elsewhere). */
    movedMedia(mediaId: string, location: string, token: string | null) {
      media.set(mediaId, { content: Buffer.alloc(0), mimeType: 'application/octet-stream', token, movedTo: location });
      return `${origin}${DOWNLOAD_PREFIX}${encodeURIComponent(mediaId)}`;
    },
    /** A WhatsApp media id whose lookup answers `url` as its download address (a file on another host). */
    mediaElsewhere(mediaId: string, url: string, mimeType: string, token: string) {
      media.set(mediaId, { content: Buffer.alloc(0), mimeType, token, url });
    },
    /** the templates of a WhatsApp Business Account (allowed with `allow(wabaId, token)`), as created */
    templates: business.templates,
    /** a template the account already has, APPROVED unless told */
    addTemplate: business.addTemplate,
    /** the next `POST /upload:…` keeps only its first `bytes` bytes, then the connection drops (resume from there) */
    cutNextUpload: business.cutNextUpload,
    /** the file an upload handle names: its name, type and bytes */
    uploaded: business.uploaded,
    /** forgets requests, scripted failures, delays, media, templates and uploads (allowed tokens and node fields stay) */
    reset() {
      requests.length = 0;
      failures.length = 0;
      delays.length = 0;
      media.clear();
      business.reset();
    },
    /** stops the server, cutting any request still waiting on a delay */
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type FakeGraph = Awaited<ReturnType<typeof startFakeGraph>>;
