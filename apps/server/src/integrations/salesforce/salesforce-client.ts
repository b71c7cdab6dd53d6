import { createHash, randomBytes } from 'node:crypto';
import type { OutboundClient } from '../../platform/outbound/outbound-client.ts';

/** The REST API version every call names (58.0 or later is required; this is Winter '25's). */
export const SALESFORCE_API_VERSION = '62.0';
const ANSWER_MAX_BYTES = 16 * 1024 * 1024;

/** The connected (External Client) app, as the organization saved it, and where Salesforce sends the browser back. */
export interface SalesforceApp {
  /** the login host: https://login.salesforce.com, a sandbox's https://test.salesforce.com, or a My Domain */
  loginUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** What a token answer grants; `instanceUrl` is where every REST call goes. */
export interface SalesforceTokens {
  accessToken: string;
  /** null when the answer carried none (a refresh without rotation keeps the one it used) */
  refreshToken: string | null;
  instanceUrl: string;
  /** the identity URL (…/id/<org id>/<user id>) */
  identityUrl: string | null;
  /** epoch milliseconds */
  issuedAt: number | null;
}

/**
 * A refusal of Salesforce: an OAuth `error` (`invalid_grant`, `invalid_client`) or a REST `errorCode`
 * (`INVALID_SESSION_ID`, `REQUEST_LIMIT_EXCEEDED`, `NOT_FOUND`), with its words.
 */
export class SalesforceError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, message: string, status: number) {
    super(message);
    this.name = 'SalesforceError';
    this.code = code;
    this.status = status;
  }
  /** the refresh token is refused: only a full re-authentication helps */
  get needsReauth() {
    return this.code === 'invalid_grant';
  }
  /** the org's API limit: slow down, try later */
  get limited() {
    return this.code === 'REQUEST_LIMIT_EXCEEDED';
  }
}

/** A PKCE verifier and its S256 challenge. */
export function pkcePair() {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const trimmed = (url: string) => url.replace(/\/+$/, '');

/** Where the browser goes to consent: the web-server flow with PKCE (S256) and a state. */
export function authorizeUrl(app: SalesforceApp, state: string, challenge: string): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: app.redirectUri,
    state,
    scope: 'api refresh_token',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `${trimmed(app.loginUrl)}/services/oauth2/authorize?${query}`;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: unknown;
}

/** The usage the last answer's `Sforce-Limit-Info` told (`api-usage=25/15000`). */
export interface LimitInfo {
  used: number;
  max: number;
}

export function limitInfoOf(header: string | string[] | undefined): LimitInfo | null {
  const match = /api-usage=(\d+)\/(\d+)/.exec(Array.isArray(header) ? header.join(',') : (header ?? ''));
  return match ? { used: Number(match[1]), max: Number(match[2]) } : null;
}

function tokensOf(json: Record<string, unknown>, keptRefresh: string | null): SalesforceTokens {
  return {
    accessToken: String(json.access_token),
    refreshToken: typeof json.refresh_token === 'string' ? json.refresh_token : keptRefresh,
    instanceUrl: trimmed(String(json.instance_url)),
    identityUrl: typeof json.id === 'string' ? json.id : null,
    issuedAt: json.issued_at ? Number(json.issued_at) : null,
  };
}

/**
 * Salesforce's OAuth and REST API over the safe outbound client (the login host is a URL the organization gave).
 * A session refreshes its access token once when Salesforce answers `INVALID_SESSION_ID` and tells the caller the
 * new tokens at once (a rotated refresh token invalidates the old one).
 */
export function createSalesforceClient(outbound: OutboundClient, options: { timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function call(
    url: string,
    method: 'GET' | 'POST' | 'PATCH',
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    const answer = await outbound.request(url, {
      method: method === 'PATCH' ? 'PATCH' : method,
      headers: { accept: 'application/json', ...headers },
      ...(body !== undefined && { body: Buffer.from(body) }),
      maxBytes: ANSWER_MAX_BYTES,
      timeoutMs,
      acceptStatus: () => true,
    });
    const text = answer.body.toString('utf8');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: answer.status, headers: answer.headers, json };
  }

  async function token(app: SalesforceApp, form: Record<string, string>, keptRefresh: string | null) {
    const answer = await call(
      `${trimmed(app.loginUrl)}/services/oauth2/token`,
      'POST',
      { 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ ...form, client_id: app.clientId, client_secret: app.clientSecret }).toString(),
    );
    const json = (answer.json ?? {}) as Record<string, unknown>;
    if (answer.status !== 200 || typeof json.access_token !== 'string')
      throw new SalesforceError(
        String(json.error ?? 'token_failed'),
        String(json.error_description ?? `the token endpoint answered HTTP ${answer.status}`),
        answer.status,
      );
    return tokensOf(json, keptRefresh);
  }

  const exchangeCode = (app: SalesforceApp, code: string, verifier: string) =>
    token(
      app,
      { grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, code_verifier: verifier },
      null,
    );

  const refresh = (app: SalesforceApp, refreshToken: string) =>
    token(app, { grant_type: 'refresh_token', refresh_token: refreshToken }, refreshToken);

  async function revoke(app: SalesforceApp, tokenValue: string) {
    const answer = await call(
      `${trimmed(app.loginUrl)}/services/oauth2/revoke`,
      'POST',
      { 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ token: tokenValue }).toString(),
    );
    if (answer.status !== 200) {
      const json = (answer.json ?? {}) as Record<string, unknown>;
      throw new SalesforceError(
        String(json.error ?? 'revoke_failed'),
        String(json.error_description ?? `the revoke endpoint answered HTTP ${answer.status}`),
        answer.status,
      );
    }
  }

  /** REST calls with `tokens`; `onTokens` is told of refreshed tokens before the call is tried again. */
  function session(app: SalesforceApp, tokens: SalesforceTokens, onTokens: (next: SalesforceTokens) => Promise<void>) {
    let current = tokens;
    let limit: LimitInfo | null = null;

    async function rest(method: 'GET' | 'POST' | 'PATCH', path: string, body?: object): Promise<Answer> {
      const send = () =>
        call(
          path.startsWith('http') ? path : `${current.instanceUrl}${path}`,
          method,
          {
            authorization: `Bearer ${current.accessToken}`,
            ...(body && { 'content-type': 'application/json' }),
          },
          body && JSON.stringify(body),
        );
      let answer = await send();
      if (answer.status === 401 && errorOf(answer).code === 'INVALID_SESSION_ID' && current.refreshToken) {
        current = await refresh(app, current.refreshToken);
        await onTokens(current);
        answer = await send();
      }
      limit = limitInfoOf(answer.headers['sforce-limit-info']) ?? limit;
      if (answer.status >= 300) {
        const { code, message } = errorOf(answer);
        throw new SalesforceError(code, message, answer.status);
      }
      return answer;
    }

    const base = `/services/data/v${SALESFORCE_API_VERSION}`;
    return {
      get limit() {
        return limit;
      },
      /** Each page of a SOQL query's records, following `nextRecordsUrl` until `done`. */
      async *query<T = Record<string, unknown>>(soql: string): AsyncGenerator<T[]> {
        let next: string | null = `${base}/query?q=${encodeURIComponent(soql)}`;
        while (next) {
          const page = (await rest('GET', next)).json as { done: boolean; nextRecordsUrl?: string; records: T[] };
          yield page.records ?? [];
          next = page.done ? null : (page.nextRecordsUrl ?? null);
        }
      },
      async update(sobject: string, id: string, fields: Record<string, unknown>) {
        await rest('PATCH', `${base}/sobjects/${sobject}/${encodeURIComponent(id)}`, fields);
      },
      async create(sobject: string, fields: Record<string, unknown>): Promise<string> {
        return String(((await rest('POST', `${base}/sobjects/${sobject}`, fields)).json as { id: string }).id);
      },
      /** Who the tokens act as (the identity URL of the token answer). */
      async identity() {
        const json = (await rest('GET', current.identityUrl ?? `${base}/`)).json as Record<string, unknown>;
        return { username: String(json.username ?? ''), organizationId: String(json.organization_id ?? '') };
      },
    };
  }

  return { exchangeCode, refresh, revoke, session };
}

export type SalesforceClient = ReturnType<typeof createSalesforceClient>;

/** A REST error answer's first `[{errorCode, message}]`, or the status in words. */
function errorOf(answer: Answer): { code: string; message: string } {
  const first = Array.isArray(answer.json) ? (answer.json[0] as Record<string, unknown> | undefined) : undefined;
  return {
    code: String(first?.errorCode ?? `HTTP_${answer.status}`),
    message: String(first?.message ?? `Salesforce answered HTTP ${answer.status}`),
  };
}
