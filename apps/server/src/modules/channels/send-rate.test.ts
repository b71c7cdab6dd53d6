import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { whatsappText } from '../../../test/fakes/meta-webhooks.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { json } from '../../../test/test-app.ts';
import { channelPace } from '../../platform/pacing/channel-pace.ts';
import { pacingBuckets } from '../../platform/pacing/pacing.tables.ts';
import { createPacingLimiter } from '../../platform/pacing/pacing-limiter.ts';
import { connectWhatsApp, deliverSigned, PHONE_NUMBER_ID } from '../conversations/test-helpers.ts';
import { join } from '../teams/test-helpers.ts';
import { channels } from './channels.tables.ts';
import { channelsTest } from './test-helpers.ts';

const setup = channelsTest();
let { graph, t, r } = setup;
beforeEach(() => {
  ({ graph, t, r } = setup);
});

describe("a WhatsApp channel's send rate", () => {
  it('answers 80 by default, takes 1 to 1,000 and refuses anything else with the reason', async () => {
    const owner = await createOwner(t);
    const channel = await connectWhatsApp(setup, owner.token);
    expect(json(await r.get(`/v1/channels/${channel.id}`, owner.token)).data.messages_per_second).toBe(80);

    const set = await r.put(`/v1/channels/${channel.id}`, owner.token, { messages_per_second: 1000 });
    expect(set.statusCode).toBe(200);
    expect(json(set).data.messages_per_second).toBe(1000);
    expect(json(await r.get('/v1/channels', owner.token)).data[0].messages_per_second).toBe(1000);
    expect(json(await r.put(`/v1/channels/${channel.id}`, owner.token, { messages_per_second: 1 })).data).toMatchObject(
      { messages_per_second: 1 },
    );

    for (const bad of [0, 1001, 2.5, '10', -3]) {
      const refused = await r.put(`/v1/channels/${channel.id}`, owner.token, { messages_per_second: bad });
      expect(refused.statusCode).toBe(400);
      expect(json(refused).fields.messages_per_second).toBe(
        'messages per second must be a whole number from 1 to 1000',
      );
    }
    const chinese = await t.app.inject({
      method: 'PUT',
      url: `/v1/channels/${channel.id}`,
      headers: { authorization: `Bearer ${owner.token}`, 'x-locale': 'zh-hk' },
      payload: { messages_per_second: 0 },
    });
    expect(json(chinese).fields.messages_per_second).toBe('每秒訊息數須為 1 至 1000 的整數');
    expect(json(await r.get(`/v1/channels/${channel.id}`, owner.token)).data.messages_per_second).toBe(1);
  });

  it('is null on other channels, which refuse it', async () => {
    const owner = await createOwner(t);
    const webchat = json(await r.post('/v1/channels', owner.token, { type: 'webchat', name: 'Site' })).data;
    expect(webchat.messages_per_second).toBeNull();
    const refused = await r.put(`/v1/channels/${webchat.id}`, owner.token, { messages_per_second: 10 });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).fields.messages_per_second).toBe('messages_per_second does not belong to a webchat channel');
  });

  it('is changed by its organization only, with channel_write', async () => {
    const owner = await createOwner(t);
    const channel = await connectWhatsApp(setup, owner.token);
    const other = await createOwner(t);
    expect((await r.put(`/v1/channels/${channel.id}`, other.token, { messages_per_second: 5 })).statusCode).toBe(404);
    const reader = await join(t, owner.workspaceId, 'member', ['channel_read']);
    expect((await r.put(`/v1/channels/${channel.id}`, reader.token, { messages_per_second: 5 })).statusCode).toBe(403);
    const [row] = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.select().from(channels).where(eq(channels.id, channel.id)),
    );
    expect(row!.messagesPerSecond).toBe(80);
  });
});

describe("a channel's broadcast pace", () => {
  it("paces each channel's broadcasts at its rate, a tenth of a second's sends at once at most", async () => {
    let now = Date.UTC(2026, 0, 1);
    const limiter = createPacingLimiter({ database: t.database, now: () => now });
    const fast = channelPace({ pacing: limiter }, 'channel-a', 80);
    expect(fast.rate).toEqual({ ratePerSecond: 80, burst: 8 });
    expect(await fast.take(8)).toBe(0);
    expect(await fast.take(80)).toBe(1000);
    // another channel has a bucket of its own
    const slow = channelPace({ pacing: limiter }, 'channel-b', 1);
    expect(await slow.take()).toBe(0);
    expect(await slow.take()).toBe(1000);
    // an idle bucket refills to the burst only: a pause never lets a second's sends out at once
    now += 10_000;
    expect(await fast.take(8)).toBe(0);
    expect(await fast.take()).toBe(13);
  });

  it('never makes an inbox reply wait: replies take nothing from the broadcast bucket', async () => {
    const owner = await createOwner(t);
    const channel = await connectWhatsApp(setup, owner.token);
    await deliverSigned(
      t,
      channel.id,
      whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: '85251234567', text: 'Hi' }),
    );
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    // a broadcast has taken a minute of sends ahead
    const pace = channelPace({ pacing: createPacingLimiter({ database: t.database }) }, channel.id, 1);
    expect(await pace.take(60)).toBeGreaterThan(55_000);
    const bucket = () =>
      t.database.platform((db) => db.select().from(pacingBuckets).where(eq(pacingBuckets.key, pace.key)));
    const before = await bucket();

    const started = Date.now();
    const reply = await r.post(`/v1/conversations/${conversation.id}/messages`, owner.token, {
      type: 'text',
      text: 'Right away',
    });
    expect(reply.statusCode).toBe(200);
    expect(json(reply).data.status).toBe('sent');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(graph.sent().map((request) => (request.body as { text?: unknown }).text)).toContainEqual({
      body: 'Right away',
    });
    expect(await bucket()).toEqual(before);
  });
});
