import { beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { bearer, json } from '../../../test/test-app.ts';
import { channelsTest } from '../channels/test-helpers.ts';
import {
  connectWhatsApp,
  deliverSigned,
  postWebhook,
  silentSocket,
  WHATSAPP_TOKEN,
} from '../conversations/test-helpers.ts';
import { systemSettings } from '../settings/settings.tables.ts';

const WABA = '102290129340398';
const PATH = '/v1/whatsapp-templates';

const app = channelsTest();
let { graph, t, r } = app;
beforeEach(() => ({ graph, t, r } = app));

async function setup() {
  const owner = await createOwner(t);
  graph.allow(WABA, WHATSAPP_TOKEN);
  const channel = await connectWhatsApp(app, owner.token);
  return { owner, channel };
}

const orderReady = (channelId: string) => ({
  channel_id: channelId,
  name: 'order_ready',
  category: 'transactional',
  language: 'en_US',
  header: { type: 'text', text: 'Your order' },
  body: 'Hello {{1}}, your order {{2}} is ready',
  footer: 'Thanks',
  // given out of order: Meta's example follows the keys
  parameters: [
    { key: '2', value: 'A-1' },
    { key: '1', value: 'Ann' },
  ],
  buttons: [{ type: 'QUICK_REPLY', text: 'Thanks' }],
});

const templatesStored = async (token: string) =>
  json(await r.get(`${PATH}?size=100`, token)).data as { id: string; status: string }[];

describe('WhatsApp templates', () => {
  it("creates at Meta with Meta's JSON and stores Meta's id and status", async () => {
    const { owner, channel } = await setup();
    const created = await r.post(PATH, owner.token, orderReady(channel.id));
    expect(created.statusCode, created.body).toBe(200);
    const sent = graph.requests.find((q) => q.method === 'POST' && q.path === `/${WABA}/message_templates`)!;
    expect(sent.authorization).toBe(WHATSAPP_TOKEN);
    expect(sent.body).toEqual({
      name: 'order_ready',
      language: 'en_US',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Your order' },
        { type: 'BODY', text: 'Hello {{1}}, your order {{2}} is ready', example: { body_text: [['Ann', 'A-1']] } },
        { type: 'FOOTER', text: 'Thanks' },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Thanks' }] },
      ],
    });
    const data = json(created).data;
    expect(data).toMatchObject({
      channel_id: channel.id,
      name: 'order_ready',
      category: 'transactional',
      status: 'pending',
      external_id: graph.templates(WABA)[0]!.id,
      body: 'Hello {{1}}, your order {{2}} is ready',
    });
    expect(json(await r.get(`${PATH}/${data.id}`, owner.token)).data.id).toBe(data.id);
    const listed = await r.get(`${PATH}?channel_id=${channel.id}&status=pending&keyword=order`, owner.token);
    expect(json(listed).page.total).toBe(1);
  });

  it("SPEC 5 messages for missing fields, and Meta's refusal is a 4xx with nothing stored", async () => {
    const { owner, channel } = await setup();
    const bad = await r.post(PATH, owner.token, { ...orderReady(channel.id), name: '', header: { type: 'image' } });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).fields).toMatchObject({
      name: 'template name is required',
      'header.attachment_id': 'header media file is required',
    });
    expect(json(await r.post(PATH, owner.token, { ...orderReady(channel.id), body: ' ' })).fields.body).toBe(
      'body is required',
    );
    graph.failNext(
      { method: 'POST', path: `/${WABA}/message_templates` },
      { status: 400, code: 100, message: 'Invalid parameter: name already exists' },
    );
    const refused = await r.post(PATH, owner.token, orderReady(channel.id));
    expect(refused.statusCode).toBe(422);
    expect(json(refused).error).toContain('name already exists');
    expect(await templatesStored(owner.token)).toEqual([]);
  });

  it('deletes at Meta by name and hsm_id, also when Meta no longer has it', async () => {
    const { owner, channel } = await setup();
    const created = json(await r.post(PATH, owner.token, orderReady(channel.id))).data;
    const removed = await r.del(`${PATH}/${created.id}`, owner.token);
    expect(removed.statusCode, removed.body).toBe(200);
    const call = graph.requests.find((q) => q.method === 'DELETE')!;
    expect(call.query).toMatchObject({ name: 'order_ready', hsm_id: created.external_id });
    expect(graph.templates(WABA)).toEqual([]);
    const again = json(await r.post(PATH, owner.token, orderReady(channel.id))).data;
    graph.reset();
    graph.allow(WABA, WHATSAPP_TOKEN);
    expect((await r.del(`${PATH}/${again.id}`, owner.token)).statusCode).toBe(200);
    expect(await templatesStored(owner.token)).toEqual([]);
  });

  it('edits an approved template by resubmitting it; a pending one is refused', async () => {
    const { owner, channel } = await setup();
    const created = json(await r.post(PATH, owner.token, orderReady(channel.id))).data;
    const edit = { ...orderReady(channel.id), body: 'Hi {{1}}, order {{2}} is ready', footer: undefined };
    expect((await r.put(`${PATH}/${created.id}`, owner.token, edit)).statusCode).toBe(409);
    graph.templates(WABA)[0]!.status = 'APPROVED';
    await deliverSigned(t, channel.id, statusDelivery(created.external_id, 'APPROVED'));
    const edited = await r.put(`${PATH}/${created.id}`, owner.token, edit);
    expect(edited.statusCode, edited.body).toBe(200);
    const call = graph.requests.find((q) => q.method === 'POST' && q.path === `/${created.external_id}`)!;
    expect(call.body).toEqual({
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Your order' },
        { type: 'BODY', text: 'Hi {{1}}, order {{2}} is ready', example: { body_text: [['Ann', 'A-1']] } },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Thanks' }] },
      ],
    });
    expect(json(edited).data).toMatchObject({ status: 'pending', footer: null });
  });

  it("syncs every page of the account's templates, creating and updating by name and language", async () => {
    const { owner, channel } = await setup();
    const mine = json(await r.post(PATH, owner.token, orderReady(channel.id))).data;
    graph.templates(WABA)[0]!.status = 'APPROVED';
    for (let i = 0; i < 130; i++)
      graph.addTemplate(WABA, {
        name: `promo_${i}`,
        category: 'MARKETING',
        components: [{ type: 'BODY', text: 'Sale {{1}}', example: { body_text: [['50%']] } }],
      });
    const synced = await r.post(`${PATH}/sync`, owner.token, { channel_id: channel.id });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(json(synced).data).toEqual({ created: 130, updated: 1 });
    expect(graph.requests.filter((q) => q.method === 'GET' && q.path.endsWith('/message_templates')).length).toBe(2);
    expect(json(await r.get(`${PATH}/${mine.id}`, owner.token)).data.status).toBe('approved');
    const promo = json(await r.get(`${PATH}?keyword=promo_7&size=1`, owner.token)).data[0];
    expect(promo).toMatchObject({
      category: 'marketing',
      status: 'approved',
      parameters: [{ key: '1', value: '50%' }],
    });
  });

  it("takes status, quality and category from the webhook, Meta's long ids read exactly", async () => {
    const { owner, channel } = await setup();
    const created = json(await r.post(PATH, owner.token, orderReady(channel.id))).data;
    const longId = '1234567890123456789';
    graph.templates(WABA)[0]!.id = longId;
    // the stored id becomes one beyond 2^53, which a float would round to ...6800
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute(`update whatsapp_templates set external_id = '${longId}'` as never),
    );
    // by Meta's id alone: no name or language to fall back on
    const raw = JSON.stringify(
      delivery('message_template_status_update', {
        event: 'REJECTED',
        message_template_id: 'ID',
        reason: 'INVALID_FORMAT',
      }),
    ).replace('"ID"', longId);
    expect((await postWebhook(t, channel.id, raw)).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(json(await r.get(`${PATH}/${created.id}`, owner.token)).data).toMatchObject({
      status: 'rejected',
      rejected_reason: 'INVALID_FORMAT',
    });
    const quality = JSON.stringify(
      delivery('message_template_quality_update', {
        previous_quality_score: 'GREEN',
        new_quality_score: 'YELLOW',
        message_template_id: 'ID',
      }),
    ).replace('"ID"', longId);
    expect((await postWebhook(t, channel.id, quality)).statusCode).toBe(200);
    await deliverSigned(
      t,
      channel.id,
      delivery('template_category_update', {
        message_template_name: 'order_ready',
        message_template_language: 'en_US',
        previous_category: 'UTILITY',
        new_category: 'MARKETING',
      }),
    );
    expect(json(await r.get(`${PATH}/${created.id}`, owner.token)).data).toMatchObject({
      quality: 'YELLOW',
      category: 'marketing',
    });
  });

  it('uploads a media header through the Resumable Upload API and names its handle in the example', async () => {
    const { owner, channel } = await setup();
    const image = Buffer.from('fake-png-bytes-'.repeat(100));
    const noAppId = await uploadMedia(owner.token, channel.id, image);
    expect(noAppId.statusCode).toBe(409);
    await t.database.db.insert(systemSettings).values({ key: 'omnichannel.meta.app_id', value: '900000000000001' });
    graph.allow('900000000000001', WHATSAPP_TOKEN);
    const uploaded = await uploadMedia(owner.token, channel.id, image);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { attachment_id } = json(uploaded).data;
    const start = graph.requests.find((q) => q.path === '/900000000000001/uploads')!;
    expect(start.query).toMatchObject({ file_length: String(image.length), file_type: 'image/png' });
    const created = await r.post(PATH, owner.token, {
      ...orderReady(channel.id),
      category: 'marketing',
      header: { type: 'image', attachment_id },
    });
    expect(created.statusCode, created.body).toBe(200);
    const sent = graph.templates(WABA)[0]!;
    expect(sent.category).toBe('MARKETING');
    const handle = (sent.components[0] as { example: { header_handle: string[] } }).example.header_handle[0]!;
    expect(sent.components[0]).toMatchObject({ type: 'HEADER', format: 'IMAGE' });
    expect(graph.uploaded(handle)?.bytes.equals(image)).toBe(true);
    expect(json(created).data.header).toEqual({ type: 'image', attachment_id });
  });

  it("refuses another organization's token and a member without template_write; nothing changes", async () => {
    const { owner, channel } = await setup();
    const created = json(await r.post(PATH, owner.token, orderReady(channel.id))).data;
    const stranger = await createOwner(t);
    const viewer = await joinAs(t, owner.workspaceId, 'viewer', ['template_read']);
    const none = await joinAs(t, owner.workspaceId, 'member', []);
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute(`update workspace_members set permissions = '{}' where id = '${none.member.id}'` as never),
    );
    expect((await r.get(`${PATH}/${created.id}`, stranger.token)).statusCode).toBe(404);
    expect((await r.del(`${PATH}/${created.id}`, stranger.token)).statusCode).toBe(404);
    expect((await r.put(`${PATH}/${created.id}`, stranger.token, orderReady(channel.id))).statusCode).toBe(404);
    expect((await r.post(`${PATH}/sync`, stranger.token, { channel_id: channel.id })).statusCode).toBe(404);
    expect((await r.post(PATH, stranger.token, { ...orderReady(channel.id), name: 'x' })).statusCode).toBe(404);
    expect(json(await r.get(PATH, stranger.token)).data).toEqual([]);
    expect((await r.get(`${PATH}/${created.id}`, viewer.token)).statusCode).toBe(200);
    for (const call of [
      () => r.post(PATH, viewer.token, { ...orderReady(channel.id), name: 'y' }),
      () => r.del(`${PATH}/${created.id}`, viewer.token),
      () => r.put(`${PATH}/${created.id}`, viewer.token, orderReady(channel.id)),
      () => r.post(`${PATH}/sync`, viewer.token, { channel_id: channel.id }),
    ])
      expect((await call()).statusCode).toBe(403);
    expect((await r.get(PATH, none.token)).statusCode).toBe(403);
    expect(await templatesStored(owner.token)).toHaveLength(1);
    expect(graph.templates(WABA)).toHaveLength(1);
  });

  it('pushes a status change from the webhook to the members who read templates, no one else', async () => {
    const { owner, channel } = await setup();
    const created = json(await r.post(PATH, owner.token, orderReady(channel.id))).data;
    const none = await joinAs(t, owner.workspaceId, 'member', []);
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute(`update workspace_members set permissions = '{}' where id = '${none.member.id}'` as never),
    );
    const stranger = await createOwner(t);
    const [reader, outsider, other] = await Promise.all([
      silentSocket(t, owner.token),
      silentSocket(t, none.token),
      silentSocket(t, stranger.token),
    ]);
    await deliverSigned(t, channel.id, statusDelivery(created.external_id, 'APPROVED'));
    await expect.poll(() => reader.heard('template.changed')).toEqual([{ id: created.id, status: 'approved' }]);
    await Promise.all([outsider.settled(), other.settled()]);
    expect(outsider.heard('template.changed')).toEqual([]);
    expect(other.heard('template.changed')).toEqual([]);
    for (const socket of [reader, outsider, other]) socket.close();
  });
});

function delivery(field: string, value: object) {
  return { object: 'whatsapp_business_account', entry: [{ id: WABA, time: 1, changes: [{ field, value }] }] };
}

function statusDelivery(id: string, event: string, reason = 'NONE') {
  return delivery('message_template_status_update', {
    event,
    message_template_id: id,
    message_template_name: 'order_ready',
    message_template_language: 'en_US',
    reason,
  });
}

function uploadMedia(token: string, channelId: string, content: Buffer) {
  const boundary = '----templateboundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="channel_id"\r\n\r\n${channelId}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="header.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${PATH}/media`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}
