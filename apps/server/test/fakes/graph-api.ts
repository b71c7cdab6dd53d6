import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, as the app sent it. */
export interface GraphRequest {
  method: string;
  /** the path under the version, e.g. `/106540352242922/messages` */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** the bearer token, or null */
  authorization: string | null;
  body: unknown;
}

interface Match {
  method?: string;
  path?: string | RegExp;
}
interface ScriptedError {
  status: number;
  code: number;
  message?: string;
  type?: string;
  subcode?: number;
}

const matches = (match: Match, request: GraphRequest) =>
  (!match.method || match.method === request.method) &&
  (!match.path || (typeof match.path === 'string' ? match.path === request.path : match.path.test(request.path)));

/** Graph's error body, as Meta answers it. */
const graphError = (error: ScriptedError) => ({
  error: {
    message: error.message ?? 'An unknown error has occurred.',
    type: error.type ?? 'OAuthException',
    code: error.code,
    ...(error.subcode !== undefined && { error_subcode: error.subcode }),
    fbtrace_id: randomBytes(8).toString('base64url'),
  },
});
const BAD_TOKEN: ScriptedError = {
  status: 401,
  code: 190,
  message: 'Invalid OAuth access token - Cannot parse access token',
  type: 'OAuthException',
};

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * Meta's Graph API, locally, under `url` (which carries the version as the real one does): object look-ups that
 * prove a token, WhatsApp, Messenger and Instagram sends with Meta's answers, media with authenticated downloads.
 * It records every request, accepts only the tokens it was told about, and can be told to fail or to wait.
 */
export async function startFakeGraph(options: { version?: string } = {}) {
  const version = options.version ?? 'v23.0';
  const requests: GraphRequest[] = [];
  const allowed = new Map<string, Set<string>>();
  const failures: { match: Match; error: ScriptedError; times: number }[] = [];
  const delays: { match: Match; ms: number }[] = [];
  const media = new Map<string, { content: Buffer; mimeType: string; token: string | null }>();
  const tokenFits = (objectId: string, token: string | null) => !!token && !!allowed.get(objectId)?.has(token);

  const server: Server = createServer(async (incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://fake-graph');
    const answer = (status: number, body: unknown, type = 'application/json') => {
      response.writeHead(status, { 'content-type': type });
      response.end(Buffer.isBuffer(body) ? body : JSON.stringify(body));
    };
    const bearer = /^Bearer (.+)$/.exec(incoming.headers.authorization ?? '')?.[1] ?? null;

    // a media file, outside the versioned API as Meta's lookaside host is
    const download = /^\/media-download\/([^/]+)$/.exec(url.pathname);
    if (download) {
      const file = media.get(download[1]!);
      if (!file) return answer(404, graphError({ status: 404, code: 100, message: 'Unknown media' }));
      if (file.token !== null && bearer !== file.token) return answer(401, graphError(BAD_TOKEN));
      return answer(200, file.content, file.mimeType);
    }

    const prefix = `/${version}`;
    const request: GraphRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) || '/' : url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: incoming.headers,
      authorization: bearer,
      body: await bodyOf(incoming),
    };
    requests.push(request);

    const delay = delays.findIndex((d) => matches(d.match, request));
    if (delay >= 0) {
      const [{ ms }] = delays.splice(delay, 1) as unknown as [{ ms: number }];
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    const failure = failures.find((f) => f.times > 0 && matches(f.match, request));
    if (failure) {
      failure.times--;
      return answer(failure.error.status, graphError(failure.error));
    }
    if (!url.pathname.startsWith(prefix))
      return answer(400, graphError({ status: 400, code: 2500, message: 'Unknown path components' }));

    const [objectId, edge] = request.path.split('/').filter(Boolean) as [string | undefined, string | undefined];
    if (!objectId) return answer(400, graphError({ status: 400, code: 100, message: 'Unsupported get request.' }));

    if (request.method === 'GET' && !edge) {
      const file = media.get(objectId);
      if (file) {
        if (bearer !== file.token) return answer(401, graphError(BAD_TOKEN));
        const address = server.address() as AddressInfo;
        return answer(200, {
          messaging_product: 'whatsapp',
          url: `http://127.0.0.1:${address.port}/media-download/${objectId}`,
          mime_type: file.mimeType,
          sha256: randomBytes(32).toString('hex'),
          file_size: file.content.length,
          id: objectId,
        });
      }
      if (!tokenFits(objectId, bearer)) return answer(400, graphError({ ...BAD_TOKEN, status: 400 }));
      return answer(200, { id: objectId, name: `Object ${objectId}`, display_phone_number: '+852 5555 0000' });
    }

    if (request.method === 'POST' && edge === 'messages') {
      if (!tokenFits(objectId, bearer)) return answer(401, graphError(BAD_TOKEN));
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (body.messaging_product === 'whatsapp') {
        if (body.status === 'read') return answer(200, { success: true });
        return answer(200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: `wamid.${randomBytes(24).toString('base64')}` }],
        });
      }
      const recipient = (body.recipient as { id?: string } | undefined)?.id;
      return answer(200, { recipient_id: recipient, message_id: `m_${randomBytes(30).toString('base64url')}` });
    }

    return answer(400, graphError({ status: 400, code: 100, message: 'Unsupported request.' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/${version}`,
    requests,
    /** the message sends recorded (POST …/messages), optionally only those a predicate picks */
    sent: (predicate: (request: GraphRequest) => boolean = () => true) =>
      requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages') && predicate(r)),
    /** `token` works for `objectId` (a phone number id or a Page id): look-ups and sends with it succeed */
    allow(objectId: string, token: string) {
      allowed.set(objectId, (allowed.get(objectId) ?? new Set()).add(token));
    },
    /** the next `times` requests matching answer Graph's error */
    failNext(match: Match, error: ScriptedError, times = 1) {
      failures.push({ match, error, times });
    },
    /** the next request matching is answered after `ms` */
    delayNext(match: Match, ms: number) {
      delays.push({ match, ms });
    },
    /**
     * A media id Graph resolves to a download of `content`, both needing `token` (WhatsApp); with a null token the
     * download is a public signed URL as Messenger's and Instagram's attachments are. Answers the download URL.
     */
    media(mediaId: string, content: Buffer, mimeType: string, token: string | null) {
      media.set(mediaId, { content, mimeType, token });
      return `http://127.0.0.1:${port}/media-download/${mediaId}`;
    },
    /** forgets requests, scripted failures, delays and media (allowed tokens stay) */
    reset() {
      requests.length = 0;
      failures.length = 0;
      delays.length = 0;
      media.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeGraph = Awaited<ReturnType<typeof startFakeGraph>>;
