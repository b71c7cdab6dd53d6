import { beforeEach, describe, expect, it } from 'vitest';
import { messengerMessage, whatsappMedia } from '../../../test/fakes/meta-webhooks.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { json } from '../../../test/test-app.ts';
import { join } from '../teams/test-helpers.ts';
import { APP_SECRET, deliverSigned, inboxTest, PHONE_NUMBER_ID, WHATSAPP_TOKEN } from './test-helpers.ts';

const inbox = inboxTest();
let { graph, t, r } = inbox;
beforeEach(() => {
  ({ graph, t, r } = inbox);
});

const PHOTO = Buffer.from('\x89PNG\r\n\x1a\n a customer photo');

const deliver = (channelId: string, payload: object) => deliverSigned(t, channelId, payload);

async function setUp(type: 'whatsapp' | 'messenger') {
  const owner = await createOwner(t);
  const objectId = type === 'whatsapp' ? PHONE_NUMBER_ID : '200000000000001';
  graph.allow(objectId, WHATSAPP_TOKEN);
  const ids =
    type === 'whatsapp'
      ? { phone_number_id: PHONE_NUMBER_ID, business_account_id: '102290129340398' }
      : { page_id: objectId };
  const channel = json(
    await r.post('/v1/channels', owner.token, {
      type,
      name: type,
      ...ids,
      access_token: WHATSAPP_TOKEN,
      app_secret: APP_SECRET,
      verify_token: 'verify',
    }),
  ).data;
  return { owner, channel };
}
/** The conversation's last message once its file is fetched or given up on (a job after the webhook's job). */
async function lastMessage(token: string) {
  for (let tries = 0; ; tries++) {
    await t.app.jobs.drain();
    const [conversation] = json(await r.get('/v1/conversations', token)).data;
    const last = json(await r.get(`/v1/conversations/${conversation.id}/messages`, token)).data.at(-1);
    if (last.media_url || last.content.media_unavailable || tries === 20) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('received media', () => {
  it('fetches a WhatsApp photo through Graph with the channel token and serves it to members only', async () => {
    const { owner, channel } = await setUp('whatsapp');
    graph.media('880000000000001', PHOTO, 'image/png', WHATSAPP_TOKEN);
    await deliver(
      channel.id,
      whatsappMedia({
        phoneNumberId: PHONE_NUMBER_ID,
        from: '85251234567',
        kind: 'image',
        mediaId: '880000000000001',
        mimeType: 'image/png',
        caption: 'my receipt',
      }),
    );
    const message = await lastMessage(owner.token);
    expect(message).toMatchObject({ type: 'image', text: 'my receipt', media_type: 'image/png' });
    const file = await t.app.inject({
      method: 'GET',
      url: message.media_url,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PHOTO)).toBe(true);

    const other = await createOwner(t);
    expect((await r.get(message.media_url, other.token)).statusCode).toBe(404);
    const stranger = await join(t, owner.workspaceId, 'member', ['customer_read']);
    expect((await r.get(message.media_url, stranger.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: message.media_url })).statusCode).toBe(401);
  });

  it('leaves a file over the limit at Meta and says so on the message', async () => {
    const { owner, channel } = await setUp('whatsapp');
    graph.media('880000000000002', Buffer.alloc(21 * 1024 * 1024, 1), 'video/mp4', WHATSAPP_TOKEN);
    await deliver(
      channel.id,
      whatsappMedia({
        phoneNumberId: PHONE_NUMBER_ID,
        from: '85251234567',
        kind: 'video',
        mediaId: '880000000000002',
        mimeType: 'video/mp4',
      }),
    );
    const message = await lastMessage(owner.token);
    expect(message).toMatchObject({
      type: 'video',
      media_url: null,
      content: expect.objectContaining({ media_unavailable: 'too_large' }),
    });
  });

  it('keeps a Messenger attachment from its URL, and never serves a type a browser would run', async () => {
    const { owner, channel } = await setUp('messenger');
    const url = graph.media('att1', Buffer.from('<script>alert(1)</script>'), 'text/html', null);
    await deliver(
      channel.id,
      messengerMessage({ pageId: '200000000000001', psid: '6000000000000001', attachments: [{ type: 'file', url }] }),
    );
    const message = await lastMessage(owner.token);
    expect(message.type).toBe('file');
    const file = await t.app.inject({
      method: 'GET',
      url: message.media_url,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.body).toBe('<script>alert(1)</script>');
  });
});
