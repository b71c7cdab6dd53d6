import { beforeEach, describe, expect, it } from 'vitest';
import { bearer, json } from '../../../test/test-app.ts';
import { channelsTest, webchatChannel } from '../channels/test-helpers.ts';
import { messages } from '../conversations/conversations.tables.ts';
import { readEvents, widget } from './test-helpers.ts';
import { webchatUploads } from './webchat.tables.ts';

const setup = channelsTest();
let { t, r } = setup;
beforeEach(() => {
  ({ t, r } = setup);
});

const PHOTO = Buffer.from('\x89PNG\r\n\x1a\n a visitor photo');
const REPLY_PHOTO = Buffer.from('\x89PNG\r\n\x1a\n an agent photo');
const PDF = Buffer.from('%PDF-1.7 an invoice');
const fileUrl = /^http:\/\/chat\.test\/public\/v1\/webchat\/[\w-]+\/files\/[0-9a-f-]{36}$/;
const pathOf = (url: string) => new URL(url).pathname;

async function setupChat() {
  const { owner, channel } = await webchatChannel(t);
  const visitor = widget(t, channel.widget_key);
  await visitor.start();
  const stored = () =>
    t.database.withWorkspace(owner.workspaceId, async (tx) => ({
      uploads: (await tx.select().from(webchatUploads)).length,
      messages: (await tx.select().from(messages)).length,
    }));
  return { owner, channel, visitor, stored };
}

describe("a web-chat visitor's files", () => {
  it('are uploaded, sent with a caption, seen by agents, and served to that visitor only', async () => {
    const { owner, channel, visitor } = await setupChat();
    const uploaded = await visitor.upload('photo.png', 'image/png', PHOTO);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { id } = json(uploaded).data;
    const sent = await visitor.call('POST', '/messages', {
      attachment_id: id,
      text: 'This arrived broken',
      client_id: crypto.randomUUID(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const message = json(sent).data;
    expect(message).toMatchObject({
      direction: 'inbound',
      text: 'This arrived broken',
      attachment: { content_type: 'image/png', filename: 'photo.png', size: PHOTO.length },
    });
    expect(message.attachment.url).toMatch(fileUrl);
    const [listed] = await visitor.thread();
    expect(listed.attachment).toEqual(message.attachment);

    // the visitor: by bearer, and by ?token= as an <img> asks
    const url = pathOf(message.attachment.url);
    const byBearer = await t.app.inject({ method: 'GET', url, headers: bearer(visitor.token) });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.headers['content-type']).toBe('image/png');
    expect(byBearer.rawPayload.equals(PHOTO)).toBe(true);
    const byQuery = await t.app.inject({ method: 'GET', url: `${url}?token=${visitor.token}` });
    expect(byQuery.rawPayload.equals(PHOTO)).toBe(true);
    // nobody else: no token, another visitor of the same site, another organization's visitor
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const stranger = widget(t, channel.widget_key);
    await stranger.start();
    await stranger.say('hi');
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(stranger.token) })).statusCode).toBe(404);
    const other = await setupChat();
    const elsewhere = url.replace(channel.widget_key, other.channel.widget_key);
    expect(
      (await t.app.inject({ method: 'GET', url: elsewhere, headers: bearer(other.visitor.token) })).statusCode,
    ).toBe(404);

    // the agents see it in the thread, through their own media path
    const conversation = json(await r.get('/v1/conversations', owner.token)).data.find(
      (c: { last_message_preview: string }) => c.last_message_preview === 'This arrived broken',
    );
    expect(conversation).toBeDefined();
    const [inbound] = json(await r.get(`/v1/conversations/${conversation.id}/messages`, owner.token)).data;
    expect(inbound).toMatchObject({ type: 'image', media_type: 'image/png', text: 'This arrived broken' });
    const media = await t.app.inject({ method: 'GET', url: inbound.media_url, headers: bearer(owner.token) });
    expect(media.rawPayload.equals(PHOTO)).toBe(true);
  });

  it("shows an agent's image in the widget, in the list and live, and a PDF as a file", async () => {
    const { owner, channel, visitor } = await setupChat();
    await visitor.say('Can you send the invoice?');
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const live = await fetch(`${base}/public/v1/webchat/${channel.widget_key}/events?token=${visitor.token}`);
    const received = readEvents(live, 3);

    const agentUpload = async (filename: string, type: string, content: Buffer) => {
      const { multipart } = await import('./test-helpers.ts');
      const body = multipart(filename, type, content);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/v1/conversations/${conversation.id}/attachments`,
        headers: { ...bearer(owner.token), ...body.headers },
        payload: body.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      return json(uploaded).data.attachment_id as string;
    };
    const image = await agentUpload('reply.png', 'image/png', REPLY_PHOTO);
    const sentImage = await r.post(`/v1/conversations/${conversation.id}/messages`, owner.token, {
      type: 'image',
      attachment_id: image,
    });
    expect(sentImage.statusCode, sentImage.body).toBe(200);
    const pdf = await agentUpload('invoice.pdf', 'application/pdf', PDF);
    await r.post(`/v1/conversations/${conversation.id}/messages`, owner.token, {
      type: 'document',
      attachment_id: pdf,
      caption: 'Your invoice',
    });

    const [, liveImage, livePdf] = await received;
    expect(liveImage!.data.attachment).toMatchObject({
      content_type: 'image/png',
      filename: 'reply.png',
      size: REPLY_PHOTO.length,
    });
    expect(liveImage!.data.attachment.url).toMatch(fileUrl);
    expect(livePdf!.data).toMatchObject({ text: 'Your invoice', attachment: { content_type: 'application/pdf' } });

    // after a reload: the same from the list
    const thread = await visitor.thread();
    expect(thread.map((m) => m.attachment?.filename ?? null)).toEqual([null, 'reply.png', 'invoice.pdf']);
    const served = await t.app.inject({
      method: 'GET',
      url: pathOf(thread[1].attachment.url),
      headers: bearer(visitor.token),
    });
    expect(served.rawPayload.equals(REPLY_PHOTO)).toBe(true);
    expect(served.headers['content-disposition']).toBe('inline');
    const download = await t.app.inject({
      method: 'GET',
      url: `${pathOf(thread[2].attachment.url)}?token=${visitor.token}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('are refused over 20 MB, of another type, unknown or another visitor’s, and then nothing is stored', async () => {
    const { channel, visitor, stored } = await setupChat();
    const big = await visitor.upload('huge.png', 'image/png', Buffer.alloc(20 * 1024 * 1024 + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(json(big).error).toBe('Media size cannot be larger than 20MB');
    const html = await visitor.upload('page.html', 'text/html', Buffer.from('<script>alert(1)</script>'));
    expect(html.statusCode).toBe(400);
    expect(json(html).error).toContain('this type of file cannot be sent');
    const svg = await visitor.upload('logo.svg', 'image/svg+xml', Buffer.from('<svg/>'));
    expect(svg.statusCode).toBe(400);
    const anonymous = widget(t, channel.widget_key);
    expect((await anonymous.upload('photo.png', 'image/png', PHOTO)).statusCode).toBe(401);
    expect(await stored()).toEqual({ uploads: 0, messages: 0 });

    const other = widget(t, channel.widget_key);
    await other.start();
    const { id } = json(await other.upload('theirs.png', 'image/png', PHOTO)).data;
    const borrowed = await visitor.call('POST', '/messages', { attachment_id: id, client_id: crypto.randomUUID() });
    expect(borrowed.statusCode).toBe(400);
    const empty = await visitor.call('POST', '/messages', { text: '  ', client_id: crypto.randomUUID() });
    expect(empty.statusCode).toBe(400);
    expect(await stored()).toEqual({ uploads: 1, messages: 0 });
  });
});
