import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type FakeGraph, startFakeGraph } from '../../../test/fakes/graph-api.ts';
import { metaJson, signMetaBody } from '../../../test/fakes/meta-webhooks.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { requests } from '../teams/test-helpers.ts';

export const APP_SECRET = 'app-secret';
export const PHONE_NUMBER_ID = '106540352242922';
export const WHATSAPP_TOKEN = 'wa-token-1234';

/**
 * One fake Graph API for the file and a fresh app pointed at it for each test. Read its fields inside tests or
 * hooks (they change per test): `let { graph, t, r } = inbox; beforeEach(() => ({ graph, t, r } = inbox));`
 */
export function inboxTest() {
  const inbox = {} as { graph: FakeGraph; t: TestApp; r: ReturnType<typeof requests> };
  beforeAll(async () => {
    inbox.graph = await startFakeGraph();
  });
  afterAll(() => inbox.graph.close());
  beforeEach(async () => {
    inbox.graph.reset();
    inbox.t = await createTestApp({ GRAPH_API_URL: inbox.graph.url });
    inbox.r = requests(inbox.t);
  });
  afterEach(() => inbox.t.close());
  return inbox;
}

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
