import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/test-app.ts';
import { channelsTest, webchatChannel } from '../channels/test-helpers.ts';
import { customers } from '../customers/index.ts';
import { widget } from './test-helpers.ts';
import { webchatVisitors } from './webchat.tables.ts';

const setup = channelsTest();
let { t, r } = setup;
beforeEach(() => {
  ({ t, r } = setup);
});

async function channelWith(preChat: object = {}) {
  const { owner, channel } = await webchatChannel(t);
  if (Object.keys(preChat).length)
    expect((await r.put(`/v1/channels/${channel.id}`, owner.token, { widget: { pre_chat: preChat } })).statusCode).toBe(
      200,
    );
  const stored = () =>
    t.database.withWorkspace(owner.workspaceId, async (tx) => ({
      visitors: await tx.select().from(webchatVisitors),
      customers: await tx.select().from(customers),
    }));
  return { owner, channel, stored };
}

describe('a web-chat visitor', () => {
  it('who only opens the widget is no customer; their first message makes one with a readable name', async () => {
    const { owner, channel, stored } = await channelWith();
    const visitor = widget(t, channel.widget_key, 'zh-hk');
    await visitor.start();
    expect((await stored()).customers).toEqual([]);
    expect(await visitor.thread()).toEqual([]);
    expect((await visitor.say('你好')).statusCode).toBe(200);
    const [customer] = (await stored()).customers;
    expect(customer).toMatchObject({ source: 'webchat', email: null, phone: null });
    expect(customer!.displayName).toMatch(/^網站訪客 \d{4}$/);
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    expect(conversation.customer.id).toBe(customer!.id);
    // the next message is the same customer's
    await visitor.say('還在嗎？');
    expect((await stored()).customers).toHaveLength(1);
    const english = widget(t, channel.widget_key, 'en');
    await english.start();
    await english.say('Hello');
    expect((await stored()).customers.map((c) => c.displayName)).toContainEqual(
      expect.stringMatching(/^Web visitor \d{4}$/),
    );
  });

  it('who answers the pre-chat form becomes a customer with the name, e-mail and phone given', async () => {
    const { owner, channel, stored } = await channelWith({ name: 'required', email: 'optional', phone: 'optional' });
    const visitor = widget(t, channel.widget_key);
    await visitor.start({ name: 'Amy Chan', email: 'Amy@Example.com', phone: '+852 5123 4567' });
    const [customer] = (await stored()).customers;
    expect(customer).toMatchObject({
      firstName: 'Amy',
      lastName: 'Chan',
      displayName: 'Amy Chan',
      email: 'amy@example.com',
      phone: '+85251234567',
      source: 'webchat',
    });
    await visitor.say('Where is my order?');
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    expect(conversation.customer).toMatchObject({ id: customer!.id, display_name: 'Amy Chan' });
  });

  it('must give the required answers: 400 naming the field, in the visitor language, and nothing stored', async () => {
    const { channel, stored } = await channelWith({ name: 'required', email: 'required', phone: 'off' });
    const visitor = widget(t, channel.widget_key);
    const noName = await visitor.call('POST', '/visitors', { email: 'amy@example.com' });
    expect(noName.statusCode).toBe(400);
    expect(json(noName).fields.name).toBe('please tell us your name');
    const blank = await visitor.call('POST', '/visitors', { name: '  ', email: 'amy@example.com' });
    expect(blank.statusCode).toBe(400);
    const noEmail = await widget(t, channel.widget_key, 'zh-cn').call('POST', '/visitors', { name: 'Amy' });
    expect(json(noEmail).fields.email).toBe('请提供你的邮箱地址');
    const badEmail = await visitor.call('POST', '/visitors', { name: 'Amy', email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    const badPhone = await visitor.call('POST', '/visitors', { name: 'Amy', email: 'a@b.co', phone: '12' });
    expect(badPhone.statusCode).toBe(400);
    expect(json(badPhone).fields.phone).toBe('phone number is not valid');
    expect(await stored()).toEqual({ visitors: [], customers: [] });
  });

  it('never joins another customer by the e-mail given: it stays on the visitor, the customer is a new one', async () => {
    const { owner, channel, stored } = await channelWith({ email: 'required' });
    const amy = json(
      await r.post('/v1/customers', owner.token, { first_name: 'Amy', last_name: 'Chan', email: 'amy@example.com' }),
    ).data;
    const visitor = widget(t, channel.widget_key);
    await visitor.start({ email: 'amy@example.com' });
    await visitor.say('Show me my orders');
    const { visitors, customers: all } = await stored();
    expect(visitors[0]!.email).toBe('amy@example.com');
    const theirs = all.find((customer) => customer.id === visitors[0]!.customerId)!;
    expect(theirs.id).not.toBe(amy.id);
    expect(theirs.email).toBeNull();
    const amyThread = json(await r.get(`/v1/conversations?customer_id=${amy.id}`, owner.token)).data;
    expect(amyThread).toEqual([]);
  });

  it("cannot be used with another organization's channel key", async () => {
    const mine = await channelWith();
    const theirs = await channelWith();
    const visitor = widget(t, mine.channel.widget_key);
    await visitor.start();
    const borrowed = widget(t, theirs.channel.widget_key);
    borrowed.token = visitor.token;
    expect((await borrowed.say('hello')).statusCode).toBe(401);
    expect((await borrowed.call('GET', '/conversation')).statusCode).toBe(401);
    expect((await theirs.stored()).customers).toEqual([]);
  });
});
