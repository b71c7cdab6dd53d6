import { beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { json } from '../../../test/test-app.ts';
import { jobs } from '../../platform/jobs/jobs.tables.ts';
import { join } from '../teams/test-helpers.ts';
import {
  deliverSigned,
  inboxTest,
  messengerCustomerWrote,
  PHONE_NUMBER_ID,
  WHATSAPP_TOKEN,
  whatsappCustomerWrote,
} from './test-helpers.ts';

const inbox = inboxTest();
let { graph, t, r } = inbox;
beforeEach(() => {
  ({ graph, t, r } = inbox);
});

const deliver = (channelId: string, payload: object) => deliverSigned(t, channelId, payload);

const customerWrote = (minutesAgo: number) => whatsappCustomerWrote(inbox, minutesAgo);
const send = (token: string, conversationId: string, text: string) =>
  r.post(`/v1/conversations/${conversationId}/messages`, token, { type: 'text', text });

describe('sending', () => {
  it('sends text inside the window as Meta documents it and keeps its wamid, which statuses then find', async () => {
    const { owner, channel, conversation } = await customerWrote(10);
    const answer = await send(owner.token, conversation.id, 'Hello Amy');
    expect(answer.statusCode).toBe(200);
    const message = json(answer).data;
    expect(message).toMatchObject({ direction: 'outbound', type: 'text', text: 'Hello Amy', status: 'sent' });
    expect(message.external_id).toMatch(/^wamid\./);
    const [request] = graph.sent();
    expect(request).toMatchObject({
      path: `/${PHONE_NUMBER_ID}/messages`,
      authorization: WHATSAPP_TOKEN,
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '85251234567',
        type: 'text',
        text: { body: 'Hello Amy' },
      },
    });
    await deliver(channel.id, {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { phone_number_id: PHONE_NUMBER_ID },
                statuses: [
                  { id: message.external_id, status: 'delivered', timestamp: '1', recipient_id: '85251234567' },
                ],
              },
            },
          ],
        },
      ],
    });
    const thread = json(await r.get(`/v1/conversations/${conversation.id}/messages`, owner.token)).data;
    expect(thread.map((m: { text: string; status: string }) => [m.text, m.status])).toEqual([
      ['Hi', 'received'],
      ['Hello Amy', 'delivered'],
    ]);
  });

  it('refuses free-form text outside the 24-hour window, sending nothing to Graph', async () => {
    const { owner, conversation } = await customerWrote(25 * 60);
    const answer = await send(owner.token, conversation.id, 'Still there?');
    expect(answer.statusCode).toBe(400);
    expect(json(answer).error).toBe("the customer's 24-hour reply window has closed: send a template message");
    expect(graph.sent()).toEqual([]);
  });

  it('records a rejected token as a failed message with Meta’s code and flags the channel, refusing further sends', async () => {
    const { owner, channel, conversation } = await customerWrote(5);
    graph.failNext(
      { method: 'POST' },
      { status: 401, code: 190, message: 'Error validating access token: Session has expired' },
    );
    const failed = json(await send(owner.token, conversation.id, 'Hello')).data;
    expect(failed).toMatchObject({
      status: 'failed',
      error_code: 190,
      error_title: 'Error validating access token: Session has expired',
    });
    expect(json(await r.get(`/v1/channels/${channel.id}`, owner.token)).data.status).toBe('needs_reauth');
    const refused = await send(owner.token, conversation.id, 'Again');
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error).toBe("Meta refused this channel's access token: an admin must connect it again");
  });

  it('ends the session when WhatsApp asks for re-engagement (131047)', async () => {
    const { owner, conversation } = await customerWrote(5);
    graph.failNext({ method: 'POST' }, { status: 400, code: 131047, message: 'Re-engagement message' });
    expect(json(await send(owner.token, conversation.id, 'Hello')).data).toMatchObject({
      status: 'failed',
      error_code: 131047,
    });
    const detail = json(await r.get(`/v1/conversations/${conversation.id}`, owner.token)).data;
    expect(detail.session_expires_at).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect((await send(owner.token, conversation.id, 'Hello?')).statusCode).toBe(400);
  });

  it('keeps a message waiting when Graph throttles (130429) and sends it on the next attempt', async () => {
    const { owner, conversation } = await customerWrote(5);
    graph.failNext({ method: 'POST' }, { status: 400, code: 130429, message: 'Rate limit hit' });
    const waiting = json(await send(owner.token, conversation.id, 'Patience')).data;
    expect(waiting.status).toBe('wait_to_send');
    // the retry is due now instead of after its backoff
    await t.database.unsafeCrossTenant('test runs the retry now', (tx) => tx.update(jobs).set({ runAt: new Date(0) }));
    await t.app.jobs.drain();
    const thread = json(await r.get(`/v1/conversations/${conversation.id}/messages`, owner.token)).data;
    expect(thread.at(-1)).toMatchObject({
      text: 'Patience',
      status: 'sent',
      external_id: expect.stringMatching(/^wamid\./),
    });
    expect(graph.sent()).toHaveLength(2);
  });

  it('sends Messenger text to the PSID through the Page', async () => {
    const { owner, conversation } = await messengerCustomerWrote(inbox, 1);
    const message = json(await send(owner.token, conversation.id, 'Hello from the Page')).data;
    expect(message.external_id).toMatch(/^m_/);
    expect(graph.sent()[0]).toMatchObject({
      path: '/200000000000001/messages',
      authorization: 'page-token',
      body: {
        recipient: { id: '6000000000000001' },
        messaging_type: 'RESPONSE',
        message: { text: 'Hello from the Page' },
      },
    });
  });

  it('keeps sending to the organization and to holders of conversation_write', async () => {
    const { owner, conversation } = await customerWrote(5);
    const other = await createOwner(t);
    expect((await send(other.token, conversation.id, 'Hijack')).statusCode).toBe(404);
    const reader = await join(t, owner.workspaceId, 'member', ['conversation_read']);
    expect((await send(reader.token, conversation.id, 'Nope')).statusCode).toBe(403);
    const viewer = await join(t, owner.workspaceId, 'viewer', ['conversation_read']);
    expect((await send(viewer.token, conversation.id, 'Nope')).statusCode).toBe(403);
    expect((await send(owner.token, conversation.id, '   ')).statusCode).toBe(400);
    expect(graph.sent()).toEqual([]);
  });
});

describe('private notes', () => {
  it('keeps a note in the thread for agents, outside the window too, never sending it to Meta', async () => {
    const { owner, conversation } = await customerWrote(25 * 60);
    const answer = await r.post(`/v1/conversations/${conversation.id}/notes`, owner.token, { text: 'VIP, call back' });
    expect(json(answer).data).toMatchObject({ type: 'note', text: 'VIP, call back', direction: 'outbound' });
    const thread = json(await r.get(`/v1/conversations/${conversation.id}/messages`, owner.token)).data;
    expect(thread.map((m: { type: string }) => m.type)).toEqual(['text', 'note']);
    expect(graph.sent()).toEqual([]);
    const reader = await join(t, owner.workspaceId, 'member', ['conversation_read']);
    expect((await r.post(`/v1/conversations/${conversation.id}/notes`, reader.token, { text: 'x' })).statusCode).toBe(
      403,
    );
    const other = await createOwner(t);
    expect((await r.post(`/v1/conversations/${conversation.id}/notes`, other.token, { text: 'x' })).statusCode).toBe(
      404,
    );
  });
});

describe('reading', () => {
  it('clears the member’s unread count and marks the last WhatsApp message read; listing alone marks nothing', async () => {
    const { owner, conversation } = await customerWrote(5);
    expect(conversation.unread_count).toBe(1);
    await r.get(`/v1/conversations/${conversation.id}/messages`, owner.token);
    expect(graph.requests.filter((request) => request.method === 'POST')).toEqual([]);

    const agent = await join(t, owner.workspaceId, 'member', ['conversation_read']);
    expect(json(await r.post(`/v1/conversations/${conversation.id}/read`, owner.token, {})).data).toEqual({
      unread_count: 0,
    });
    expect(graph.sent()[0]).toMatchObject({
      path: `/${PHONE_NUMBER_ID}/messages`,
      body: { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.IN' },
    });
    expect(json(await r.get('/v1/conversations', owner.token)).data[0].unread_count).toBe(0);
    // another agent has not read it yet
    expect(json(await r.get('/v1/conversations', agent.token)).data[0].unread_count).toBe(1);
    const other = await createOwner(t);
    expect((await r.post(`/v1/conversations/${conversation.id}/read`, other.token, {})).statusCode).toBe(404);
  });
});
