import { teamEndpoints } from '@omnichat/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFetch } from '../../test/fetch-stub.ts';
import { ADMIN } from '../../test/fixtures.ts';
import { probe } from '../../test/probe-endpoint.ts';
import { refreshSession } from '../session/refresh.ts';
import { STORAGE_KEYS, session, writeJson, writeString } from '../storage.ts';
import { getToasts } from '../toast/toast-store.ts';
import { ApiError, createHttpClient } from './client.ts';

const WORKSPACE_ID = '6f1c2c8e-8a55-4c57-9d0a-1f2a3b4c5d6e';
const member = {
  id: '0b8d1d0c-1111-4c57-9d0a-1f2a3b4c5d6e',
  role: 'member',
  permissions: ['conversation_read'],
  active: true,
  invited: false,
  joined_at: 0,
  availability: 'online',
  workspace: {
    id: WORKSPACE_ID,
    name: 'Acme',
    avatar: '',
    time_zone: 'Asia/Hong_Kong',
    default_country: 'HK',
    opt_out_keywords: ['STOP', 'UNSUBSCRIBE'],
    user: {
      id: '9a8d1d0c-2222-4c57-9d0a-1f2a3b4c5d6e',
      username: 'amy',
      display_name: 'Amy',
      email: 'amy@example.com',
      avatar: '',
      status: 'active',
      email_verified: true,
      invited: false,
      invited_at: 0,
      created_at: 0,
    },
  },
};

function makeClient() {
  const onSessionExpired = vi.fn(() => writeString(STORAGE_KEYS.token, null));
  const sleep = vi.fn(async () => undefined);
  const notify = vi.fn();
  const client = createHttpClient({
    getToken: session.token,
    getLocale: () => 'en',
    refreshSession,
    onSessionExpired,
    notify,
    sleep,
  });
  return { client, onSessionExpired, sleep, notify };
}

describe('http client', () => {
  beforeEach(() => {
    writeString(STORAGE_KEYS.token, 'old-token');
    writeString(STORAGE_KEYS.loginType, 'system_user');
    writeJson(STORAGE_KEYS.workspaceMember, member);
  });

  it('sends the stored token and locale', async () => {
    const { calls } = stubFetch({ 'GET /v1/self': [ok({ id: 'me' })] });
    const { client } = makeClient();
    await expect(client.call(probe('GET', '/v1/self'))).resolves.toEqual({ id: 'me' });
    expect(calls[0]?.headers.authorization).toBe('Bearer old-token');
    expect(calls[0]?.headers['x-locale']).toBe('en');
  });

  it('refreshes the workspace token after a 401 and retries once with the new token', async () => {
    const { calls } = stubFetch({
      'GET /v1/self': [fail(401, 'your session has expired, please sign in again'), ok({ id: 'me' })],
      'POST /v1/auth/refresh-token': [ok({ workspace: member, token: 'new-token' })],
    });
    const { client, sleep, onSessionExpired } = makeClient();
    await expect(client.call(probe('GET', '/v1/self'))).resolves.toEqual({ id: 'me' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /v1/self',
      'POST /v1/auth/refresh-token',
      'GET /v1/self',
    ]);
    expect(calls[1]?.body).toEqual({ token: 'old-token', workspace_id: WORKSPACE_ID });
    expect(calls[2]?.headers.authorization).toBe('Bearer new-token');
    expect(session.token()).toBe('new-token');
    expect(sleep).toHaveBeenCalledWith(3000);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('refreshes an admin token with {token} only', async () => {
    writeString(STORAGE_KEYS.loginType, 'system_admin');
    const { calls } = stubFetch({
      'GET /v1/admin/self/permission': [fail(401, 'unauthorized'), ok({ permissions: [] })],
      'POST /v1/admin/auth/refresh-token': [ok({ admin: ADMIN, token: 'admin-2' })],
    });
    const { client } = makeClient();
    await client.call(probe('GET', '/v1/admin/self/permission'));
    expect(calls[1]?.body).toEqual({ token: 'old-token' });
    expect(session.token()).toBe('admin-2');
  });

  it('clears the token and leaves after a final 401, with the "unauthorized" toast and trace line', async () => {
    const { calls } = stubFetch({
      'GET /v1/self': [fail(401, 'your session has expired, please sign in again', 'abc123')],
      'POST /v1/auth/refresh-token': [ok({ workspace: member, token: 'new-token' })],
    });
    const { client, onSessionExpired, notify } = makeClient();
    await expect(client.call(probe('GET', '/v1/self'))).rejects.toBeInstanceOf(ApiError);
    expect(calls.filter((c) => c.url === '/v1/self')).toHaveLength(2);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(session.token()).toBeNull();
    expect(notify).toHaveBeenCalledWith('error', 'unauthorized', [
      'your session has expired, please sign in again',
      '[401] Trace: #abc123',
    ]);
  });

  it('gives up without retrying when the refresh itself fails', async () => {
    const { calls } = stubFetch({
      'GET /v1/self': [fail(401, 'unauthorized')],
      'POST /v1/auth/refresh-token': [fail(401, 'unauthorized')],
    });
    const { client, onSessionExpired, sleep } = makeClient();
    await expect(client.call(probe('GET', '/v1/self'))).rejects.toThrow();
    expect(calls).toHaveLength(2);
    expect(sleep).not.toHaveBeenCalled();
    expect(onSessionExpired).toHaveBeenCalled();
    expect(session.token()).toBeNull();
  });

  it('does not retry public URLs or 413', async () => {
    const { calls } = stubFetch({
      'POST /public/v1/auth/login': [fail(401, 'invalid username or password')],
      'POST /v1/workspace': [fail(413, 'Media size cannot be larger than 20MB', 'big')],
    });
    const { client, onSessionExpired, notify } = makeClient();
    await expect(client.call(probe('POST', '/public/v1/auth/login'))).rejects.toThrow('invalid username or password');
    await expect(client.call(probe('POST', '/v1/workspace'))).rejects.toThrow();
    expect(calls).toHaveLength(2);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(notify).toHaveBeenLastCalledWith('error', 'Media size cannot be larger than 20MB', ['[413] Trace: #big']);
  });

  it('retries a 403 once, then shows "you have no permission" with the server text', async () => {
    const { calls } = stubFetch({ 'GET /v1/workflow': [fail(403, 'missing permissions: workflow_read', 't403')] });
    const { client, notify, sleep } = makeClient();
    await expect(client.call(probe('GET', '/v1/workflow'))).rejects.toMatchObject({ status: 403 });
    expect(calls).toHaveLength(2);
    expect(sleep).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith('error', 'you have no permission', [
      'missing permissions: workflow_read',
      '[403] Trace: #t403',
    ]);
  });

  it('shows the server text for other statuses and "Network Error" when fetch fails', async () => {
    stubFetch({ 'GET /v1/things': [fail(429, 'too many requests, please try again in 30 seconds', 'r1')] });
    const { client, notify } = makeClient();
    await expect(client.call(probe('GET', '/v1/things'))).rejects.toThrow();
    expect(notify).toHaveBeenCalledWith('error', 'too many requests, please try again in 30 seconds', [
      '[429] Trace: #r1',
    ]);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(client.call(probe('GET', '/v1/things'))).rejects.toThrow('Network Error');
    expect(notify).toHaveBeenLastCalledWith('error', 'Network Error', []);
  });

  it('answers "unknown error" for a reply without success', async () => {
    stubFetch({ 'GET /v1/odd': [{ status: 200, body: { nope: true } }] });
    const { client } = makeClient();
    await expect(client.call(probe('GET', '/v1/odd'))).rejects.toThrow('unknown error');
    expect(getToasts()).toHaveLength(0);
  });
});

describe('inlineFields: a form shows the field errors, so they are not toasted as well', () => {
  const taken = () =>
    fail(409, 'this e-mail address is already registered', 'dup-1', {
      email: 'this e-mail address is already registered',
    });

  it('leaves a failure that names fields to the form: no toast, the error carries the fields', async () => {
    stubFetch({ 'POST /public/v1/auth/register': [taken()] });
    const { client, notify } = makeClient();
    const error = await client
      .call(probe('POST', '/public/v1/auth/register'), { inlineFields: true })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'this e-mail address is already registered',
      traceId: 'dup-1',
      fields: { email: 'this e-mail address is already registered' },
      toasted: false,
    });
    expect(notify).not.toHaveBeenCalled();
  });

  it('toasts the same failure with its trace when the call did not ask for it', async () => {
    stubFetch({ 'POST /public/v1/auth/register': [taken()] });
    const { client, notify } = makeClient();
    await expect(client.call(probe('POST', '/public/v1/auth/register'))).rejects.toMatchObject({
      status: 409,
      toasted: true,
    });
    expect(notify).toHaveBeenCalledWith('error', 'this e-mail address is already registered', ['[409] Trace: #dup-1']);
  });

  it('still toasts a failure without fields, such as a server error', async () => {
    stubFetch({ 'POST /v1/self/email': [fail(500, 'database unavailable', 'boom')] });
    const { client, notify } = makeClient();
    await expect(client.call(probe('POST', '/v1/self/email'), { inlineFields: true })).rejects.toMatchObject({
      status: 500,
      toasted: true,
    });
    expect(notify).toHaveBeenCalledWith('error', 'server error', ['database unavailable', '[500] Trace: #boom']);
  });
});

describe('calls of contract endpoints', () => {
  const TEAM = {
    id: '3c1d1d0c-3333-4c57-9d0a-1f2a3b4c5d6e',
    name: 'Support',
    description: '',
    permissions: [],
    member_count: 2,
    created_at: 1,
    updated_at: 2,
    members: [],
  };
  const PAGE = { page: 2, size: 10, total: 11, total_pages: 2 };

  beforeEach(() => writeString(STORAGE_KEYS.token, 'token'));

  it('fill the path, send query and body, and answer the parsed data with its page', async () => {
    const { calls } = stubFetch({
      'GET /v1/teams': [{ status: 200, body: { success: true, data: [TEAM], page: PAGE } }],
      [`PUT /v1/teams/${TEAM.id}`]: [ok(TEAM)],
    });
    const { client } = makeClient();
    const listed = await client.callEnvelope(teamEndpoints.list, { query: { page: 2, size: 10 } });
    expect(listed.data.map((team) => team.name)).toEqual(['Support']);
    expect(listed.page).toEqual(PAGE);
    expect(calls[0]?.url).toContain('/v1/teams?page=2&size=10');

    const updated = await client.call(teamEndpoints.update, { params: { id: TEAM.id }, body: { name: 'Support' } });
    expect(updated.member_count).toBe(2);
    expect(calls[1]?.body).toEqual({ name: 'Support' });
  });

  it('report an answer that does not match the contract instead of passing it on', async () => {
    stubFetch({ [`GET /v1/teams/${TEAM.id}`]: [ok({ ...TEAM, member_count: 'two' })] });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client, notify } = makeClient();
    await expect(client.call(teamEndpoints.get, { params: { id: TEAM.id } })).rejects.toThrow(
      "the server's answer could not be read",
    );
    expect(notify).toHaveBeenCalledWith('error', "the server's answer could not be read", [`GET /v1/teams/${TEAM.id}`]);
    expect(logged.mock.calls[0]?.[0]).toContain('does not match its contract');
    logged.mockRestore();
  });
});
