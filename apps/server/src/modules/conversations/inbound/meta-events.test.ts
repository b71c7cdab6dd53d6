import { describe, expect, it } from 'vitest';
import {
  instagramEcho,
  instagramMessage,
  instagramRead,
  instagramUnsent,
  messagingPostback,
  messagingReaction,
  messengerDelivery,
  messengerMessage,
  whatsappButton,
  whatsappContacts,
  whatsappFlowReply,
  whatsappInteractive,
  whatsappLocation,
  whatsappMedia,
  whatsappMessage,
  whatsappNumberChanged,
  whatsappOrder,
  whatsappReaction,
  whatsappStatus,
  whatsappText,
  whatsappUnsupported,
  withReferral,
} from '../../../../test/fakes/meta-webhooks.ts';
import type { MetaChannel } from '../../../platform/modules/define-module.ts';
import { deliveryParts } from '../../channels/webhook/delivery-parts.ts';
import { eventTime } from './event-time.ts';
import { readPart } from './messages-field.ts';
import type { MetaEvent, ReadPart } from './meta-events.ts';

const NUMBER_ID = '106540352242922';
const sender = { phoneNumberId: NUMBER_ID, from: '85251234567', name: 'Amy Chan' };
const receivedAt = new Date();
const channelOf = (channel: Partial<MetaChannel> & Pick<MetaChannel, 'type'>): MetaChannel => ({
  id: '00000000-0000-4000-8000-000000000001',
  workspaceId: '00000000-0000-4000-8000-000000000002',
  phoneNumberId: null,
  businessAccountId: null,
  pageId: null,
  instagramAccountId: null,
  autoAssignMode: 'off',
  ...channel,
});

/** What a delivery says through its `messages` parts, split as the channels module splits it. */
function readMessages(channel: MetaChannel, body: object): ReadPart {
  const { parts, problems } = deliveryParts(channel, JSON.parse(JSON.stringify(body)));
  const read = parts
    .filter((part) => part.field === 'messages')
    .map((part) => readPart(channel, { ...part, deliveryId: 'delivery', receivedAt }));
  return { events: read.flatMap((one) => one.events), problems: [...problems, ...read.flatMap((one) => one.problems)] };
}
const whatsapp = (body: object) => readMessages(channelOf({ type: 'whatsapp', phoneNumberId: NUMBER_ID }), body);
/** The one message a WhatsApp body holds, and that nothing in it was unreadable. */
const whatsappOne = (body: object) => {
  const { events, problems } = whatsapp(body);
  expect(problems).toEqual([]);
  expect(events).toHaveLength(1);
  return events[0] as Extract<MetaEvent, { kind: 'message' }>;
};

describe('WhatsApp messages, every type read as Meta documents it', () => {
  it('a text, and media with their captions or file name', () => {
    expect(whatsappOne(whatsappText({ ...sender, text: 'Hello' }))).toMatchObject({
      type: 'text',
      text: 'Hello',
      content: { body: 'Hello' },
      contact: { source: 'whatsapp', externalId: '85251234567', phone: '+85251234567', name: 'Amy Chan' },
    });
    const media = (kind: 'image' | 'document' | 'audio' | 'sticker', extra: object = {}) =>
      whatsappOne(whatsappMedia({ ...sender, kind, mediaId: '1234567890123456', mimeType: 'image/jpeg', ...extra }));
    expect(media('image', { caption: 'my receipt' })).toMatchObject({ type: 'image', text: 'my receipt' });
    expect(media('document', { filename: 'invoice.pdf' })).toMatchObject({ type: 'document', text: 'invoice.pdf' });
    expect(media('audio', { voice: true })).toMatchObject({ type: 'audio', text: null, content: { voice: true } });
    expect(media('sticker')).toMatchObject({ type: 'sticker', text: null, content: { id: '1234567890123456' } });
  });

  it('a contact card list: an array kept as { contacts }, the cards’ names as the text', () => {
    const cards = [
      {
        name: { formatted_name: 'Barbara Johnson', first_name: 'Barbara', last_name: 'Johnson' },
        phones: [{ phone: '+1 (415) 555-0100', wa_id: '14155550100', type: 'CELL' }],
        emails: [{ email: 'bjohnson@example.com', type: 'WORK' }],
      },
      // every field but the name may be left out; a name may come in parts only
      { name: { first_name: 'Ben', last_name: 'Lee' } },
      { phones: [{ phone: '+852 5111 0000' }] },
    ];
    const message = whatsappOne(whatsappContacts({ ...sender, cards: cards as never }));
    expect(message).toMatchObject({ type: 'contacts', text: '👤 Barbara Johnson, Ben Lee, +852 5111 0000' });
    expect(message.content).toEqual({ contacts: cards });
  });

  it('a place by its name and address, else its coordinates', () => {
    // the fake's `name` is the place's (and the profile's): left out, the place has coordinates only
    const place = { phoneNumberId: NUMBER_ID, from: '85251234567', latitude: 22.2793, longitude: 114.1628 };
    expect(whatsappOne(whatsappLocation({ ...place, name: 'IFC', address: '8 Finance St' })).text).toBe(
      '📍 IFC · 8 Finance St',
    );
    expect(whatsappOne(whatsappLocation(place)).text).toBe('📍 22.2793, 114.1628');
  });

  it('replies to buttons, lists, flows and template quick replies', () => {
    const replyTo = 'wamid.BUSINESS';
    const button = { type: 'button_reply' as const, id: 'yes', title: 'Yes, please' };
    expect(whatsappOne(whatsappInteractive({ ...sender, replyTo, reply: button })).text).toBe('Yes, please');
    const list = { type: 'list_reply' as const, id: 'hk', title: 'Hong Kong', description: 'HK office' };
    expect(whatsappOne(whatsappInteractive({ ...sender, replyTo, reply: list })).text).toBe('Hong Kong');
    const flow = whatsappOne(whatsappFlowReply({ ...sender, replyTo, response: { flow_token: 't', size: 'M' } }));
    expect(flow).toMatchObject({ type: 'interactive', text: 'Sent', content: { type: 'nfm_reply' } });
    const quick = whatsappOne(whatsappButton({ ...sender, replyTo, text: 'Stop promotions', payload: 'STOP' }));
    expect(quick).toMatchObject({ type: 'button', text: 'Stop promotions', content: { payload: 'STOP' } });
  });

  it('a reaction by its emoji, and none when it is taken back', () => {
    const given = whatsappOne(whatsappReaction({ ...sender, messageId: 'wamid.OUT', emoji: '👍' }));
    expect(given).toMatchObject({ type: 'reaction', text: '👍', content: { message_id: 'wamid.OUT' } });
    expect(whatsappOne(whatsappReaction({ ...sender, messageId: 'wamid.OUT' })).text).toBeNull();
  });

  it('an order by its item count and note, a changed number by its notice, an unsupported one with Meta’s error', () => {
    const items = [
      { productRetailerId: 'tea', quantity: 2, itemPrice: 35, currency: 'HKD' },
      { productRetailerId: 'cake', quantity: 1, itemPrice: 48, currency: 'HKD' },
    ];
    const order = whatsappOne(whatsappOrder({ ...sender, items, text: 'no sugar' }));
    expect(order).toMatchObject({ type: 'order', text: '🛒 3 · no sugar' });
    expect(order.content.product_items).toHaveLength(2);
    const changed = whatsappOne(whatsappNumberChanged({ ...sender, newNumber: '85259998888' }));
    expect(changed).toMatchObject({ type: 'system', contact: { name: null } });
    expect(changed.text).toContain('85259998888');
    const unsupported = whatsappOne(whatsappUnsupported({ ...sender, sentType: 'poll_creation' }));
    expect(unsupported).toMatchObject({ type: 'unsupported', text: null, content: { type: 'poll_creation' } });
    expect(unsupported.content.errors).toEqual([expect.objectContaining({ code: 131051 })]);
  });

  it('keeps the ad a message came from, and takes types it does not know by their usual fields', () => {
    const fromAd = withReferral(whatsappText({ ...sender, text: 'Is this in stock?' }), {
      sourceId: '120208',
      headline: 'Summer sale',
    });
    expect(whatsappOne(fromAd).content).toMatchObject({ body: 'Is this in stock?', referral: { source_id: '120208' } });
    expect(whatsappOne(whatsappMessage(sender, 'request_welcome', {}))).toMatchObject({
      type: 'request_welcome',
      text: null,
      content: {},
    });
    expect(whatsappOne(whatsappMessage(sender, 'poll', { title: 'Lunch?' }))).toMatchObject({ text: 'Lunch?' });
    // a value that is no object, and a type that is no name, still read
    expect(whatsappOne(whatsappMessage(sender, 'text', 'bare words' as never))).toMatchObject({
      text: 'bare words',
      content: { text: 'bare words' },
    });
    expect(whatsappOne(whatsappMessage(sender, 'constructor', {})).text).toBeNull();
    expect(whatsappOne(whatsappMessage(sender, 'Not A Type!', {})).type).toBe('unknown');
  });

  it('reads each message on its own: an unreadable one is named by its place, the others are kept', () => {
    const body = whatsappText({ ...sender, id: 'wamid.GOOD', text: 'still here' });
    const value = body.entry[0]!.changes[0]!.value as { messages: unknown[] };
    value.messages = [{ from: '85251234567', type: 'text', text: { body: 'no id' } }, 'nonsense', ...value.messages];
    const { events, problems } = whatsapp(body);
    expect(events).toEqual([expect.objectContaining({ externalId: 'wamid.GOOD', text: 'still here' })]);
    expect(problems).toEqual([
      'entry[0].changes[0].messages[0]: no message id',
      'entry[0].changes[0].messages[1]: not an object',
    ]);
    // the problems never quote the content
    expect(problems.join()).not.toContain('no id');
  });

  it('leaves out other numbers silently', () => {
    expect(whatsapp(whatsappText({ ...sender, phoneNumberId: '999', text: 'not ours' }))).toEqual({
      events: [],
      problems: [],
    });
  });

  it('statuses: tracked ones with Meta’s error, others left out', () => {
    const failed = whatsappStatus({
      phoneNumberId: NUMBER_ID,
      id: 'wamid.OUT',
      status: 'failed',
      error: { code: 131047, title: 'Re-engagement message' },
    });
    expect(whatsapp(failed).events).toEqual([
      {
        kind: 'status',
        externalId: 'wamid.OUT',
        status: 'failed',
        error: { code: 131047, title: 'Re-engagement message' },
      },
    ]);
    const deleted = whatsappStatus({ phoneNumberId: NUMBER_ID, id: 'wamid.OUT', status: 'sent' });
    (deleted.entry[0]!.changes[0]!.value.statuses![0] as { status: string }).status = 'deleted';
    expect(whatsapp(deleted)).toEqual({ events: [], problems: [] });
  });
});

describe('event times', () => {
  const at = new Date('2026-03-01T08:00:00Z');
  it('take a time Meta gives, as seconds or milliseconds, numbers or digits', () => {
    expect(eventTime('1772351000', at, 'seconds')).toEqual(new Date(1_772_351_000_000));
    expect(eventTime(1_772_351_000_123, at, 'milliseconds')).toEqual(new Date(1_772_351_000_123));
    // a clock a little ahead is believed
    expect(eventTime(at.getTime() / 1000 + 120, at, 'seconds')).toEqual(new Date(at.getTime() + 120_000));
  });

  it('fall back to the arrival for nonsense, and for a time over five minutes ahead', () => {
    for (const nonsense of ['99999999999999', '-5', 'soon', '', '8640000000000', 1e300, Number.NaN, null, {}])
      expect(eventTime(nonsense, at, 'seconds')).toBe(at);
    expect(eventTime(at.getTime() + 3_600_000, at, 'milliseconds')).toBe(at);
    expect(eventTime(0, at, 'milliseconds')).toBe(at);
  });

  it('never reach a message as an invalid date', () => {
    const { events } = whatsapp(whatsappText({ ...sender, text: 'from the future', timestamp: '99999999999999' }));
    expect(events[0]).toMatchObject({ sentAt: receivedAt });
  });
});

describe('Messenger and Instagram items, every kind read as Meta documents it', () => {
  const page = { pageId: '200000000000001', psid: '6000000000000001' };
  const ig = { accountId: '17841400000000001', igsid: '7000000000000001' };
  const messenger = (body: object) => readMessages(channelOf({ type: 'messenger', pageId: page.pageId }), body);
  const instagram = (body: object) =>
    readMessages(channelOf({ type: 'instagram', instagramAccountId: ig.accountId }), body);

  it('texts, quick replies and attachments of every type, with words for the list where they have some', () => {
    expect(messenger(messengerMessage({ ...page, text: 'Red', quickReply: 'COLOR_RED' })).events).toEqual([
      expect.objectContaining({ type: 'text', text: 'Red', content: { quick_reply: { payload: 'COLOR_RED' } } }),
    ]);
    const attachment = (item: object) =>
      messenger(messengerMessage({ ...page, attachments: [item as never] })).events[0] as {
        type: string;
        text: string;
      };
    expect(attachment({ type: 'image', payload: { url: 'https://scontent.xx.fbcdn.net/a.jpg' } })).toMatchObject({
      type: 'image',
      text: null,
    });
    expect(
      attachment({ type: 'fallback', payload: { url: 'https://example.com/menu', title: 'Our menu' } }),
    ).toMatchObject({ type: 'fallback', text: 'Our menu' });
    // an unsupported share: a fallback with no payload
    expect(attachment({ type: 'fallback' })).toMatchObject({ type: 'fallback', text: null });
    const product = { product: { elements: [{ id: '1', retailer_id: 'tea', title: 'Jasmine tea' }] } };
    expect(attachment({ type: 'template', payload: product })).toMatchObject({ type: 'template', text: 'Jasmine tea' });
    expect(attachment({ type: 'location', payload: { coordinates: { lat: 22.28, long: 114.16 } } })).toMatchObject({
      text: '📍 22.28, 114.16',
    });
    const story = instagram(
      instagramMessage({ ...ig, attachments: [{ type: 'story_mention', url: 'https://lookaside.fbsbx.com/s' }] }),
    );
    expect(story.events).toEqual([expect.objectContaining({ type: 'story_mention', text: null })]);
    const share = instagram(
      instagramMessage({
        ...ig,
        attachments: [{ type: 'share', payload: { url: 'https://lookaside.fbsbx.com/p', title: 'New drop' } }],
      }),
    );
    expect(share.events).toEqual([expect.objectContaining({ type: 'share', text: 'New drop' })]);
  });

  it('reactions and postbacks as messages, an unsent message left as it was', () => {
    const reacted = instagram(messagingReaction({ ...ig, mid: 'ig_out', emoji: '🔥', timestampMs: 1_772_351_000_000 }));
    expect(reacted.events).toEqual([
      expect.objectContaining({
        type: 'reaction',
        text: '🔥',
        content: expect.objectContaining({ message_id: 'ig_out' }),
      }),
    ]);
    const taken = instagram(messagingReaction({ ...ig, mid: 'ig_out', unreact: true, timestampMs: 1_772_351_000_100 }));
    expect(taken.events).toEqual([expect.objectContaining({ type: 'reaction', text: null })]);
    // each reaction has an id of its own, the same on a redelivery
    const [first, again] = [
      reacted,
      instagram(messagingReaction({ ...ig, mid: 'ig_out', emoji: '🔥', timestampMs: 1_772_351_000_000 })),
    ];
    expect((first.events[0] as { externalId: string }).externalId).toBe(
      (again.events[0] as { externalId: string }).externalId,
    );
    expect((taken.events[0] as { externalId: string }).externalId).not.toBe(
      (first.events[0] as { externalId: string }).externalId,
    );
    expect(messenger(messagingPostback({ ...page, title: 'Talk to a person', payload: 'HUMAN' })).events).toEqual([
      expect.objectContaining({ type: 'postback', text: 'Talk to a person', direction: 'inbound' }),
    ]);
    expect(instagram(instagramUnsent({ ...ig, mid: 'ig_in' }))).toEqual({ events: [], problems: [] });
  });

  it('echoes, deliveries and reads as before; a nonsense watermark or timestamp as the arrival', () => {
    expect(instagram(instagramEcho({ ...ig, text: 'Thanks!' })).events[0]).toMatchObject({ direction: 'outbound' });
    expect(instagram(instagramRead({ ...ig, mid: 'ig_out' })).events).toEqual([
      { kind: 'status', externalId: 'ig_out', status: 'read', error: null },
    ]);
    const delivered = messenger(messengerDelivery({ ...page, mids: ['m_1'], watermark: 1e20 }));
    expect(delivered.events).toEqual([
      { kind: 'status', externalId: 'm_1', status: 'delivered', error: null },
      { kind: 'watermark', contactId: page.psid, status: 'delivered', until: receivedAt },
    ]);
    expect(messenger(messengerMessage({ ...page, text: 'hi', timestampMs: -1 })).events[0]).toMatchObject({
      sentAt: receivedAt,
    });
  });

  it('reads each item on its own', () => {
    const body = messengerMessage({ ...page, mid: 'm_good', text: 'kept' });
    body.entry[0]!.messaging.unshift(
      { recipient: { id: page.pageId } } as never,
      { sender: { id: page.psid }, recipient: { id: page.pageId }, message: { text: 'no mid' } } as never,
    );
    const { events, problems } = messenger(body);
    expect(events).toEqual([expect.objectContaining({ externalId: 'm_good', text: 'kept' })]);
    expect(problems).toEqual(['entry[0].messaging[0]: no sender or recipient', 'entry[0].messaging[1]: no message id']);
  });
});
