import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGraph, startFakeGraph } from '../../../test/fakes/graph-api.ts';
import {
  instagramMessage,
  instagramUnsent,
  messagingReaction,
  whatsappContacts,
  whatsappText,
} from '../../../test/fakes/meta-webhooks.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { jobs } from '../../platform/jobs/jobs.tables.ts';
import { requests } from '../teams/test-helpers.ts';
import { webhookDeliveries } from './conversations.tables.ts';
import { APP_SECRET, connectWhatsApp, PHONE_NUMBER_ID, postWebhook } from './test-helpers.ts';

let graph: FakeGraph;
let t: TestApp;
let r: ReturnType<typeof requests>;
/** the app's log lines, parsed */
let logged: Record<string, unknown>[];
beforeAll(async () => {
  graph = await startFakeGraph();
});
afterAll(() => graph.close());
beforeEach(async () => {
  graph.reset();
  logged = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
      done();
    },
  });
  t = await createTestApp({ GRAPH_API_URL: graph.url }, { logger: pino(stream) });
  r = requests(t);
});
afterEach(() => t.close());

const now = () => Math.floor(Date.now() / 1000);
const customer = { phoneNumberId: PHONE_NUMBER_ID, from: '85251234567', name: 'Amy Chan' };

async function whatsappInbox() {
  const owner = await createOwner(t);
  const channel = await connectWhatsApp({ graph, r }, owner.token);
  return { owner, channel };
}

/** Posts each body as its own signed delivery (all waiting together), then lets the jobs run. */
async function deliverAll(channelId: string, bodies: (object | string)[]) {
  for (const body of bodies) expect((await postWebhook(t, channelId, body)).statusCode).toBe(200);
  await t.app.jobs.drain();
}

/** The texts of the owner's one conversation, oldest first. */
async function threadOf(token: string) {
  const listed = json(await r.get('/v1/conversations', token)).data as { id: string }[];
  expect(listed).toHaveLength(1);
  return json(await r.get(`/v1/conversations/${listed[0]!.id}/messages`, token)).data as {
    type: string;
    text: string | null;
    created_at: number;
  }[];
}

const deliveriesOf = (workspaceId: string) =>
  t.database.withWorkspace(workspaceId, (tx) =>
    tx
      .select({ processedAt: webhookDeliveries.processedAt, error: webhookDeliveries.error })
      .from(webhookDeliveries)
      .orderBy(webhookDeliveries.seq),
  );

/** The channel's webhook jobs that did not end done (a retry waiting, or failed for good). */
const unfinishedIngests = () =>
  t.database
    .unsafeCrossTenant('test reads the webhook jobs', (tx) =>
      tx.select({ status: jobs.status, lastError: jobs.lastError }).from(jobs).where(eq(jobs.name, 'channels.webhook')),
    )
    .then((rows) => rows.filter((row) => row.status !== 'done'));

describe('a WhatsApp channel’s inbox keeps flowing', () => {
  it('takes a shared contact card (an array) with the contact’s name, and the message after it', async () => {
    const { owner, channel } = await whatsappInbox();
    const card = {
      name: { formatted_name: 'Barbara Johnson', first_name: 'Barbara', last_name: 'Johnson' },
      phones: [{ phone: '+1 (415) 555-0100', wa_id: '14155550100', type: 'CELL' }],
    };
    await deliverAll(channel.id, [
      whatsappContacts({ ...customer, cards: [card], timestamp: now() - 10 }),
      whatsappText({ ...customer, text: 'that is my colleague', timestamp: now() - 5 }),
    ]);
    expect((await threadOf(owner.token)).map((m) => [m.type, m.text])).toEqual([
      ['contacts', '👤 Barbara Johnson'],
      ['text', 'that is my colleague'],
    ]);
    expect(await deliveriesOf(owner.workspaceId)).toEqual([
      { processedAt: expect.any(Date), error: null },
      { processedAt: expect.any(Date), error: null },
    ]);
    expect(await unfinishedIngests()).toEqual([]);
  });

  it('stores a message whose timestamp is nonsense at its arrival, never ahead of the messages after it', async () => {
    const { owner, channel } = await whatsappInbox();
    const before = now();
    // past the dates JavaScript and PostgreSQL hold, negative, not a number, and year 275760
    const nonsense = ['99999999999999', '-1', 'soon', '8640000000000'];
    await deliverAll(channel.id, [
      ...nonsense.map((timestamp, i) => whatsappText({ ...customer, text: `odd ${i}`, timestamp })),
      whatsappText({ ...customer, text: 'on time', timestamp: now() + 2 }),
    ]);
    const thread = await threadOf(owner.token);
    expect(thread.map((m) => m.text)).toEqual(['odd 0', 'odd 1', 'odd 2', 'odd 3', 'on time']);
    for (const message of thread) expect(message.created_at).toBeGreaterThanOrEqual(before);
    for (const message of thread) expect(message.created_at).toBeLessThanOrEqual(now() + 2);
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    expect(conversation).toMatchObject({ last_message_preview: 'on time' });
    expect(await unfinishedIngests()).toEqual([]);
  });

  it('keeps the good message of a delivery whose other message is malformed, and names the malformed one', async () => {
    const { owner, channel } = await whatsappInbox();
    const body = whatsappText({ ...customer, text: 'the good one', timestamp: now() });
    const value = body.entry[0]!.changes[0]!.value as { messages: unknown[] };
    value.messages.unshift({ from: customer.from, timestamp: String(now()), type: 'text', text: { body: 'no id' } });
    await deliverAll(channel.id, [body]);
    expect((await threadOf(owner.token)).map((m) => m.text)).toEqual(['the good one']);
    expect(await deliveriesOf(owner.workspaceId)).toEqual([
      { processedAt: expect.any(Date), error: 'entry[0].changes[0].messages[0]: no message id' },
    ]);
    const noted = logged.filter((line) => line.msg === 'webhook delivery set aside, wholly or in part');
    expect(noted).toEqual([expect.objectContaining({ channel_id: channel.id, delivery_id: expect.any(String) })]);
    // where, never what
    expect(JSON.stringify(logged)).not.toContain('no id');
  });

  it('sets aside a delivery that fails to apply, with its error, and applies the channel’s other deliveries', async () => {
    const { owner, channel } = await whatsappInbox();
    // an id too long for the message index: the database refuses the insert
    const tooLong = `wamid.${randomBytes(12_000).toString('base64')}`;
    await deliverAll(channel.id, [
      whatsappText({ ...customer, text: 'before', timestamp: now() - 3 }),
      whatsappText({ ...customer, id: tooLong, text: 'cannot be stored', timestamp: now() - 2 }),
      whatsappText({ ...customer, text: 'after', timestamp: now() - 1 }),
    ]);
    expect((await threadOf(owner.token)).map((m) => m.text)).toEqual(['before', 'after']);
    const deliveries = await deliveriesOf(owner.workspaceId);
    expect(deliveries.map((d) => [d.processedAt !== null, d.error?.startsWith('not applied: ') ?? null])).toEqual([
      [true, null],
      [true, true],
      [true, null],
    ]);
    expect(deliveries[1]!.error).not.toContain('cannot be stored');
    const setAside = logged.find((line) => line.msg === 'webhook delivery set aside, wholly or in part');
    expect(setAside).toMatchObject({ channel_id: channel.id, delivery_id: expect.any(String) });
    expect(JSON.stringify(logged)).not.toContain('cannot be stored');
    expect(await unfinishedIngests()).toEqual([]);

    // and the channel goes on as before
    await deliverAll(channel.id, [whatsappText({ ...customer, text: 'later', timestamp: now() })]);
    expect((await threadOf(owner.token)).map((m) => m.text)).toEqual(['before', 'after', 'later']);
  });
});

describe('an Instagram channel’s inbox keeps flowing', () => {
  it('takes story mentions and reactions as messages, and an unsent message as no news', async () => {
    const owner = await createOwner(t);
    graph.allow('200000000000002', 'page-token-2');
    const account = '17841400000000001';
    const instagram = json(
      await r.post('/v1/channels', owner.token, {
        type: 'instagram',
        name: 'Instagram',
        instagram_account_id: account,
        page_id: '200000000000002',
        access_token: 'page-token-2',
        app_secret: APP_SECRET,
        verify_token: 'verify',
      }),
    ).data;
    const people = { accountId: account, igsid: '7000000000000001' };
    const at = Date.now();
    await deliverAll(instagram.id, [
      instagramMessage({ ...people, mid: 'ig_1', text: 'hi', timestampMs: at - 4000 }),
      instagramMessage({
        ...people,
        mid: 'ig_2',
        attachments: [{ type: 'story_mention', url: 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1' }],
        timestampMs: at - 3000,
      }),
      messagingReaction({ ...people, mid: 'ig_1', emoji: '🔥', timestampMs: at - 2000 }),
      instagramUnsent({ ...people, mid: 'ig_1' }),
    ]);
    expect((await threadOf(owner.token)).map((m) => [m.type, m.text])).toEqual([
      ['text', 'hi'],
      ['story_mention', null],
      ['reaction', '🔥'],
    ]);
    expect((await deliveriesOf(owner.workspaceId)).map((d) => d.error)).toEqual([null, null, null, null]);
  });
});
