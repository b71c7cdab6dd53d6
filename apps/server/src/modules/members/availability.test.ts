import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const availability = async (token: string) => json(await call('GET', '/v1/self/availability', token)).data?.status;
const setAvailability = (token: string, status: unknown) => call('PUT', '/v1/self/availability', token, { status });
/** Each member's availability as the member list shows it, by username. */
const listed = async (token: string) =>
  Object.fromEntries(
    json(await call('GET', '/v1/workspace/members?size=100', token)).data.items.map(
      (m: { user: { username: string }; availability: string }) => [m.user.username, m.availability],
    ),
  );

describe('availability', () => {
  it('is online until the member chooses, and each member sets only their own; the member list shows it', async () => {
    const owner = await createOwner(t);
    const amy = await joinAs(t, owner.workspaceId, 'member');
    const viewer = await joinAs(t, owner.workspaceId, 'viewer');
    expect(await availability(amy.token)).toBe('online');

    const set = await setAvailability(amy.token, 'busy');
    expect(set.statusCode).toBe(200);
    expect(json(set).data).toEqual({ status: 'busy' });
    expect(await availability(amy.token)).toBe('busy');
    // a viewer too may say where they are
    expect((await setAvailability(viewer.token, 'offline')).statusCode).toBe(200);
    expect(await listed(owner.token)).toEqual({
      [owner.user.username]: 'online',
      [amy.user.username]: 'busy',
      [viewer.user.username]: 'offline',
    });
    // the refreshed member record carries it (what the app's avatar menu starts from)
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/refresh-token',
      payload: { token: amy.userToken, workspace_id: owner.workspaceId },
    });
    expect(json(refreshed).data.workspace.availability).toBe('busy');
  });

  it('is kept per organization: a change in one leaves the others as they were', async () => {
    const owner = await createOwner(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/workspace',
      headers: bearer(owner.userToken),
      payload: { name: 'Second shop', time_zone: 'Asia/Hong_Kong' },
    });
    const secondId = json(created).data.id;
    const second = json(
      await t.app.inject({
        method: 'POST',
        url: '/public/v1/auth/refresh-token',
        payload: { token: owner.userToken, workspace_id: secondId },
      }),
    ).data.token;
    await setAvailability(owner.token, 'offline');
    expect(await availability(owner.token)).toBe('offline');
    expect(await availability(second)).toBe('online');
  });

  it('refuses a bad status, a token of no organization and a deactivated member, changing nothing', async () => {
    const owner = await createOwner(t);
    const amy = await joinAs(t, owner.workspaceId, 'member');
    for (const status of ['away', '', null, 1]) {
      const bad = await setAvailability(amy.token, status);
      expect(bad.statusCode).toBe(400);
      expect(json(bad).fields.status).toBe('availability must be online, busy or offline');
    }
    expect((await call('PUT', '/v1/self/availability', amy.token, {})).statusCode).toBe(400);
    // signed in, but not into an organization
    expect((await setAvailability(amy.userToken, 'busy')).statusCode).toBe(403);
    expect((await setAvailability('not-a-token', 'busy')).statusCode).toBe(401);

    await call('PUT', `/v1/workspace/members/${amy.member.id}/status`, owner.token, { active: false });
    const refused = await setAvailability(amy.token, 'offline');
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error).toBe('your membership of this organization is inactive');
    expect(await listed(owner.token)).toMatchObject({ [amy.user.username]: 'online' });
  });
});
