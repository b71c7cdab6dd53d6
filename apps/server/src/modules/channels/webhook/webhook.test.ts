import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { metaJson, signMetaBody, whatsappText } from '../../../../test/fakes/meta-webhooks.ts';
import { createOwner } from '../../../../test/fixtures.ts';
import { jobs } from '../../../platform/jobs/jobs.tables.ts';
import { messages } from '../../conversations/conversations.tables.ts';
import {
  APP_SECRET,
  connectWhatsApp,
  inboxTest,
  PHONE_NUMBER_ID,
  postWebhook,
} from '../../conversations/test-helpers.ts';
import { webhookDeliveries } from './webhook.tables.ts';

const inbox = inboxTest();
let { t, r } = inbox;
beforeEach(() => {
  ({ t, r } = inbox);
});

const sign = (raw: string, secret = APP_SECRET) => signMetaBody(raw, secret);
const textFrom = (from: string, id: string, text: string, timestamp: number) =>
  whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from, id, text, timestamp, name: 'Amy Chan' });
const whatsappChannel = (owner: { token: string }) => connectWhatsApp(inbox, owner.token);
const deliver = (channelId: string, payload: object | string, signature?: string | null) =>
  postWebhook(t, channelId, payload, signature);
const messagesOf = (workspaceId: string) =>
  t.database.withWorkspace(workspaceId, (tx) => tx.select().from(messages).orderBy(messages.seq));

describe("a channel's webhook", () => {
  it('apply a delivery left without a job by the minute sweep, and forget applied ones after a week', async () => {
    const owner = await createOwner(t);
    const channel = await whatsappChannel(owner);
    const body = JSON.parse(
      metaJson(textFrom('85251234567', 'wamid.SWEPT', 'found later', Math.floor(Date.now() / 1000))),
    );
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.insert(webhookDeliveries).values([
        // stored in the instant its channel's job was ending: no job of its own
        { workspaceId: owner.workspaceId, channelId: channel.id, body, receivedAt: new Date(Date.now() - 60_000) },
        {
          workspaceId: owner.workspaceId,
          channelId: channel.id,
          body: {},
          receivedAt: new Date(Date.now() - 9 * 86_400_000),
          processedAt: new Date(Date.now() - 8 * 86_400_000),
        },
      ]),
    );
    await t.app.jobs.start(); // schedules the cron jobs, the sweep among them
    await t.database.unsafeCrossTenant('test runs the sweep now', (tx) =>
      tx
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(eq(jobs.name, 'channels.webhook-sweep')),
    );
    // the started worker and drain share the jobs: look until the sweep's work is done
    await vi.waitFor(
      async () => {
        await t.app.jobs.drain();
        expect((await messagesOf(owner.workspaceId)).map((m) => m.text)).toEqual(['found later']);
      },
      { timeout: 3_000, interval: 100 },
    );
    const left = await t.database.withWorkspace(owner.workspaceId, (tx) => tx.select().from(webhookDeliveries));
    expect(left.map((d) => d.processedAt !== null)).toEqual([true]);
  });

  it('apply a delivery stored while its channel’s job was ending about a second later, not at the next sweep', async () => {
    const owner = await createOwner(t);
    const channel = await whatsappChannel(owner);
    await deliver(channel.id, textFrom('85251234567', 'wamid.FIRST', 'first', Math.floor(Date.now() / 1000)));
    await t.app.jobs.drain();
    // stored as the job ended: the job's key was still taken, so it got no job of its own
    const body = JSON.parse(metaJson(textFrom('85251234567', 'wamid.LATE', 'late', Math.floor(Date.now() / 1000))));
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.insert(webhookDeliveries).values({ workspaceId: owner.workspaceId, channelId: channel.id, body }),
    );
    await t.app.jobs.drain();
    expect((await messagesOf(owner.workspaceId)).map((m) => m.text)).toEqual(['first']);
    t.clock.advance(1_500);
    await t.app.jobs.drain();
    expect((await messagesOf(owner.workspaceId)).map((m) => m.text).sort()).toEqual(['first', 'late']);
  });

  it('looks again after each of a channel’s jobs, also when an earlier look is still to come', async () => {
    const owner = await createOwner(t);
    const channel = await whatsappChannel(owner);
    const now = () => Math.floor(Date.now() / 1000);
    await deliver(channel.id, textFrom('85251234567', 'wamid.ONE', 'one', now()));
    await t.app.jobs.drain();
    await deliver(channel.id, textFrom('85251234567', 'wamid.TWO', 'two', now()));
    await t.app.jobs.drain();
    // the first look may come before a delivery the second job's end left behind: each job has its own (on a
    // loaded machine the first may already have run by now, so every look counts, whatever its state)
    const looks = await t.database.unsafeCrossTenant('test counts the looks to come', (tx) =>
      tx.select().from(jobs).where(eq(jobs.name, 'channels.webhook-recheck')),
    );
    expect(looks.length).toBeGreaterThanOrEqual(2);
  });

  it('refuse a missing or wrong signature (401), an unknown channel (404) and a body over 3 MB (413), storing nothing', async () => {
    const owner = await createOwner(t);
    const channel = await whatsappChannel(owner);
    const payload = metaJson(textFrom('85251234567', 'wamid.X', 'forged / 假', Math.floor(Date.now() / 1000)));
    expect((await deliver(channel.id, payload, null)).statusCode).toBe(401);
    expect((await deliver(channel.id, payload, sign(payload, 'not-the-secret'))).statusCode).toBe(401);
    // the same words re-serialised are other bytes than the signed ones
    const reserialised = JSON.stringify(JSON.parse(payload));
    expect((await deliver(channel.id, reserialised, sign(payload))).statusCode).toBe(401);
    expect((await deliver('00000000-0000-4000-8000-000000000000', payload)).statusCode).toBe(404);
    expect((await deliver('nonsense', payload)).statusCode).toBe(404);
    const huge = `{"object":"whatsapp_business_account","pad":"${'x'.repeat(3 * 1024 * 1024)}"}`;
    expect((await deliver(channel.id, huge)).statusCode).toBe(413);
    await t.app.jobs.drain();
    expect(await messagesOf(owner.workspaceId)).toEqual([]);
  });

  it('follow a new app secret, and a deleted channel, on the next delivery', async () => {
    const owner = await createOwner(t);
    const channel = await whatsappChannel(owner);
    const raw = metaJson(textFrom('85251234567', 'wamid.secret.1', 'hi', 1_700_000_000));
    const post = (secret: string) => postWebhook(t, channel.id, raw, sign(raw, secret));
    expect((await post(APP_SECRET)).statusCode).toBe(200);
    await r.put(`/v1/channels/${channel.id}`, owner.token, { app_secret: 'rotated-secret' });
    expect((await post(APP_SECRET)).statusCode).toBe(401);
    expect((await post('rotated-secret')).statusCode).toBe(200);
    await r.del(`/v1/channels/${channel.id}`, owner.token);
    expect((await post('rotated-secret')).statusCode).toBe(404);
  });
});
