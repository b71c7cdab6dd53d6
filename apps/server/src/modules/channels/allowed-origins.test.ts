import { beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { json } from '../../../test/test-app.ts';
import { join } from '../teams/test-helpers.ts';
import { channels } from './channels.tables.ts';
import { channelsTest, webchatChannel } from './test-helpers.ts';

const setup = channelsTest();
let { graph, t, r } = setup;
beforeEach(() => {
  ({ graph, t, r } = setup);
});

const originsOf = async (workspaceId: string) =>
  (await t.database.withWorkspace(workspaceId, (tx) => tx.select().from(channels))).map((row) => row.allowedOrigins);

const webchat = (allowed?: string[]) => webchatChannel(t, { allowed_origins: allowed });

describe("a web-chat channel's allowed sites", () => {
  it('keeps each site once as the origin browsers send, and an empty list by default', async () => {
    const { owner, channel } = await webchat([
      ' https://Shop.Example.com/ ',
      'https://shop.example.com:443',
      'http://localhost:3000',
    ]);
    expect(channel.allowed_origins).toEqual(['https://shop.example.com', 'http://localhost:3000']);
    const changed = await r.put(`/v1/channels/${channel.id}`, owner.token, {
      allowed_origins: ['https://xn--fiqs8s.example', 'https://日本.example:8443'],
    });
    expect(json(changed).data.allowed_origins).toEqual([
      'https://xn--fiqs8s.example',
      'https://xn--wgv71a.example:8443',
    ]);
    expect(
      json(await r.put(`/v1/channels/${channel.id}`, owner.token, { allowed_origins: [] })).data.allowed_origins,
    ).toEqual([]);
    expect((await webchat()).channel.allowed_origins).toEqual([]);
  });

  it('refuses an address with a path, another scheme, too many sites, and sites on a Meta channel', async () => {
    const { owner, channel } = await webchat();
    for (const bad of [
      'https://shop.example.com/chat',
      'ftp://shop.example.com',
      'shop.example.com',
      '*',
      'null',
      'https://a:b@shop.example',
      'https://shop.example?x=1',
    ]) {
      const answer = await r.put(`/v1/channels/${channel.id}`, owner.token, { allowed_origins: [bad] });
      expect(answer.statusCode, bad).toBe(400);
      expect(json(answer).fields['allowed_origins.0']).toBe(
        'each allowed site must be an address such as https://shop.example.com, without a path',
      );
    }
    const many = Array.from({ length: 21 }, (_, i) => `https://site${i}.example`);
    const tooMany = await r.put(`/v1/channels/${channel.id}`, owner.token, { allowed_origins: many });
    expect(tooMany.statusCode).toBe(400);
    expect(json(tooMany).error).toBe('at most 20 allowed sites');
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/v1/channels/${channel.id}`,
      headers: { authorization: `Bearer ${owner.token}`, 'x-locale': 'zh-hk' },
      payload: { allowed_origins: many },
    });
    expect(json(refused).error).toBe('最多可設定 20 個允許的網站');
    expect(await originsOf(owner.workspaceId)).toEqual([[]]);

    // a Meta channel has no widget, so no sites
    graph.allow('200000000000001', 'page-token-0001');
    const page = await r.post('/v1/channels', owner.token, {
      type: 'messenger',
      name: 'Page',
      page_id: '200000000000001',
      access_token: 'page-token-0001',
      app_secret: 'secret-0001',
      verify_token: 'verify-0001',
    });
    expect(json(page).data.allowed_origins).toEqual([]);
    const foreign = await r.put(`/v1/channels/${json(page).data.id}`, owner.token, {
      allowed_origins: ['https://a.example'],
    });
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign).fields.allowed_origins).toBe('allowed_origins does not belong to a messenger channel');
  });

  it("is changed only by the organization's members who hold channel_write", async () => {
    const { owner, channel } = await webchat(['https://shop.example.com']);
    const change = { allowed_origins: ['https://evil.example'] };
    const outsider = await createOwner(t);
    expect((await r.put(`/v1/channels/${channel.id}`, outsider.token, change)).statusCode).toBe(404);
    const reader = await join(t, owner.workspaceId, 'member', ['channel_read']);
    expect((await r.put(`/v1/channels/${channel.id}`, reader.token, change)).statusCode).toBe(403);
    expect(await originsOf(owner.workspaceId)).toEqual([['https://shop.example.com']]);

    const writer = await join(t, owner.workspaceId, 'member', ['channel_read', 'channel_write']);
    expect((await r.put(`/v1/channels/${channel.id}`, writer.token, change)).statusCode).toBe(200);
    expect(await originsOf(owner.workspaceId)).toEqual([['https://evil.example']]);
  });
});
