import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { createAdmin, createOwner, loginAdmin } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { forbidden } from '../errors.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** Resolves with the next message the server sends on this socket. */
function next(ws: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => ws.once('message', (raw) => resolve(JSON.parse(raw.toString()))));
}
const closed = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

describe('general socket', () => {
  it('refuses the upgrade without a valid token', async () => {
    for (const url of ['/v1/ws', '/v1/ws?token=forged']) {
      await expect(t.app.injectWS(url), url).rejects.toThrow(/401/);
    }
    expect(t.app.hasRoute({ method: 'GET', url: '/v1/ws' })).toBe(true);
  });

  it('answers ping with pong and the time', async () => {
    const { token } = await createOwner(t);
    const ws = await t.app.injectWS(`/v1/ws?token=${token}`);
    const reply = next(ws);
    ws.send(JSON.stringify({ action: 'ping' }));
    expect(await reply).toEqual({ action: 'pong', data: { time: expect.any(Number) } });
    ws.terminate();
  });

  it('routes actions to their handler, validates data and echoes the request id', async () => {
    const owner = await createOwner(t, 'Socket Org');
    const seen: string[] = [];
    t.app.sockets.on('echo', {
      schema: z.object({ text: z.string().min(1, { error: 'field_required' }) }),
      handle: (data, context) => {
        seen.push(context.principal.kind);
        if (data.text === 'deny') throw forbidden();
        return { text: data.text.toUpperCase() };
      },
    });
    const ws = await t.app.injectWS(`/v1/ws?token=${owner.token}`);
    let reply = next(ws);
    ws.send(JSON.stringify({ action: 'echo', data: { text: 'hi' }, request_id: 'r1' }));
    expect(await reply).toEqual({ action: 'echo', request_id: 'r1', success: true, data: { text: 'HI' } });
    expect(seen).toEqual(['member']);

    reply = next(ws);
    ws.send(JSON.stringify({ action: 'echo', data: { text: 'deny' }, request_id: 'r2' }));
    expect(await reply).toMatchObject({
      action: 'echo',
      request_id: 'r2',
      success: false,
      error: 'you have no permission',
      trace_id: expect.any(String),
    });

    reply = next(ws);
    ws.send(JSON.stringify({ action: 'echo', data: { text: 5 } }));
    expect(await reply).toMatchObject({ action: 'echo', success: false, error: 'the request is invalid' });

    reply = next(ws);
    ws.send(JSON.stringify({ action: 'echo', data: { text: 'a\u0000b' } }));
    expect(await reply).toMatchObject({
      action: 'echo',
      success: false,
      error: 'text contains characters that are not allowed',
    });
    expect(seen).toHaveLength(2); // the handler never saw it

    reply = next(ws);
    ws.send(JSON.stringify({ action: 'nope' }));
    expect(await reply).toMatchObject({ action: 'nope', success: false, error: 'unknown action: nope' });

    reply = next(ws);
    ws.send('{not json');
    expect(await reply).toMatchObject({
      action: 'error',
      success: false,
      error: 'the message is not valid JSON with an action',
    });
    ws.terminate();
  });

  it("handles one socket's messages one at a time, in the order they were sent", async () => {
    const owner = await createOwner(t);
    const handled: number[] = [];
    t.app.sockets.on('test.step', {
      schema: z.object({ n: z.number(), wait_ms: z.number() }),
      // the first takes longer than the second: handled side by side, they would end the other way round
      handle: async ({ n, wait_ms }) => {
        await new Promise((resolve) => setTimeout(resolve, wait_ms));
        handled.push(n);
        return { n };
      },
    });
    const ws = await t.app.injectWS(`/v1/ws?token=${owner.token}`);
    const replies: unknown[] = [];
    ws.on('message', (raw) => replies.push(JSON.parse(raw.toString()).data?.n));
    ws.send(JSON.stringify({ action: 'test.step', data: { n: 1, wait_ms: 60 } }));
    ws.send(JSON.stringify({ action: 'test.step', data: { n: 2, wait_ms: 0 } }));
    await expect.poll(() => replies).toEqual([1, 2]);
    expect(handled).toEqual([1, 2]);
    ws.terminate();
  });

  it("pushes to a user's and an organization's sockets only", async () => {
    const mine = await createOwner(t, 'Mine');
    const theirs = await createOwner(t, 'Theirs');
    const admin = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
    const mineWs = await t.app.injectWS(`/v1/ws?token=${mine.token}`);
    const theirsWs = await t.app.injectWS(`/v1/ws?token=${theirs.token}`);
    const adminWs = await t.app.injectWS(`/v1/ws?token=${admin}`);
    const received: string[] = [];
    for (const [name, ws] of [
      ['mine', mineWs],
      ['theirs', theirsWs],
      ['admin', adminWs],
    ] as const) {
      ws.on('message', (raw) => received.push(`${name}:${JSON.parse(raw.toString()).action}`));
    }
    t.app.sockets.toWorkspace(mine.workspaceId, 'workspace.changed' as never, { id: mine.workspaceId } as never);
    t.app.sockets.toUser(theirs.user.id, 'user.changed' as never, {} as never);
    // both pushes go out at once: when the two expected ones arrived, a stray third would have too
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
    expect(received.sort()).toEqual(['mine:workspace.changed', 'theirs:user.changed']);
    for (const ws of [mineWs, theirsWs, adminWs]) ws.terminate();
  });

  it('pushes to members allowed to see it, and to the sockets following a topic', async () => {
    const owner = await createOwner(t);
    const reader = await joinAs(t, owner.workspaceId, 'member', ['team_read']);
    const other = await joinAs(t, owner.workspaceId, 'member', []);
    t.app.sockets.on('test.follow', {
      schema: z.object({ topic: z.string(), on: z.boolean() }),
      handle: ({ topic, on }, context) => (on ? context.follow(topic) : context.unfollow(topic)),
    });
    const sockets = {
      owner: await t.app.injectWS(`/v1/ws?token=${owner.token}`),
      reader: await t.app.injectWS(`/v1/ws?token=${reader.token}`),
      other: await t.app.injectWS(`/v1/ws?token=${other.token}`),
    };
    const received: string[] = [];
    for (const [name, ws] of Object.entries(sockets)) {
      ws.on('message', (raw) => received.push(`${name}:${JSON.parse(raw.toString()).action}`));
    }
    const act = async (ws: WebSocket, data: object) => {
      const reply = next(ws);
      ws.send(JSON.stringify({ action: 'test.follow', data }));
      await reply;
    };
    await act(sockets.other, { topic: 'conversation:1', on: true });
    await act(sockets.reader, { topic: 'conversation:1', on: true });
    await act(sockets.reader, { topic: 'conversation:1', on: false });
    received.length = 0;

    t.app.sockets.toWorkspace(owner.workspaceId, 'team.created' as never, {} as never, { permission: 'team_read' });
    t.app.sockets.toTopic('conversation:1', 'message.created' as never, {} as never);
    t.app.sockets.toTopic('conversation:2', 'message.created' as never, {} as never);
    // the pushes go out at once: when the three expected ones arrived, a stray one would have too
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(3);
    expect(received.sort()).toEqual(['other:message.created', 'owner:team.created', 'reader:team.created']);
    for (const ws of Object.values(sockets)) ws.terminate();
  });

  it('closes with 4401 once the token is revoked', async () => {
    const owner = await createOwner(t);
    const ws = await t.app.injectWS(`/v1/ws?token=${owner.token}`);
    await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: bearer(owner.token) });
    t.clock.advance(31_000);
    const code = closed(ws);
    ws.send(JSON.stringify({ action: 'ping' }));
    expect(await code).toBe(4401);
  });
});
