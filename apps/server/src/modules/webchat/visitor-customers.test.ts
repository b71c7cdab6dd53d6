import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/test-app.ts';
import { channelsTest, webchatChannel } from '../channels/test-helpers.ts';

const setup = channelsTest();
let { t, r } = setup;
beforeEach(() => {
  ({ t, r } = setup);
});

/** A visitor who opened the widget of `key` and gave their name, and what they write. */
async function visitorOn(key: string) {
  const call = (path: string, payload: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/public/v1/webchat/${key}${path}`,
      ...(token && { headers: { authorization: `Bearer ${token}` } }),
      payload,
    });
  const { visitor_token } = json(await call('/visitors', { name: 'Amy Chan' })).data;
  return {
    say: (text: string) => call('/messages', { text, client_id: randomUUID() }, visitor_token),
    thread: async () =>
      json(
        await t.app.inject({
          method: 'GET',
          url: `/public/v1/webchat/${key}/messages`,
          headers: { authorization: `Bearer ${visitor_token}` },
        }),
      ).data as { text: string }[],
  };
}

describe("a web-chat visitor's customer", () => {
  it('is reachable on its own web-chat channel only, before it wrote too (once they answered the pre-chat form)', async () => {
    const { owner, channel } = await webchatChannel(t);
    await visitorOn(channel.widget_key);
    const [visitor] = json(await r.get('/v1/customers', owner.token)).data;
    const other = json(await r.post('/v1/channels', owner.token, { type: 'webchat', name: 'Other site' })).data;
    const stranger = json(await r.post('/v1/customers', owner.token, { first_name: 'Ben', last_name: 'Lee' })).data;

    for (const [customer, channelId] of [
      [visitor.id, other.id],
      [stranger.id, channel.id],
    ]) {
      const refused = await r.post('/v1/conversations', owner.token, { customer_id: customer, channel_id: channelId });
      expect(refused.statusCode).toBe(400);
      expect(json(refused).fields.customer_id).toBe(
        'this customer cannot be reached on this channel: they have no id or number for it',
      );
    }
    const started = await r.post('/v1/conversations', owner.token, { customer_id: visitor.id, channel_id: channel.id });
    expect(started.statusCode, started.body).toBe(200);
    expect(json(started).data).toMatchObject({ channel_id: channel.id, customer: { id: visitor.id } });
  });

  it('merged into another customer, the visitor goes on writing as the survivor', async () => {
    const { owner, channel } = await webchatChannel(t);
    const visitor = await visitorOn(channel.widget_key);
    expect((await visitor.say('Hello')).statusCode).toBe(200);
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    const survivor = json(await r.post('/v1/customers', owner.token, { first_name: 'Amy', last_name: 'Chan' })).data;
    const merged = await r.post(`/v1/customers/${survivor.id}/merge`, owner.token, {
      other_id: conversation.customer.id,
    });
    expect(merged.statusCode, merged.body).toBe(200);

    expect((await visitor.say('Still me')).statusCode).toBe(200);
    expect((await visitor.thread()).map((message) => message.text)).toEqual(['Hello', 'Still me']);
    const theirs = json(await r.get(`/v1/conversations?customer_id=${survivor.id}`, owner.token)).data;
    expect(theirs.map((c: { id: string }) => c.id)).toEqual([conversation.id]);
  });
});
