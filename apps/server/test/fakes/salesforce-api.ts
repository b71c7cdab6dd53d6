import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An Account as the stand-in keeps it. */
export interface FakeAccount {
  Id: string;
  Name: string;
  Phone?: string | null;
  SystemModstamp: string;
  [field: string]: unknown;
}

interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams | null;
  json: unknown;
  authorization: string | undefined;
}

/**
 * A Salesforce stand-in with the real wire format: the OAuth web-server flow with PKCE (a consent page, the token
 * endpoint's authorization_code and refresh_token grants, revoke), the identity URL, SOQL queries answered in pages
 * with `nextRecordsUrl`, and Account PATCH/POST. It records requests and can be told to expire sessions, refuse
 * refreshes, rotate refresh tokens or hit the API limit.
 */
export async function startFakeSalesforce(app: { clientId: string; clientSecret: string }) {
  const requests: RecordedRequest[] = [];
  const accounts = new Map<string, FakeAccount>();
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const pages = new Map<string, FakeAccount[]>();
  const state = { pageSize: 2000, rotate: false, limited: false, sequence: 0 };
  const newToken = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

  const send = (response: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      'sforce-limit-info': `api-usage=${requests.length}/15000`,
      ...headers,
    });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const sessionExpired = (response: ServerResponse) =>
    send(response, 401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);

  function tokenAnswer(response: ServerResponse, withRefresh: boolean) {
    const access = newToken('00D!');
    accessTokens.add(access);
    const refresh = withRefresh ? newToken('5Aep') : undefined;
    if (refresh) refreshTokens.add(refresh);
    send(response, 200, {
      access_token: access,
      ...(refresh && { refresh_token: refresh }),
      instance_url: url,
      id: `${url}/id/00D000000000001/005000000000001`,
      token_type: 'Bearer',
      issued_at: String(Date.now()),
      signature: 'c2lnbmF0dXJl',
      scope: 'api refresh_token',
    });
  }

  function token(form: URLSearchParams, response: ServerResponse) {
    if (form.get('client_id') !== app.clientId || form.get('client_secret') !== app.clientSecret)
      return send(response, 400, { error: 'invalid_client', error_description: 'invalid client credentials' });
    if (form.get('grant_type') === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!code)
        return send(response, 400, { error: 'invalid_grant', error_description: 'authorization code expired' });
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
        return send(response, 400, { error: 'invalid_request', error_description: 'invalid code verifier' });
      return tokenAnswer(response, true);
    }
    if (form.get('grant_type') === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      if (!refreshTokens.has(refresh))
        return send(response, 400, { error: 'invalid_grant', error_description: 'expired access/refresh token' });
      if (state.rotate) refreshTokens.delete(refresh);
      return tokenAnswer(response, state.rotate);
    }
    return send(response, 400, { error: 'unsupported_grant_type', error_description: 'grant type not supported' });
  }

  function query(search: URLSearchParams, response: ServerResponse) {
    const soql = search.get('q') ?? '';
    const since = /SystemModstamp\s*>\s*(\S+)/i.exec(soql)?.[1];
    const matching = [...accounts.values()]
      .filter((account) => !since || account.SystemModstamp > since)
      .sort((a, b) => a.SystemModstamp.localeCompare(b.SystemModstamp) || a.Id.localeCompare(b.Id));
    return answerPage(matching, matching.length, response);
  }

  function answerPage(records: FakeAccount[], totalSize: number, response: ServerResponse) {
    const page = records.slice(0, state.pageSize);
    const rest = records.slice(state.pageSize);
    let nextRecordsUrl: string | undefined;
    if (rest.length) {
      state.sequence += 1;
      const locator = `01gD0000002HU6K${state.sequence.toString().padStart(3, '0')}-${state.pageSize}`;
      pages.set(locator, rest);
      nextRecordsUrl = `/services/data/v62.0/query/${locator}`;
    }
    send(response, 200, {
      totalSize,
      done: !nextRecordsUrl,
      ...(nextRecordsUrl && { nextRecordsUrl }),
      records: page.map((account) => ({
        attributes: { type: 'Account', url: `/services/data/v62.0/sobjects/Account/${account.Id}` },
        ...account,
      })),
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const address = new URL(request.url!, url);
    const isForm = String(request.headers['content-type']).includes('x-www-form-urlencoded');
    const recorded: RecordedRequest = {
      method: request.method!,
      path: address.pathname,
      query: address.searchParams,
      form: isForm ? new URLSearchParams(raw) : null,
      json: !isForm && raw ? JSON.parse(raw) : null,
      authorization: request.headers.authorization,
    };
    requests.push(recorded);
    const path = address.pathname;
    if (path === '/services/oauth2/authorize') {
      const code = newToken('aPrx');
      const redirectUri = address.searchParams.get('redirect_uri') ?? '';
      codes.set(code, { challenge: address.searchParams.get('code_challenge') ?? '', redirectUri });
      const back = `${redirectUri}?code=${encodeURIComponent(code)}&state=${encodeURIComponent(address.searchParams.get('state') ?? '')}`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>Allow access?</title><main><h1>Allow access?</h1><a href="${back}">Allow</a></main>`,
      );
      return;
    }
    if (path === '/services/oauth2/token') return token(recorded.form ?? new URLSearchParams(), response);
    if (path === '/services/oauth2/revoke') {
      const revoked = recorded.form?.get('token') ?? '';
      refreshTokens.delete(revoked);
      accessTokens.delete(revoked);
      return send(response, 200);
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!accessTokens.has(bearer)) return sessionExpired(response);
    if (state.limited)
      return send(response, 403, [{ message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }]);
    if (path.startsWith('/id/'))
      return send(response, 200, { username: 'admin@acme.example', organization_id: '00D000000000001' });
    if (/^\/services\/data\/v[\d.]+\/query$/.test(path)) return query(address.searchParams, response);
    const more = /^\/services\/data\/v[\d.]+\/query\/(.+)$/.exec(path);
    if (more) {
      const rest = pages.get(more[1]!);
      pages.delete(more[1]!);
      if (!rest) return send(response, 400, [{ message: 'invalid query locator', errorCode: 'INVALID_QUERY_LOCATOR' }]);
      return answerPage(rest, rest.length, response);
    }
    const sobject = /^\/services\/data\/v[\d.]+\/sobjects\/Account(?:\/(.+))?$/.exec(path);
    if (sobject && request.method === 'PATCH') {
      const account = accounts.get(decodeURIComponent(sobject[1] ?? ''));
      if (!account)
        return send(response, 404, [{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }]);
      Object.assign(account, recorded.json, { SystemModstamp: new Date().toISOString() });
      return send(response, 204);
    }
    if (sobject && request.method === 'POST' && !sobject[1]) {
      const id = `001${randomBytes(6).toString('hex').toUpperCase()}`;
      accounts.set(id, {
        ...(recorded.json as object),
        Id: id,
        SystemModstamp: new Date().toISOString(),
      } as FakeAccount);
      return send(response, 201, { id, success: true, errors: [] });
    }
    send(response, 404, [{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }]);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) =>
      send(response, 500, [{ message: error.message, errorCode: 'UNKNOWN' }]),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    accounts,
    /** every access token stops working: the next call answers INVALID_SESSION_ID */
    expireSessions: () => accessTokens.clear(),
    /** refresh tokens are refused (`invalid_grant`) */
    revokeRefreshTokens: () => refreshTokens.clear(),
    settings: state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeSalesforce = Awaited<ReturnType<typeof startFakeSalesforce>>;
