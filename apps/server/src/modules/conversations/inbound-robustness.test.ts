import { beforeEach, describe, expect, it } from 'vitest';
import {
  instagramMessage,
  instagramUnsent,
  messagingReaction,
  whatsappContacts,
  whatsappText,
} from '../../../test/fakes/meta-webhooks.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { memoryLogger } from '../../../test/memory-log.ts';
import { json } from '../../../test/test-app.ts';
import { deliverAll, deliveriesOf, unfinishedIngests } from '../channels/webhook/test-helpers.ts';
import { connectInstagram, connectWhatsApp, INSTAGRAM, inboxTest, PHONE_NUMBER_ID } from './test-helpers.ts';

/** the app's log lines, parsed */
let logged: Record<string, unknown>[];
const inbox = inboxTest({
  overrides: () => {
    const log = memoryLogger();
    logged = log.lines;
    return { logger: log.logger };
  },
});
let { t, r } = inbox;
beforeEach(() => {
  ({ t, r } = inbox);
});

const now = () => Math.floor(Date.now() / 1000);
const customer = { phoneNumberId: PHONE_NUMBER_ID, from: '85251234567', name: 'Amy Chan' };

async function whatsappInbox() {
  const owner = await createOwner(t);
  const channel = await connectWhatsApp(inbox, owner.token);
  return { owner, channel };
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

describe('a WhatsApp channel’s inbox keeps flowing', () => {
  it('takes a shared contact card (an array) with the contact’s name, and the message after it', async () => {
    const { owner, channel } = await whatsappInbox();
    const card = {
      name: { formatted_name: 'Barbara Johnson', first_name: 'Barbara', last_name: 'Johnson' },
      phones: [{ phone: '+1 (415) 555-0100', wa_id: '14155550100', type: 'CELL' }],
    };
    await deliverAll(t, channel.id, [
      whatsappContacts({ ...customer, cards: [card], timestamp: now() - 10 }),
      whatsappText({ ...customer, text: 'that is my colleague', timestamp: now() - 5 }),
    ]);
    expect((await threadOf(owner.token)).map((m) => [m.type, m.text])).toEqual([
      ['contacts', '👤 Barbara Johnson'],
      ['text', 'that is my colleague'],
    ]);
    expect(await deliveriesOf(t, owner.workspaceId)).toEqual([
      { processedAt: expect.any(Date), error: null },
      { processedAt: expect.any(Date), error: null },
    ]);
    expect(await unfinishedIngests(t, owner.workspaceId)).toEqual([]);
  });

  it('stores a message whose timestamp is nonsense at its arrival, never ahead of the messages after it', async () => {
    const { owner, channel } = await whatsappInbox();
    const before = now();
    // past the dates JavaScript and PostgreSQL hold, negative, not a number, and year 275760
    const nonsense = ['99999999999999', '-1', 'soon', '8640000000000'];
    await deliverAll(t, channel.id, [
      ...nonsense.map((timestamp, i) => whatsappText({ ...customer, text: `odd ${i}`, timestamp })),
      whatsappText({ ...customer, text: 'on time', timestamp: now() + 2 }),
    ]);
    const thread = await threadOf(owner.token);
    expect(thread.map((m) => m.text)).toEqual(['odd 0', 'odd 1', 'odd 2', 'odd 3', 'on time']);
    for (const message of thread) expect(message.created_at).toBeGreaterThanOrEqual(before);
    for (const message of thread) expect(message.created_at).toBeLessThanOrEqual(now() + 2);
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    expect(conversation).toMatchObject({ last_message_preview: 'on time' });
    expect(await unfinishedIngests(t, owner.workspaceId)).toEqual([]);
  });

  it('keeps the good message of a delivery whose other message is malformed, and names the malformed one', async () => {
    const { owner, channel } = await whatsappInbox();
    const body = whatsappText({ ...customer, text: 'the good one', timestamp: now() });
    const value = body.entry[0]!.changes[0]!.value as { messages: unknown[] };
    value.messages.unshift({ from: customer.from, timestamp: String(now()), type: 'text', text: { body: 'no id' } });
    await deliverAll(t, channel.id, [body]);
    expect((await threadOf(owner.token)).map((m) => m.text)).toEqual(['the good one']);
    expect(await deliveriesOf(t, owner.workspaceId)).toEqual([
      { processedAt: expect.any(Date), error: 'entry[0].changes[0].messages[0]: no message id' },
    ]);
    const noted = logged.filter((line) => line.msg === 'webhook delivery set aside, wholly or in part');
    expect(noted).toEqual([expect.objectContaining({ channel_id: channel.id, delivery_id: expect.any(String) })]);
    // where, never what
    expect(JSON.stringify(logged)).not.toContain('no id');
  });
});

describe('an Instagram channel’s inbox keeps flowing', () => {
  it('takes story mentions and reactions as messages, and an unsent message as no news', async () => {
    const owner = await createOwner(t);
    const instagram = await connectInstagram(inbox, owner.token);
    const people = { accountId: INSTAGRAM.accountId, igsid: INSTAGRAM.igsid };
    const at = Date.now();
    await deliverAll(t, instagram.id, [
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
    expect((await deliveriesOf(t, owner.workspaceId)).map((d) => d.error)).toEqual([null, null, null, null]);
  });
});
