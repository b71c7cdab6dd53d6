import { ACCESS_CHANGED_ACTION } from '@omnichat/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/test-app.ts';
import { join } from '../teams/test-helpers.ts';
import { inboxTest, openInbox, silentSocket } from './test-helpers.ts';

const inbox = inboxTest();
let { t, r } = inbox;
beforeEach(() => {
  ({ t, r } = inbox);
});

const agent = ['conversation_read', 'conversation_write'];

/** An open inbox whose owner keeps a socket open, to know when a customer's message has been pushed. */
async function openWatchedInbox() {
  const opened = await openInbox(inbox);
  return { ...opened, ownerSocket: await silentSocket(t, opened.owner.token) };
}
const setPermissions = (ownerToken: string, memberId: string, permissions: string[]) =>
  r.put(`/v1/workspace/member/${memberId}/permission`, ownerToken, { permissions });

/** A customer writes; once the owner heard it, what `socket` heard of it is known. */
async function heardBy(
  { wrote, ownerSocket }: Awaited<ReturnType<typeof openWatchedInbox>>,
  socket: Awaited<ReturnType<typeof silentSocket>>,
  text: string,
) {
  await wrote(text);
  await expect.poll(() => ownerSocket.texts()).toContain(text);
  await socket.settled();
  return socket.texts().includes(text);
}

describe('pushes follow what a member may see now, not what they could when their socket opened', () => {
  it('stop once the member loses conversation_read, and the client is told to refetch', async () => {
    const opened = await openWatchedInbox();
    const amy = await join(t, opened.owner.workspaceId, 'member', agent);
    const amys = await silentSocket(t, amy.token);
    expect(await heardBy(opened, amys, 'while amy reads')).toBe(true);

    expect((await setPermissions(opened.owner.token, amy.memberId, ['conversation_write'])).statusCode).toBe(200);
    expect(await heardBy(opened, amys, 'after amy lost it')).toBe(false);
    expect(amys.actions()).toContain(ACCESS_CHANGED_ACTION);
    amys.close();
  });

  it('start once the member gains it', async () => {
    const opened = await openWatchedInbox();
    const ben = await join(t, opened.owner.workspaceId, 'member', []);
    const bens = await silentSocket(t, ben.token);
    expect(await heardBy(opened, bens, 'before ben reads')).toBe(false);

    await setPermissions(opened.owner.token, ben.memberId, ['conversation_read']);
    expect(await heardBy(opened, bens, 'now ben reads')).toBe(true);
    bens.close();
  });

  it("stop once the member leaves the team of a team's conversation, and start when a team gives the permission", async () => {
    const opened = await openWatchedInbox();
    const { owner, conversation } = opened;
    const carl = await join(t, owner.workspaceId, 'member', agent);
    const dora = await join(t, owner.workspaceId, 'member', []);
    const team = json(
      await r.post('/v1/teams', owner.token, { name: 'Night shift', member_ids: [carl.memberId], permissions: [] }),
    ).data;
    await r.put(`/v1/conversations/${conversation.id}/assignment`, owner.token, {
      assignee_member_id: null,
      team_id: team.id,
    });
    const [carls, doras] = [await silentSocket(t, carl.token), await silentSocket(t, dora.token)];
    expect(await heardBy(opened, carls, 'for the night shift')).toBe(true);

    // carl leaves, dora joins a team that gives conversation_read
    const moved = await r.put(`/v1/teams/${team.id}`, owner.token, {
      member_ids: [dora.memberId],
      permissions: ['conversation_read'],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await heardBy(opened, carls, 'carl has left')).toBe(false);
    expect(doras.texts()).toContain('carl has left');
    carls.close();
    doras.close();
  });

  it('follow a change of role', async () => {
    const opened = await openWatchedInbox();
    const eve = await join(t, opened.owner.workspaceId, 'member', []);
    const eves = await silentSocket(t, eve.token);
    expect(await heardBy(opened, eves, 'before eve is an admin')).toBe(false);
    const promoted = await r.put(`/v1/workspace/members/${eve.memberId}/role`, opened.owner.token, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await heardBy(opened, eves, 'eve is an admin')).toBe(true);
    eves.close();
  });
});
