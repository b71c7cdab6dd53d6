import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/test-app.ts';
import { channelsTest, webchatChannel } from '../channels/test-helpers.ts';
import { messages } from '../conversations/conversations.tables.ts';
import { webchatVisitors } from './webchat.tables.ts';

const setup = channelsTest();
let { t, r } = setup;
beforeEach(() => {
  ({ t, r } = setup);
});

const SHOP = 'https://shop.example.com';
const OTHER = 'https://copycat.example';
/** The test app's PUBLIC_URL, where the channels page's Preview runs the widget. */
const APP = 'http://chat.test';

/** The widget's calls from a page of `origin` (none: a same-origin GET, which browsers send without one). */
function widgetOn(key: string, origin: string | null, token?: string) {
  return (method: 'GET' | 'POST' | 'OPTIONS', path: string, payload?: object, locale = 'en') =>
    t.app.inject({
      method,
      url: `/public/v1/webchat/${key}${path}`,
      headers: {
        'x-locale': locale,
        ...(origin !== null && { origin }),
        ...(token && { authorization: `Bearer ${token}` }),
        ...(method === 'OPTIONS' && { 'access-control-request-method': 'POST' }),
      },
      ...(payload && { payload }),
    });
}

async function channelFor(allowed: string[]) {
  const { owner, channel } = await webchatChannel(t, { name: 'Shop', allowed_origins: allowed });
  const stored = () =>
    t.database.withWorkspace(owner.workspaceId, async (tx) => ({
      visitors: (await tx.select().from(webchatVisitors)).length,
      messages: (await tx.select().from(messages)).length,
    }));
  return { owner, channel, stored };
}

describe("the widget's allowed sites", () => {
  it('answers a listed site with its own origin, preflight and event stream included', async () => {
    const { channel, stored } = await channelFor([SHOP]);
    const shop = widgetOn(channel.widget_key, SHOP);
    const preflight = await shop('OPTIONS', '/visitors');
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(SHOP);
    expect(preflight.headers.vary).toContain('Origin');
    const config = await shop('GET', '');
    expect(json(config).data).toMatchObject({ name: 'Shop', title: 'Shop' });
    expect(config.headers['access-control-allow-origin']).toBe(SHOP);

    const started = await shop('POST', '/visitors', {});
    expect(started.statusCode, started.body).toBe(200);
    const { visitor_token } = json(started).data;
    const visitor = widgetOn(channel.widget_key, SHOP, visitor_token);
    expect((await visitor('POST', '/messages', { text: 'Hello', client_id: randomUUID() })).statusCode).toBe(200);
    expect(await stored()).toEqual({ visitors: 1, messages: 1 });

    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const events = `${base}/public/v1/webchat/${channel.widget_key}/events?token=${visitor_token}`;
    const live = await fetch(events, { headers: { origin: SHOP } });
    expect(live.status).toBe(200);
    expect(live.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(live.headers.get('vary')).toContain('Origin');
    await live.body?.cancel();
  });

  it('refuses another site in three languages and stores nothing; the app itself and a page without Origin pass', async () => {
    const { channel, stored } = await channelFor([SHOP]);
    const started = await widgetOn(channel.widget_key, SHOP)('POST', '/visitors', {});
    const { visitor_token } = json(started).data;

    const copycat = widgetOn(channel.widget_key, OTHER, visitor_token);
    const refused = await copycat('POST', '/visitors', {});
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({
      success: false,
      error: 'this chat does not take messages from this website',
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(json(await copycat('POST', '/visitors', {}, 'zh-hk')).error).toBe('此對話不接受來自這個網站的訊息');
    expect(json(await copycat('POST', '/visitors', {}, 'zh-cn')).error).toBe('此聊天不接受来自这个网站的消息');
    expect((await copycat('POST', '/messages', { text: 'Hi', client_id: randomUUID() })).statusCode).toBe(403);
    expect((await copycat('GET', '/messages')).statusCode).toBe(403);
    expect((await copycat('OPTIONS', '/messages')).statusCode).toBe(403);
    expect((await widgetOn(channel.widget_key, 'null')('POST', '/visitors', {})).statusCode).toBe(403);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const events = `${base}/public/v1/webchat/${channel.widget_key}/events?token=${visitor_token}`;
    expect((await fetch(events, { headers: { origin: OTHER } })).status).toBe(403);
    expect(await stored()).toEqual({ visitors: 1, messages: 0 });

    const preview = await widgetOn(channel.widget_key, APP)('POST', '/visitors', {});
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['access-control-allow-origin']).toBe(APP);
    expect((await widgetOn(channel.widget_key, null)('GET', '')).statusCode).toBe(200);
  });

  it('takes any site with an empty list, as before', async () => {
    const { owner, channel, stored } = await channelFor([SHOP]);
    await r.put(`/v1/channels/${channel.id}`, owner.token, { allowed_origins: [] });
    const anywhere = widgetOn(channel.widget_key, OTHER);
    const started = await anywhere('POST', '/visitors', {});
    expect(started.statusCode).toBe(200);
    expect(started.headers['access-control-allow-origin']).toBe('*');
    expect((await anywhere('OPTIONS', '/messages')).headers['access-control-allow-origin']).toBe('*');
    expect(await stored()).toEqual({ visitors: 1, messages: 0 });
  });
});
