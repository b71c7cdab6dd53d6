import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { createAdmin, createOwner, createUser, loginAdmin, loginUser } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import type { MemberPrincipal } from '../auth/guards.ts';
import { workspaceMembers } from '../identity/workspaces.tables.ts';
import { socketTickets } from './socket-tickets.tables.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const ticketFor = (token: string) => t.app.inject({ method: 'POST', url: '/v1/ws/ticket', headers: bearer(token) });
async function ticket(token: string): Promise<string> {
  const answer = await ticketFor(token);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(json(answer).data.expires_in).toBe(30);
  return json(answer).data.ticket;
}
const storedTickets = async () => (await t.database.db.select().from(socketTickets)).length;
const next = (ws: WebSocket) =>
  new Promise<Record<string, unknown>>((resolve) => ws.once('message', (raw) => resolve(JSON.parse(raw.toString()))));
const closed = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
const general = (token: string) => t.app.injectWS(`/v1/ws?token=${encodeURIComponent(token)}`);
const notifications = (token: string) =>
  t.app.injectWS(`/v1/ws/system-notification?token=${encodeURIComponent(token)}`);

describe('socket tickets (POST /v1/ws/ticket)', () => {
  it('open the general socket once: a second use is refused', async () => {
    const owner = await createOwner(t);
    const once = await ticket(owner.token);
    expect(once).not.toContain(owner.token);
    expect(once).not.toContain('.');
    const ws = await general(once);
    const reply = next(ws);
    ws.send(JSON.stringify({ action: 'ping' }));
    expect(await reply).toMatchObject({ action: 'pong' });
    // whoever copies the ticket from the browser console afterwards gets nothing
    await expect(general(once)).rejects.toThrow(/401/);
    await expect(notifications(once)).rejects.toThrow(/401/);
    ws.terminate();
  });

  it('expire 30 s after they were issued, unused', async () => {
    const owner = await createOwner(t);
    const late = await ticket(owner.token);
    t.clock.advance(31_000);
    await expect(general(late)).rejects.toThrow(/401/);
    await ticket(owner.token); // never used
    t.clock.advance(31_000);
    const inTime = await ticket(owner.token);
    // issuing clears out the expired ones; a ticket is gone once tried
    expect(await storedTickets()).toBe(1);
    t.clock.advance(29_000);
    (await general(inTime)).terminate();
    expect(await storedTickets()).toBe(0);
  });

  it('open the notification socket, for an organization-bound session only', async () => {
    const owner = await createOwner(t);
    const ws = await notifications(await ticket(owner.token));
    const reply = next(ws);
    ws.send(JSON.stringify({ type: 'ping' }));
    expect(await reply).toMatchObject({ type: 'pong' });
    ws.terminate();
    const admin = await loginAdmin(t, (await createAdmin(t)).username);
    const unbound = await loginUser(t, (await createUser(t)).username);
    for (const token of [admin, unbound]) {
      const forIt = await ticket(token);
      await expect(notifications(forIt)).rejects.toThrow(/401/);
    }
  });

  it('are refused without a valid session, and to a member whose membership ended; nothing is stored', async () => {
    const owner = await createOwner(t);
    const bob = await joinAs(t, owner.workspaceId, 'member');
    await t.app.inject({
      method: 'PUT',
      url: `/v1/workspace/members/${bob.member.id}/status`,
      headers: bearer(owner.token),
      payload: { active: false },
    });
    const none = await t.app.inject({ method: 'POST', url: '/v1/ws/ticket' });
    expect(none.statusCode).toBe(401);
    expect(json(none)).toMatchObject({ success: false, error: 'unauthorized', trace_id: expect.any(String) });
    expect((await ticketFor('forged.token.value')).statusCode).toBe(401);
    const refused = await ticketFor(bob.token);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ success: false, trace_id: expect.any(String) });
    expect(await storedTickets()).toBe(0);
    // a member without any particular permission gets one: a socket needs none
    const viewer = await joinAs(t, owner.workspaceId, 'viewer');
    (await general(await ticket(viewer.token))).terminate();
  });

  it("carry the session's organization: a ticket of organization A acts and hears in A only", async () => {
    const a = await createOwner(t, 'Org A');
    const b = await createOwner(t, 'Org B');
    // one person, a member of both; the session is bound to A
    const person = await joinAs(t, a.workspaceId, 'member');
    await t.database.withWorkspace(b.workspaceId, (tx) =>
      tx.insert(workspaceMembers).values({ workspaceId: b.workspaceId, userId: person.user.id, role: 'owner' }),
    );
    t.app.sockets.on('test.where', {
      schema: z.unknown(),
      handle: (_data, context) => ({ workspace_id: (context.principal as MemberPrincipal).workspaceId }),
    });
    const ws = await general(await ticket(person.token));
    const heard: string[] = [];
    ws.on('message', (raw) => heard.push(JSON.parse(raw.toString()).action));
    const reply = next(ws);
    ws.send(JSON.stringify({ action: 'test.where' }));
    expect(await reply).toMatchObject({ success: true, data: { workspace_id: a.workspaceId } });
    t.app.sockets.toWorkspace(b.workspaceId, 'b.secret' as never, {} as never);
    t.app.sockets.toWorkspace(a.workspaceId, 'a.news' as never, {} as never);
    // one socket hears in order: once a.news arrived, b.secret (pushed before it) would have arrived first
    await expect.poll(() => heard.at(-1), { timeout: 10_000 }).toBe('a.news');
    expect(heard).toEqual(['test.where', 'a.news']);
    ws.terminate();
  });

  it('issued before the membership ended do not open a socket after', async () => {
    const owner = await createOwner(t);
    const bob = await joinAs(t, owner.workspaceId, 'member');
    const pending = await ticket(bob.token);
    await t.app.inject({
      method: 'DELETE',
      url: `/v1/workspace/members/${bob.member.id}`,
      headers: bearer(owner.token),
    });
    await expect(general(pending)).rejects.toThrow(/403/);
  });

  it('open sockets that close when their session is revoked (4401)', async () => {
    const owner = await createOwner(t);
    const ws = await general(await ticket(owner.token));
    const code = closed(ws);
    await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: bearer(owner.token) });
    expect(await code).toBe(4401);
  });

  it('the session token itself still opens both sockets', async () => {
    const owner = await createOwner(t);
    for (const ws of [await general(owner.token), await notifications(owner.token)]) ws.terminate();
    // and as often as it likes
    (await general(owner.token)).terminate();
  });
});

describe('a socket opened with a ticket', () => {
  it('closes (4401) once the session it was issued for expires', async () => {
    const short = await createTestApp({ JWT_EXPIRES_IN: '4s' });
    try {
      const user = await createUser(short);
      const token = await loginUser(short, user.username);
      const answer = await short.app.inject({ method: 'POST', url: '/v1/ws/ticket', headers: bearer(token) });
      const ws = await short.app.injectWS(`/v1/ws?token=${json(answer).data.ticket}`);
      const code = closed(ws);
      const expiresAt = (decodeJwt(token).exp ?? 0) * 1000;
      await new Promise((resolve) => setTimeout(resolve, expiresAt - Date.now() + 50));
      ws.send(JSON.stringify({ action: 'anything' }));
      expect(await code).toBe(4401);
    } finally {
      await short.close();
    }
  });
});
