import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createAdmin, createOwner, loginAdmin, PASSWORD } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const panel = (app: TestApp, token: string) => app.app.injectWS(`/v1/ws/system-notification?token=${token}`);
/** The code the socket closes with, whenever that is (the test's timeout bounds the wait). */
const closeCode = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Panel sockets see customer message previews: they end with the session and the membership, like the general socket. */
describe('the notification panel socket closes when its authority ends', () => {
  it('on logout (4401)', async () => {
    const owner = await createOwner(t);
    const code = closeCode(await panel(t, owner.token));
    expect((await call('POST', '/v1/auth/logout', owner.token)).statusCode).toBe(200);
    expect(await code).toBe(4401);
  });

  it('on a password change (4401), while a socket of the new token opens', async () => {
    const owner = await createOwner(t);
    const code = closeCode(await panel(t, owner.token));
    const changed = await call('POST', '/v1/auth/change-password', owner.token, {
      old_password: PASSWORD,
      new_password: 'a new password',
      confirm_password: 'a new password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await code).toBe(4401);
    (await panel(t, json(changed).data.token)).terminate();
  });

  it('on deactivation of the account by a system admin (4401)', async () => {
    const owner = await createOwner(t);
    const code = closeCode(await panel(t, owner.token));
    const root = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
    const off = await call('PUT', `/v1/admin/user/${owner.user.id}/status`, root, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await code).toBe(4401);
  });

  it('when the membership is deactivated or removed, or the organization deleted (4403)', async () => {
    const owner = await createOwner(t);
    await call('POST', '/v1/workspace', owner.userToken, { name: 'Second', time_zone: 'UTC' });
    const [bob, carol, dave] = [
      await joinAs(t, owner.workspaceId, 'member'),
      await joinAs(t, owner.workspaceId, 'member'),
      await joinAs(t, owner.workspaceId, 'member'),
    ];
    const codes = [closeCode(await panel(t, bob.token)), closeCode(await panel(t, carol.token))];
    const members = '/v1/workspace/members';
    await call('PUT', `${members}/${bob.member.id}/status`, owner.token, { active: false });
    await call('DELETE', `${members}/${carol.member.id}`, owner.token);
    expect(await Promise.all(codes)).toEqual([4403, 4403]);

    const daves = closeCode(await panel(t, dave.token));
    expect((await call('DELETE', '/v1/self/workspace', owner.token)).statusCode).toBe(200);
    expect(await daves).toBe(4403);
  });

  it('at the expiry of its session, while it stays silent (4401), the general socket too', async () => {
    const short = await createTestApp({ JWT_EXPIRES_IN: '3s' });
    try {
      const owner = await createOwner(short);
      const expiresAt = (decodeJwt(owner.token).exp ?? 0) * 1000;
      const codes = [
        closeCode(await panel(short, owner.token)),
        closeCode(await short.app.injectWS(`/v1/ws?token=${owner.token}`)),
      ];
      expect(await Promise.all(codes)).toEqual([4401, 4401]);
      expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
    } finally {
      await short.close();
    }
  });

  it('not for another user of the organization', async () => {
    const owner = await createOwner(t);
    const bob = await joinAs(t, owner.workspaceId, 'member');
    const ownersPanel = await panel(t, owner.token);
    const bobs = closeCode(await panel(t, bob.token));
    await call('POST', '/v1/auth/logout', bob.token);
    expect(await bobs).toBe(4401);
    const pong = new Promise((resolve) => ownersPanel.once('message', (raw) => resolve(JSON.parse(raw.toString()))));
    ownersPanel.send(JSON.stringify({ type: 'ping' }));
    expect(await pong).toMatchObject({ type: 'pong' });
    ownersPanel.terminate();
  });
});
