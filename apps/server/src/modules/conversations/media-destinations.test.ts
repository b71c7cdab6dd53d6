import { createServer, type IncomingMessage } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messengerMessage, whatsappMedia } from '../../../test/fakes/meta-webhooks.ts';
import { selfSignedCertificate } from '../../../test/fakes/tls-certificate.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { json } from '../../../test/test-app.ts';
import { jobs } from '../../platform/jobs/jobs.tables.ts';
import { APP_SECRET, deliverSigned, inboxTest, PHONE_NUMBER_ID, WHATSAPP_TOKEN } from './test-helpers.ts';

/*
 * Messenger and Instagram attachment URLs come in deliveries signed with an app secret an organization admin
 * chose, so they can name any address; the fetched bytes are served back to the organization. Files are fetched
 * only over https from Meta's content hosts (or GRAPH_API_URL's origin), every redirect judged again.
 */

const PAGE_ID = '200000000000001';
const PSID = '6000000000000001';
const PHOTO = Buffer.from('\x89PNG\r\n\x1a\n a customer photo');
const META_HOSTS = ['scontent.xx.fbcdn.net', 'lookaside.fbsbx.com'];

/** An internal service on loopback holding a secret: it must never be asked. */
const secret = { requests: [] as IncomingMessage[], url: '' };
const internal = createServer((request, response) => {
  secret.requests.push(request);
  response.writeHead(200, { 'content-type': 'text/plain' }).end('internal secret');
});
/** Stands in for Meta's content hosts over https (the tests' DNS points their names here). */
const certificate = selfSignedCertificate(META_HOSTS);
const metaRequests: string[] = [];
const metaCdn = createHttpsServer(certificate, (request, response) => {
  metaRequests.push(request.url ?? '');
  if (request.url === '/moved') response.writeHead(302, { location: `${secret.url}/secret` }).end();
  else response.writeHead(200, { 'content-type': 'image/png' }).end(PHOTO);
});
let cdnPort = 0;
beforeAll(async () => {
  for (const server of [internal, metaCdn])
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  secret.url = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
  cdnPort = (metaCdn.address() as AddressInfo).port;
});
afterAll(() => {
  for (const server of [internal, metaCdn]) {
    server.closeAllConnections();
    server.close();
  }
});
const outbound = () => ({
  ca: certificate.cert,
  resolve: async () => [{ address: '127.0.0.1', family: 4 }],
});

/** a message as members read it, and the token of the owner who reads it */
interface Settled {
  media_url: string | null;
  content: Record<string, unknown>;
  token: string;
}

function mediaTests(inbox: ReturnType<typeof inboxTest>) {
  async function connect(type: 'messenger' | 'whatsapp') {
    const owner = await createOwner(inbox.t);
    const objectId = type === 'whatsapp' ? PHONE_NUMBER_ID : PAGE_ID;
    inbox.graph.allow(objectId, WHATSAPP_TOKEN);
    const ids =
      type === 'whatsapp'
        ? { phone_number_id: PHONE_NUMBER_ID, business_account_id: '102290129340398' }
        : { page_id: PAGE_ID };
    const body = { type, name: type, ...ids, access_token: WHATSAPP_TOKEN, app_secret: APP_SECRET, verify_token: 'v' };
    return { owner, channel: json(await inbox.r.post('/v1/channels', owner.token, body)).data };
  }

  /** The conversation's last message once its file job has stored the file or given up. */
  async function settledMessage(token: string): Promise<Settled> {
    return vi.waitFor(
      async () => {
        await inbox.t.app.jobs.drain();
        const [conversation] = json(await inbox.r.get('/v1/conversations', token)).data;
        const last = json(await inbox.r.get(`/v1/conversations/${conversation.id}/messages`, token)).data.at(-1);
        if (!last.media_url && !last.content.media_unavailable) throw new Error('the file is not settled yet');
        return { ...last, token };
      },
      { timeout: 10_000, interval: 50 },
    );
  }

  const fetchJobs = () =>
    inbox.t.database.unsafeCrossTenant('test reads the jobs table', (tx) =>
      tx.select().from(jobs).where(eq(jobs.name, 'messages.fetch-media')),
    );

  return {
    /** Delivers a Messenger attachment at `url`; answers the message once its file is settled. */
    async attachment(url: string) {
      const { owner, channel } = await connect('messenger');
      const delivery = messengerMessage({ pageId: PAGE_ID, psid: PSID, attachments: [{ type: 'image', url }] });
      await deliverSigned(inbox.t, channel.id, delivery);
      return settledMessage(owner.token);
    },
    /** Delivers a WhatsApp photo whose media id Graph resolves as the test scripted. */
    async whatsappPhoto(mediaId: string) {
      const { owner, channel } = await connect('whatsapp');
      const delivery = whatsappMedia({
        phoneNumberId: PHONE_NUMBER_ID,
        from: '85251234567',
        kind: 'image',
        mediaId,
        mimeType: 'image/png',
      });
      await deliverSigned(inbox.t, channel.id, delivery);
      return settledMessage(owner.token);
    },
    /** the message says its file is unavailable, and the job gave up at once (no retries) */
    async expectRefused(message: Settled) {
      expect(message).toMatchObject({
        media_url: null,
        content: expect.objectContaining({ media_unavailable: 'refused' }),
      });
      expect(await fetchJobs()).toMatchObject([{ status: 'done', attempts: 1 }]);
    },
  };
}

describe('received media, private addresses refused (the default)', () => {
  const inbox = inboxTest({ overrides: () => ({ outbound: outbound() }) });
  const media = mediaTests(inbox);

  it('never fetches an attachment URL on a loopback service, and marks the file unavailable', async () => {
    secret.requests.length = 0;
    await media.expectRefused(await media.attachment(`${secret.url}/secret`));
    expect(secret.requests).toHaveLength(0);
  });

  it('never follows a redirect from an allowed origin to a loopback service', async () => {
    secret.requests.length = 0;
    const url = inbox.graph.movedMedia('att-moved', `${secret.url}/secret`, null);
    await media.expectRefused(await media.attachment(url));
    expect(inbox.graph.requests.map((request) => request.path)).toContain('/media-download/att-moved');
    expect(secret.requests).toHaveLength(0);
  });

  it('refuses a Meta host name whose address is loopback, without connecting', async () => {
    metaRequests.length = 0;
    await media.expectRefused(await media.attachment(`https://scontent.xx.fbcdn.net:${cdnPort}/photo`));
    expect(metaRequests).toEqual([]);
  });

  it("holds WhatsApp's media URL to the same rules", async () => {
    secret.requests.length = 0;
    inbox.graph.mediaElsewhere('880000000000009', `${secret.url}/secret`, 'image/png', WHATSAPP_TOKEN);
    await media.expectRefused(await media.whatsappPhoto('880000000000009'));
    expect(secret.requests).toHaveLength(0);
  });
});

describe('received media, private addresses allowed (OUTBOUND_HTTP_ALLOW_PRIVATE, on-premise)', () => {
  const inbox = inboxTest({
    env: { OUTBOUND_HTTP_ALLOW_PRIVATE: 'true' },
    overrides: () => ({ outbound: outbound() }),
  });
  const media = mediaTests(inbox);

  it("fetches from Meta's content hosts over https", async () => {
    const message = await media.attachment(`https://scontent.xx.fbcdn.net:${cdnPort}/photo`);
    const file = await inbox.r.get(message.media_url ?? '', message.token);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PHOTO)).toBe(true);
  });

  it("still keeps to Meta's hosts over https: a redirect off them is refused", async () => {
    secret.requests.length = 0;
    await media.expectRefused(await media.attachment(`https://lookaside.fbsbx.com:${cdnPort}/moved`));
    expect(metaRequests).toContain('/moved');
    expect(secret.requests).toHaveLength(0);
  });

  it('still refuses an attachment URL off them', async () => {
    secret.requests.length = 0;
    await media.expectRefused(await media.attachment(`${secret.url}/secret`));
    expect(secret.requests).toHaveLength(0);
  });
});
