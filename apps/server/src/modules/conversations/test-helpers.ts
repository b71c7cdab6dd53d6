import { expect } from 'vitest';
import type { WebSocket } from 'ws';
import type { FakeGraph } from '../../../test/fakes/graph-api.ts';
import { messengerMessage, metaJson, signMetaBody, whatsappText } from '../../../test/fakes/meta-webhooks.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { json, type TestApp } from '../../../test/test-app.ts';
import { channelsTest } from '../channels/test-helpers.ts';
import type { requests } from '../teams/test-helpers.ts';

export const APP_SECRET = 'app-secret';
export const PHONE_NUMBER_ID = '106540352242922';
export const WHATSAPP_TOKEN = 'wa-token-1234';
/** the WhatsApp number of the customer who writes to `openInbox`'s channel */
export const CUSTOMER = '85251234567';

/** The inbox's tests run on the channels' setup: one fake Graph API for the file and a fresh app for each test. */
export const inboxTest = channelsTest;

/** Posts a payload to a channel's webhook as Meta does: its JSON escaped, signed with the app secret. */
export function postWebhook(t: TestApp, channelId: string, payload: object | string, signature?: string | null) {
  const raw = typeof payload === 'string' ? payload : metaJson(payload);
  return t.app.inject({
    method: 'POST',
    url: `/public/v1/channels/${channelId}/webhook`,
    headers: {
      'content-type': 'application/json',
      ...(signature !== null && { 'x-hub-signature-256': signature ?? signMetaBody(raw, APP_SECRET) }),
    },
    payload: raw,
  });
}

/** Posts a signed payload and lets the jobs it starts run. */
export async function deliverSigned(t: TestApp, channelId: string, payload: object) {
  const answer = await postWebhook(t, channelId, payload);
  if (answer.statusCode !== 200) throw new Error(`webhook answered ${answer.statusCode}: ${answer.body}`);
  await t.app.jobs.drain();
}

/** Connects the owner's WhatsApp number (the fake Graph accepting its token). */
export async function connectWhatsApp(inbox: { graph: FakeGraph; r: ReturnType<typeof requests> }, token: string) {
  inbox.graph.allow(PHONE_NUMBER_ID, WHATSAPP_TOKEN);
  const created = await inbox.r.post('/v1/channels', token, {
    type: 'whatsapp',
    name: 'WhatsApp',
    phone_number_id: PHONE_NUMBER_ID,
    business_account_id: '102290129340398',
    access_token: WHATSAPP_TOKEN,
    app_secret: APP_SECRET,
    verify_token: 'verify',
  });
  return JSON.parse(created.body).data as { id: string };
}

type Inbox = { graph: FakeGraph; t: TestApp; r: ReturnType<typeof requests> };
export const PAGE_ID = '200000000000001';
export const PSID = '6000000000000001';
/** The Instagram account of `connectInstagram`, its Page, and a person writing to it. */
export const INSTAGRAM = { accountId: '17841400000000001', pageId: '200000000000002', igsid: '7000000000000001' };

/** Connects the owner's Facebook Page (the fake Graph accepting its token). */
export async function connectMessenger(inbox: Pick<Inbox, 'graph' | 'r'>, token: string, pageId = PAGE_ID) {
  inbox.graph.allow(pageId, 'page-token');
  const created = await inbox.r.post('/v1/channels', token, {
    type: 'messenger',
    name: 'Page',
    page_id: pageId,
    access_token: 'page-token',
    app_secret: APP_SECRET,
    verify_token: 'verify',
  });
  return json(created).data as { id: string };
}

/** Connects the owner's Instagram account through its Page (the fake Graph accepting the Page's token). */
export async function connectInstagram(inbox: Pick<Inbox, 'graph' | 'r'>, token: string) {
  inbox.graph.allow(INSTAGRAM.pageId, 'page-token-2');
  const created = await inbox.r.post('/v1/channels', token, {
    type: 'instagram',
    name: 'Instagram',
    instagram_account_id: INSTAGRAM.accountId,
    page_id: INSTAGRAM.pageId,
    access_token: 'page-token-2',
    app_secret: APP_SECRET,
    verify_token: 'verify',
  });
  return json(created).data as { id: string };
}

/** An owner with a WhatsApp channel, a customer who wrote `minutesAgo` minutes ago, and their conversation. */
export async function whatsappCustomerWrote(inbox: Inbox, minutesAgo: number) {
  const owner = await createOwner(inbox.t);
  const channel = await connectWhatsApp(inbox, owner.token);
  const timestamp = Math.floor(Date.now() / 1000) - minutesAgo * 60;
  await deliverSigned(
    inbox.t,
    channel.id,
    whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: '85251234567', id: 'wamid.IN', text: 'Hi', timestamp }),
  );
  const [conversation] = json(await inbox.r.get('/v1/conversations', owner.token)).data;
  return { owner, channel, conversation };
}

/** An owner with a Messenger Page, a person who wrote `minutesAgo` minutes ago, and their conversation. */
export async function messengerCustomerWrote(inbox: Inbox, minutesAgo: number, pageId = PAGE_ID) {
  const owner = await createOwner(inbox.t);
  const page = await connectMessenger(inbox, owner.token, pageId);
  await deliverSigned(
    inbox.t,
    page.id,
    messengerMessage({ pageId, psid: PSID, text: 'Hi', timestampMs: Date.now() - minutesAgo * 60_000 }),
  );
  const [conversation] = json(await inbox.r.get('/v1/conversations', owner.token)).data;
  return { owner, page, conversation };
}

/** An open general socket that says nothing and keeps what it is pushed. */
export async function silentSocket(t: TestApp, token: string) {
  const ws: WebSocket = await t.app.injectWS(`/v1/ws?token=${token}`);
  const heard: { action: string; data?: { id?: string; text?: string; status?: string } }[] = [];
  ws.on('message', (raw) => heard.push(JSON.parse(raw.toString())));
  return {
    heard: (action: string) => heard.filter((push) => push.action === action).map((push) => push.data),
    texts: () => heard.filter((push) => push.action === 'conversation.message').map((push) => push.data?.text),
    actions: () => heard.map((push) => push.action),
    /** a ping answered: what the server sent this socket before it has arrived */
    async settled() {
      const before = heard.length;
      ws.send(JSON.stringify({ action: 'ping' }));
      await expect.poll(() => heard.slice(before).some((push) => push.action === 'pong')).toBe(true);
    },
    close: () => ws.terminate(),
  };
}

/** An owner with a WhatsApp channel and the conversation of `CUSTOMER`, who wrote 'hello'; `wrote` writes again. */
export async function openInbox(inbox: Inbox) {
  const owner = await createOwner(inbox.t);
  const channel = await connectWhatsApp(inbox, owner.token);
  const wrote = (text: string) =>
    deliverSigned(inbox.t, channel.id, whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: CUSTOMER, text }));
  await wrote('hello');
  const [conversation] = json(await inbox.r.get('/v1/conversations', owner.token)).data;
  return { owner, channel, conversation, wrote };
}
