import { beforeEach, describe, expect, it } from 'vitest';
import { whatsappText } from '../../../test/fakes/meta-webhooks.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { json } from '../../../test/test-app.ts';
import { join } from '../teams/test-helpers.ts';
import { CUSTOMER, connectWhatsApp, deliverSigned, inboxTest, PHONE_NUMBER_ID } from './test-helpers.ts';

const inbox = inboxTest();
let { graph, t, r } = inbox;
beforeEach(() => {
  ({ graph, t, r } = inbox);
});

const CONFIRMATION = 'You have been unsubscribed and will no longer receive marketing messages from us.';

/** An owner with a WhatsApp number that `CUSTOMER` writes `text` to; the customer as the API shows them. */
async function customerWrites(texts: string[], owner?: Awaited<ReturnType<typeof createOwner>>) {
  const who = owner ?? (await createOwner(t));
  const channel = await connectWhatsApp(inbox, who.token);
  for (const text of texts)
    await deliverSigned(t, channel.id, whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: CUSTOMER, text }));
  await t.app.jobs.drain();
  const [customer] = json(await r.get('/v1/customers', who.token)).data;
  return { owner: who, channel, customer };
}
const confirmations = () =>
  graph.sent((request) => JSON.stringify(request.body).includes(CONFIRMATION)).map((request) => request.body);

describe('marketing opt-out', () => {
  it('is a customer field set and cleared through PUT /v1/customers/{id}, with its time, and a list filter', async () => {
    const owner = await createOwner(t);
    const amy = json(await r.post('/v1/customers', owner.token, { first_name: 'Amy', last_name: 'Chan' })).data;
    const ben = json(await r.post('/v1/customers', owner.token, { first_name: 'Ben', last_name: 'Ho' })).data;
    expect(amy).toMatchObject({ marketing_opt_out: false, marketing_opt_out_at: null });

    const set = json(await r.put(`/v1/customers/${amy.id}`, owner.token, { marketing_opt_out: true })).data;
    expect(set.marketing_opt_out).toBe(true);
    expect(Math.abs(set.marketing_opt_out_at - Date.now() / 1000)).toBeLessThan(60);
    const ids = async (query: string) =>
      json(await r.get(`/v1/customers?${query}`, owner.token)).data.map((c: { id: string }) => c.id);
    expect(await ids('marketing_opt_out=true')).toEqual([amy.id]);
    expect(await ids('marketing_opt_out=false')).toEqual([ben.id]);
    expect((await r.get('/v1/customers?marketing_opt_out=maybe', owner.token)).statusCode).toBe(400);

    const bad = await r.put(`/v1/customers/${amy.id}`, owner.token, { marketing_opt_out: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).fields.marketing_opt_out).toBe('marketing opt-out must be true or false');

    const other = await createOwner(t);
    expect((await r.put(`/v1/customers/${amy.id}`, other.token, { marketing_opt_out: false })).statusCode).toBe(404);
    const reader = await join(t, owner.workspaceId, 'member', ['customer_read']);
    expect((await r.put(`/v1/customers/${amy.id}`, reader.token, { marketing_opt_out: false })).statusCode).toBe(403);
    expect(json(await r.get(`/v1/customers/${amy.id}`, owner.token)).data.marketing_opt_out).toBe(true);

    const cleared = json(await r.put(`/v1/customers/${amy.id}`, owner.token, { marketing_opt_out: false })).data;
    expect(cleared).toMatchObject({ marketing_opt_out: false, marketing_opt_out_at: null });
  });

  it('opts out a customer who writes an opt-out keyword alone, in any case, and confirms it once', async () => {
    const { owner, customer } = await customerWrites(['Hi', '  stop ']);
    expect(customer.marketing_opt_out).toBe(true);
    expect(customer.marketing_opt_out_at).toEqual(expect.any(Number));
    expect(confirmations()).toEqual([
      expect.objectContaining({ to: CUSTOMER, type: 'text', text: { body: CONFIRMATION } }),
    ]);
    // in the thread as the desk's own message (no agent)
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    const thread = json(await r.get(`/v1/conversations/${conversation.id}/messages`, owner.token)).data;
    const items = Array.isArray(thread) ? thread : thread.items;
    expect(items).toContainEqual(
      expect.objectContaining({ direction: 'outbound', text: CONFIRMATION, status: 'sent' }),
    );

    // UNSUBSCRIBE again: already out, not told twice
    const channel = json(await r.get('/v1/channels', owner.token)).data[0];
    await deliverSigned(
      t,
      channel.id,
      whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: CUSTOMER, text: 'UNSUBSCRIBE' }),
    );
    await t.app.jobs.drain();
    expect(confirmations()).toHaveLength(1);
  });

  it('leaves a customer who only mentions a keyword in a sentence', async () => {
    const { customer } = await customerWrites(['Please STOP the delivery on Friday', 'stop it', 'STOP!']);
    expect(customer.marketing_opt_out).toBe(false);
    expect(confirmations()).toEqual([]);
  });

  it("uses each organization's own keywords", async () => {
    const owner = await createOwner(t);
    const saved = await r.put('/v1/self/workspace', owner.token, { opt_out_keywords: [' Cancel ', 'CANCEL', '退訂'] });
    expect(saved.statusCode).toBe(200);
    expect(json(saved).data.opt_out_keywords).toEqual(['Cancel', '退訂']);
    expect(json(await r.get('/v1/self/workspace', owner.token)).data.opt_out_keywords).toEqual(['Cancel', '退訂']);
    const tooLong = await r.put('/v1/self/workspace', owner.token, { opt_out_keywords: ['x'.repeat(31)] });
    expect(tooLong.statusCode).toBe(400);

    // STOP is no longer one of this organization's keywords
    expect((await customerWrites(['STOP'], owner)).customer.marketing_opt_out).toBe(false);
    expect(confirmations()).toEqual([]);
    // another organization keeps the defaults: its customer's "cancel" changes nothing
    const other = await createOwner(t);
    expect(json(await r.get('/v1/self/workspace', other.token)).data.opt_out_keywords).toEqual(['STOP', 'UNSUBSCRIBE']);
    expect((await customerWrites(['cancel'], other)).customer.marketing_opt_out).toBe(false);
    // while this organization's keyword works for its own customer
    const [mine] = json(await r.get('/v1/customers', owner.token)).data;
    const channel = json(await r.get('/v1/channels', owner.token)).data[0];
    await deliverSigned(
      t,
      channel.id,
      whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: CUSTOMER, text: 'cancel' }),
    );
    await t.app.jobs.drain();
    expect(json(await r.get(`/v1/customers/${mine.id}`, owner.token)).data.marketing_opt_out).toBe(true);
    expect(confirmations()).toHaveLength(1);
  });

  it('opts out on an organization keyword, members without admin rights cannot change the list', async () => {
    const owner = await createOwner(t);
    await r.put('/v1/self/workspace', owner.token, { opt_out_keywords: ['退訂'] });
    const member = await join(t, owner.workspaceId, 'member', ['customer_write']);
    expect((await r.put('/v1/self/workspace', member.token, { opt_out_keywords: [] })).statusCode).toBe(403);
    const { customer } = await customerWrites([' 退訂 '], owner);
    expect(customer.marketing_opt_out).toBe(true);
    expect(confirmations()).toHaveLength(1);
  });
});
