import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { createTestApp, json } from '../../../test/test-app.ts';
import { workspaces } from '../../platform/identity/workspaces.tables.ts';
import { join, requests } from '../teams/test-helpers.ts';
import { channels } from './channels.tables.ts';
import { channelsTest } from './test-helpers.ts';

const setup = channelsTest();
let { graph, t, r } = setup;
beforeEach(() => {
  ({ graph, t, r } = setup);
});

const WHATSAPP = {
  type: 'whatsapp',
  name: 'Hong Kong WhatsApp',
  phone_number_id: '106540352242922',
  business_account_id: '102290129340398',
  access_token: 'EAAG-good-token-1234',
  app_secret: 'app-secret-abcd',
  verify_token: 'verify-me-please',
};
const rowsOf = (workspaceId: string) => t.database.withWorkspace(workspaceId, (tx) => tx.select().from(channels));

describe('channels', () => {
  it('connects a WhatsApp number after Graph accepts its token, keeping the secrets sealed and never answering them whole', async () => {
    const owner = await createOwner(t);
    graph.allow(WHATSAPP.phone_number_id, WHATSAPP.access_token);
    const created = await r.post('/v1/channels', owner.token, WHATSAPP);
    expect(created.statusCode).toBe(200);
    const channel = json(created).data;
    expect(channel).toMatchObject({
      type: 'whatsapp',
      name: 'Hong Kong WhatsApp',
      status: 'active',
      phone_number_id: WHATSAPP.phone_number_id,
      business_account_id: WHATSAPP.business_account_id,
      access_token_hint: '…1234',
      app_secret_hint: '…abcd',
      verify_token: 'verify-me-please',
      widget_key: null,
    });
    expect(channel.webhook_url).toMatch(new RegExp(`/public/v1/channels/${channel.id}/webhook$`));
    expect(created.body).not.toContain(WHATSAPP.access_token);
    expect(created.body).not.toContain(WHATSAPP.app_secret);
    // Graph was asked about the phone number, with the token as bearer
    const probe = graph.requests.find((request) => request.path === `/${WHATSAPP.phone_number_id}`);
    expect(probe?.authorization).toBe(WHATSAPP.access_token);

    const [row] = await rowsOf(owner.workspaceId);
    expect(row!.accessTokenSealed).toMatch(/^enc:v1:/);
    expect(row!.accessTokenSealed).not.toContain(WHATSAPP.access_token);
    expect(json(await r.get('/v1/channels', owner.token)).data).toEqual([channel]);
    expect(json(await r.get(`/v1/channels/${channel.id}`, owner.token)).data).toEqual(channel);
  });

  it('refuses a token Graph rejects, naming the problem, and saves nothing', async () => {
    const owner = await createOwner(t);
    const refused = await r.post('/v1/channels', owner.token, { ...WHATSAPP, access_token: 'expired-token' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).error).toMatch(/^Meta refused the access token: .+\(190\)$/);
    expect(json(refused).fields.access_token).toBe(json(refused).error);
    expect(await rowsOf(owner.workspaceId)).toEqual([]);
  });

  it('answers 502 when Graph cannot be reached, and saves nothing', async () => {
    const unreachable = await createTestApp({ GRAPH_API_URL: 'http://127.0.0.1:9/v23.0' });
    try {
      const owner = await createOwner(unreachable);
      const answer = await requests(unreachable).post('/v1/channels', owner.token, WHATSAPP);
      expect(answer.statusCode).toBe(502);
      expect(json(answer).error).toBe('Meta could not be reached to check the access token, try again');
      expect(await unreachable.database.withWorkspace(owner.workspaceId, (tx) => tx.select().from(channels))).toEqual(
        [],
      );
    } finally {
      await unreachable.close();
    }
  });

  it('connects Messenger and Instagram through their Page, and web chat without Meta', async () => {
    const owner = await createOwner(t);
    graph.allow('200000000000001', 'page-token-0001');
    const messenger = await r.post('/v1/channels', owner.token, {
      type: 'messenger',
      name: 'Facebook Page',
      page_id: '200000000000001',
      access_token: 'page-token-0001',
      app_secret: 'secret-0001',
      verify_token: 'verify-0001',
    });
    expect(json(messenger).data).toMatchObject({ type: 'messenger', page_id: '200000000000001' });
    const instagram = await r.post('/v1/channels', owner.token, {
      type: 'instagram',
      name: 'Instagram',
      instagram_account_id: '17841400000000001',
      page_id: '200000000000001',
      access_token: 'page-token-0001',
      app_secret: 'secret-0001',
      verify_token: 'verify-0002',
    });
    expect(json(instagram).data).toMatchObject({ type: 'instagram', instagram_account_id: '17841400000000001' });
    const webchat = json(await r.post('/v1/channels', owner.token, { type: 'webchat', name: 'Site chat' })).data;
    expect(webchat).toMatchObject({ type: 'webchat', access_token_hint: null, verify_token: null });
    expect(webchat.widget_key).toMatch(/^[\w-]{24}$/);
    expect(json(await r.get('/v1/channels', owner.token)).data.map((c: { type: string }) => c.type)).toEqual([
      'messenger',
      'instagram',
      'webchat',
    ]);
  });

  it('changes a channel: a new token is checked and ends a re-authorisation; fields of another type are refused', async () => {
    const owner = await createOwner(t);
    graph.allow(WHATSAPP.phone_number_id, WHATSAPP.access_token);
    const channel = json(await r.post('/v1/channels', owner.token, WHATSAPP)).data;
    await t.database.withWorkspace(owner.workspaceId, (tx) => tx.update(channels).set({ status: 'needs_reauth' }));

    const renamed = json(await r.put(`/v1/channels/${channel.id}`, owner.token, { name: 'Sales line' })).data;
    expect(renamed).toMatchObject({ name: 'Sales line', status: 'needs_reauth', access_token_hint: '…1234' });

    const rejected = await r.put(`/v1/channels/${channel.id}`, owner.token, { access_token: 'not-yet-allowed' });
    expect(rejected.statusCode).toBe(400);
    graph.allow(WHATSAPP.phone_number_id, 'fresh-token-9876');
    const renewed = json(await r.put(`/v1/channels/${channel.id}`, owner.token, { access_token: 'fresh-token-9876' }));
    expect(renewed.data).toMatchObject({ status: 'active', access_token_hint: '…9876' });

    const foreign = await r.put(`/v1/channels/${channel.id}`, owner.token, { page_id: '123' });
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign).fields.page_id).toBe('page_id does not belong to a whatsapp channel');
  });

  it('holds the organization channel limit', async () => {
    const owner = await createOwner(t);
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.update(workspaces).set({ channelLimit: 1 }).where(eq(workspaces.id, owner.workspaceId)),
    );
    expect((await r.post('/v1/channels', owner.token, { type: 'webchat', name: 'One' })).statusCode).toBe(200);
    const second = await r.post('/v1/channels', owner.token, { type: 'webchat', name: 'Two' });
    expect(second.statusCode).toBe(409);
    expect(json(second).error).toBe('this organization can connect at most 1 channels');
    expect(await rowsOf(owner.workspaceId)).toHaveLength(1);
  });

  it('refuses bad bodies with field errors', async () => {
    const owner = await createOwner(t);
    const bad = await r.post('/v1/channels', owner.token, { ...WHATSAPP, phone_number_id: 'abc', name: '' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).fields).toMatchObject({
      phone_number_id: 'phone number id must be a numeric Meta id',
      name: 'channel name is required',
    });
    expect((await r.post('/v1/channels', owner.token, { type: 'telegram', name: 'x' })).statusCode).toBe(400);
    expect(graph.requests).toEqual([]);
  });

  it('keeps channels to their organization and to holders of channel_read / channel_write', async () => {
    const owner = await createOwner(t);
    const channel = json(await r.post('/v1/channels', owner.token, { type: 'webchat', name: 'Site chat' })).data;
    const other = await createOwner(t);
    expect(json(await r.get('/v1/channels', other.token)).data).toEqual([]);
    expect((await r.get(`/v1/channels/${channel.id}`, other.token)).statusCode).toBe(404);
    expect((await r.put(`/v1/channels/${channel.id}`, other.token, { name: 'Taken' })).statusCode).toBe(404);
    expect((await r.del(`/v1/channels/${channel.id}`, other.token)).statusCode).toBe(404);

    const member = await join(t, owner.workspaceId, 'member', ['conversation_read']);
    expect((await r.get('/v1/channels', member.token)).statusCode).toBe(403);
    expect((await r.post('/v1/channels', member.token, { type: 'webchat', name: 'Mine' })).statusCode).toBe(403);
    const reader = await join(t, owner.workspaceId, 'member', ['channel_read']);
    expect(json(await r.get('/v1/channels', reader.token)).data).toHaveLength(1);
    expect((await r.del(`/v1/channels/${channel.id}`, reader.token)).statusCode).toBe(403);

    const [row] = await rowsOf(owner.workspaceId);
    expect(row!.name).toBe('Site chat');
    expect((await r.del(`/v1/channels/${channel.id}`, owner.token)).statusCode).toBe(200);
    expect(await rowsOf(owner.workspaceId)).toEqual([]);
  });
});

describe("Meta's webhook subscription check", () => {
  it("answers hub.challenge to the channel's verify token and 403 otherwise; unknown channels are 404", async () => {
    const owner = await createOwner(t);
    graph.allow(WHATSAPP.phone_number_id, WHATSAPP.access_token);
    const channel = json(await r.post('/v1/channels', owner.token, WHATSAPP)).data;
    const check = (id: string, query: string) =>
      t.app.inject({ method: 'GET', url: `/public/v1/channels/${id}/webhook?${query}` });

    const ok = await check(channel.id, 'hub.mode=subscribe&hub.verify_token=verify-me-please&hub.challenge=1158201444');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('1158201444');
    expect((await check(channel.id, 'hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1')).statusCode).toBe(403);
    expect((await check(channel.id, 'hub.mode=unsubscribe&hub.verify_token=verify-me-please')).statusCode).toBe(403);
    expect((await check('00000000-0000-4000-8000-000000000000', 'hub.mode=subscribe')).statusCode).toBe(404);
    expect((await check('not-a-uuid', 'hub.mode=subscribe')).statusCode).toBe(404);
  });
});
