import { beforeEach, describe, expect, it, vi } from 'vitest';
import { whatsappText } from '../../../../test/fakes/meta-webhooks.ts';
import { createOwner } from '../../../../test/fixtures.ts';
import type { Database } from '../../../platform/db/database.ts';
import { messages } from '../../conversations/conversations.tables.ts';
import { connectWhatsApp, inboxTest, PHONE_NUMBER_ID, postWebhook } from '../../conversations/test-helpers.ts';
import { createDeliveryWriter } from './delivery-writer.ts';
import { webhookDeliveries } from './webhook.tables.ts';

const inbox = inboxTest();
let { t } = inbox;
beforeEach(() => {
  ({ t } = inbox);
});

const text = (i: number) =>
  whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: '85251234567', id: `wamid.G${i}`, text: `message ${i}` });
const WRITE_REASON = 'webhook deliveries of several organizations are stored together';

describe('webhook acknowledgement by group commit', () => {
  it('stores what arrives while a write is on its way with the next write, in order, each answered once stored', async () => {
    const owner = await createOwner(t);
    const channel = await connectWhatsApp(inbox, owner.token);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writes: number[] = [];
    const database: Database = {
      ...t.database,
      unsafeCrossTenant: async (reason, work) => {
        if (writes.push(writes.length) === 1) await held;
        return t.database.unsafeCrossTenant(reason, work);
      },
    };
    const queued: string[] = [];
    const writer = createDeliveryWriter(database, async (_tx, channels) => {
      queued.push(...channels.map((c) => c.channelId));
    });
    const answered: number[] = [];
    const stores = Array.from({ length: 30 }, (_, i) =>
      writer.store(owner.workspaceId, channel.id, JSON.stringify({ n: i })).then(() => answered.push(i)),
    );
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    expect(answered).toEqual([]);
    release();
    await Promise.all(stores);
    // the first delivery alone, then the 29 that waited meanwhile in one write; one job per channel and write
    expect(writes).toHaveLength(2);
    expect(queued).toEqual([channel.id, channel.id]);
    const stored = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.select().from(webhookDeliveries).orderBy(webhookDeliveries.seq),
    );
    expect(stored.map((row) => (row.body as { n: number }).n)).toEqual([...Array(30).keys()]);
  });

  it('stores concurrent signed deliveries of a channel, each acknowledged, and applies them all', async () => {
    const owner = await createOwner(t);
    const channel = await connectWhatsApp(inbox, owner.token);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => postWebhook(t, channel.id, text(i))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(200));
    await t.app.jobs.drain();
    const texts = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.select({ text: messages.text }).from(messages),
    );
    expect(texts.map((row) => row.text).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `message ${i}`).sort());
  });

  it('answers an error for the deliveries of a failed write, and stores the next ones', async () => {
    const owner = await createOwner(t);
    const channel = await connectWhatsApp(inbox, owner.token);
    const original = t.database.unsafeCrossTenant.bind(t.database);
    const spy = vi
      .spyOn(t.database, 'unsafeCrossTenant')
      .mockImplementation((reason, work) =>
        reason === WRITE_REASON ? Promise.reject(new Error('connection lost')) : original(reason, work),
      );

    const failed = await postWebhook(t, channel.id, text(1));
    expect(failed.statusCode).toBe(500);
    spy.mockRestore();
    const stored = await postWebhook(t, channel.id, text(2));
    expect(stored.statusCode).toBe(200);
    const rows = await t.database.withWorkspace(owner.workspaceId, (tx) => tx.select().from(webhookDeliveries));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0]?.body)).toContain('wamid.G2');
  });
});
