import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { z } from 'zod';
import { createAdmin, createOwner, createUser, loginAdmin, PASSWORD } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import type { MemberPrincipal } from '../auth/guards.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** The close code, or 'open' when the socket is still open after a moment: no ping, no clock change needed. */
function closeCode(ws: WebSocket): Promise<number | 'open'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('open'), 500);
    ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
const open = (token: string) => t.app.injectWS(`/v1/ws?token=${token}`);
const post = (url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('sockets close the moment their authority ends', () => {
  it('on logout, every socket of the user at once', async () => {
    const owner = await createOwner(t);
    const [bound, unbound] = [await open(owner.token), await open(owner.userToken)];
    const codes = [closeCode(bound), closeCode(unbound)];
    await post('/v1/auth/logout', owner.token);
    expect(await Promise.all(codes)).toEqual([4401, 4401]);
  });

  it('on a password change, the other sessions but not the new token', async () => {
    const owner = await createOwner(t);
    const old = await open(owner.token);
    const code = closeCode(old);
    const changed = await post('/v1/auth/change-password', owner.token, {
      old_password: PASSWORD,
      new_password: 'a new password',
      confirm_password: 'a new password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await code).toBe(4401);
    const fresh = await open(json(changed).data.token);
    expect(await closeCode(fresh)).toBe('open');
    fresh.terminate();
  });

  it('on deactivation or removal from the organization (4403), and no push reaches it after', async () => {
    const owner = await createOwner(t);
    const [bob, carol] = [await joinAs(t, owner.workspaceId, 'member'), await joinAs(t, owner.workspaceId, 'member')];
    const [bobWs, carolWs] = [await open(bob.token), await open(carol.token)];
    const received: string[] = [];
    bobWs.on('message', (raw) => received.push(JSON.parse(raw.toString()).action));
    const codes = [closeCode(bobWs), closeCode(carolWs)];
    const url = '/v1/workspace/members';
    await t.app.inject({
      method: 'PUT',
      url: `${url}/${bob.member.id}/status`,
      headers: bearer(owner.token),
      payload: { active: false },
    });
    await t.app.inject({ method: 'DELETE', url: `${url}/${carol.member.id}`, headers: bearer(owner.token) });
    t.app.sockets.toWorkspace(owner.workspaceId, 'workspace.secret' as never, {} as never);
    expect(await Promise.all(codes)).toEqual([4403, 4403]);
    expect(received).not.toContain('workspace.secret');
  });

  it('on deactivation by a system admin', async () => {
    const user = await createUser(t);
    const { loginUser } = await import('../../../test/fixtures.ts');
    const ws = await open(await loginUser(t, user.username));
    const root = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
    const code = closeCode(ws);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/v1/admin/user/${user.id}/status`,
      headers: bearer(root),
      payload: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await code).toBe(4401);
  });

  it('when the organization is deleted', async () => {
    const owner = await createOwner(t);
    await post('/v1/workspace', owner.userToken, { name: 'Second', time_zone: 'UTC' });
    const member = await joinAs(t, owner.workspaceId, 'member');
    const ws = await open(member.token);
    const code = closeCode(ws);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/v1/self/workspace', headers: bearer(owner.token) })).statusCode,
    ).toBe(200);
    expect(await code).toBe(4403);
  });

  it('handles each action with the authority the member has now', async () => {
    const owner = await createOwner(t);
    const bob = await joinAs(t, owner.workspaceId, 'member');
    t.app.sockets.on('whoami', {
      schema: z.unknown(),
      handle: (_data, context) => ({ role: (context.principal as MemberPrincipal).member.role }),
    });
    const ws = await open(bob.token);
    // the answer, not a push (a role change also pushes `self.access_changed`)
    const ask = () =>
      new Promise<Record<string, unknown>>((resolve) => {
        const answer = (raw: WebSocket.RawData) => {
          const message = JSON.parse(raw.toString());
          if (message.action !== 'whoami') return;
          ws.off('message', answer);
          resolve(message);
        };
        ws.on('message', answer);
        ws.send(JSON.stringify({ action: 'whoami' }));
      });
    expect(await ask()).toMatchObject({ data: { role: 'member' } });
    await t.app.inject({
      method: 'PUT',
      url: `/v1/workspace/members/${bob.member.id}/role`,
      headers: bearer(owner.token),
      payload: { role: 'viewer' },
    });
    expect(await ask()).toMatchObject({ data: { role: 'viewer' } });
    ws.terminate();
  });
});

describe('a socket client that floods or sends garbage', () => {
  it('gets an error reply, then a policy close (1008), and other clients are unaffected', async () => {
    const { SOCKET_LIMITS } = await import('./socket-hub.ts');
    const [flooder, bystander] = [await createOwner(t), await createOwner(t)];
    const floodWs = await open(flooder.token);
    const calmWs = await open(bystander.token);
    const replies: string[] = [];
    floodWs.on('message', (raw) => replies.push(JSON.parse(raw.toString()).error ?? ''));
    const code = closeCode(floodWs);
    for (let i = 0; i < 3 * SOCKET_LIMITS.messagesPerSecond; i++) floodWs.send(JSON.stringify({ action: 'ping' }));
    expect(await code).toBe(1008);
    expect(replies).toContain('too many messages on this socket, slow down');
    const pong = new Promise((resolve) => calmWs.once('message', (raw) => resolve(JSON.parse(raw.toString()))));
    calmWs.send(JSON.stringify({ action: 'ping' }));
    expect(await pong).toMatchObject({ action: 'pong' });
    calmWs.terminate();
  });

  it('closes a socket after a stream of invalid messages', async () => {
    const owner = await createOwner(t);
    const ws = await open(owner.token);
    const code = closeCode(ws);
    for (let i = 0; i < 25; i++) ws.send('not json at all');
    expect(await code).toBe(1008);
  });
});
