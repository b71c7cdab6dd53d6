import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { whatsappStatus, whatsappText } from '../../../test/fakes/meta-webhooks.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { json, type TestApp } from '../../../test/test-app.ts';
import { jobs } from '../../platform/jobs/jobs.tables.ts';
import { channelsTest } from '../channels/test-helpers.ts';
import { deliverSigned, PHONE_NUMBER_ID, silentSocket, WHATSAPP_TOKEN } from '../conversations/test-helpers.ts';
import { systemSettings } from '../settings/settings.tables.ts';
import { whatsappTemplates } from '../templates/index.ts';
import { broadcastRecipients } from './broadcasts.tables.ts';
import { broadcastSendJob, broadcastSweepJob } from './sender.ts';
import { broadcastSetup, PATH, type Person, type SetupOptions } from './test-helpers.ts';

const app = channelsTest();

const setup = (people: Person[], options?: SetupOptions) => broadcastSetup(app, people, options);

const sends = () => app.graph.sent((q) => (q.body as { type?: string }).type === 'template');
const get = async (t: { r: typeof app.r }, token: string, id: string) =>
  json(await t.r.get(`${PATH}/${id}`, token)).data;
const recipients = (t: TestApp, ws: string, id: string) =>
  t.database.withWorkspace(ws, (tx) =>
    tx.select().from(broadcastRecipients).where(eq(broadcastRecipients.broadcastId, id)),
  );

describe('broadcasts', () => {
  it('sends the template with body parameters in key order, skipping no number, duplicates and opted out', async () => {
    const s = await setup(
      [
        { first: 'Ann' },
        { first: 'Bob', whatsapp: null, phone: '+85251000000' }, // the same number as Ann: a duplicate
        { first: 'Cat', whatsapp: null, phone: null },
        { first: 'Dan', optOut: true },
        { first: 'Eve', tag: false },
      ],
      { category: 'marketing' },
    );
    const created = await s.r.post(PATH, s.owner.token, s.body());
    expect(created.statusCode, created.body).toBe(200);
    const data = json(created).data;
    expect(data).toMatchObject({ status: 'sending', progress: { total: 4, pending: 1, skipped: 3 } });
    expect(typeof data.send_at).toBe('number');
    await s.t.app.jobs.drain();
    expect(sends()).toHaveLength(1);
    const sent = sends()[0]!;
    expect(sent.path).toBe(`/${PHONE_NUMBER_ID}/messages`);
    expect(sent.authorization).toBe(WHATSAPP_TOKEN);
    expect(sent.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: '85251000000',
      type: 'template',
      template: {
        name: 'order_ready',
        language: { code: 'en_US' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ann' },
              { type: 'text', text: 'A-1' },
            ],
          },
        ],
      },
    });
    const done = await get(s, s.owner.token, data.id);
    expect(done).toMatchObject({ status: 'completed', progress: { total: 4, sent: 1, skipped: 3, pending: 0 } });
    const processed = json(await s.r.get(`${PATH}/${data.id}/jobs?status=processed`, s.owner.token));
    expect(processed.page.total).toBe(4);
    const reasons = processed.data.map((j: { skip_reason: string | null }) => j.skip_reason ?? 'none').sort();
    expect(reasons).toEqual(['duplicate_number', 'no_number', 'none', 'opted_out']);
    const ann = processed.data.find((j: { status: string }) => j.status === 'sent');
    expect(ann.external_id).toMatch(/^wamid\./);
    expect(json(await s.r.get(`${PATH}/${data.id}/jobs?status=pending`, s.owner.token)).data).toEqual([]);
    expect(json(await s.r.get(`${PATH}?status=completed`, s.owner.token)).page.total).toBe(1);
  });

  it('records each recipient price and the estimated cost from the price table', async () => {
    const s = await setup([{}, {}]);
    await s.t.database.platform((tx) =>
      tx.insert(systemSettings).values({
        key: 'omnichannel.template.prices',
        value: JSON.stringify([{ category: 'utility', country: 'HK', price_cents: 3 }]),
      }),
    );
    const data = json(await s.r.post(PATH, s.owner.token, s.body())).data;
    expect(data.estimated_cost_cents).toBe(6);
    const rows = await recipients(s.t, s.owner.workspaceId, data.id);
    expect(rows.map((row) => row.priceCents)).toEqual([3, 3]);
  });

  it('refuses a template not approved, a send time passed, an empty audience and a channel not WhatsApp', async () => {
    const s = await setup([{ tag: false }]);
    expect(
      (await s.r.post(PATH, s.owner.token, s.body({ send_at: Math.floor(Date.now() / 1000) - 3600 }))).statusCode,
    ).toBe(400);
    const empty = await s.r.post(PATH, s.owner.token, s.body());
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error).toBe('the audience has no customers');
    expect((await s.r.post(PATH, s.owner.token, s.body({ audience: {} }))).statusCode).toBe(400);
    await s.t.database.withWorkspace(s.owner.workspaceId, (tx) =>
      tx.update(whatsappTemplates).set({ status: 'pending' }).where(eq(whatsappTemplates.id, s.template.id)),
    );
    const pending = await s.r.post(PATH, s.owner.token, s.body({ audience: { customer_ids: [s.customers[0]!.id] } }));
    expect(pending.statusCode).toBe(422);
    expect(json(await s.r.get(PATH, s.owner.token)).data).toEqual([]);
    expect(sends()).toEqual([]);
  });

  it('refuses another organization and members without the permission on every route, changing nothing', async () => {
    const s = await setup([{}, {}]);
    const data = json(
      await s.r.post(PATH, s.owner.token, s.body({ send_at: Math.floor(Date.now() / 1000) + 3600 })),
    ).data;
    const [job] = json(await s.r.get(`${PATH}/${data.id}/jobs`, s.owner.token)).data;
    const other = await createOwner(s.t);
    const none = await joinAs(s.t, s.owner.workspaceId, 'member', []);
    const reader = await joinAs(s.t, s.owner.workspaceId, 'member', ['broadcast_read']);
    const writes: [string, object][] = [
      [PATH, s.body()],
      [`${PATH}/${data.id}/pause`, {}],
      [`${PATH}/${data.id}/resume`, {}],
      [`${PATH}/${data.id}/cancel`, {}],
      [`${PATH}/${data.id}/jobs/${job.id}/cancel`, {}],
    ];
    const reads = [PATH, `${PATH}/${data.id}`, `${PATH}/${data.id}/jobs`];
    for (const token of [none.token, reader.token, other.token])
      for (const [path, body] of writes) {
        const answer = await s.r.post(path, token, body);
        expect([403, 404], `${path} ${answer.body}`).toContain(answer.statusCode);
      }
    for (const path of reads) {
      expect((await s.r.get(path, none.token)).statusCode).toBe(403);
      expect((await s.r.get(path, reader.token)).statusCode).toBe(200);
    }
    expect((await s.r.get(`${PATH}/${data.id}`, other.token)).statusCode).toBe(404);
    expect((await s.r.get(`${PATH}/${data.id}/jobs`, other.token)).statusCode).toBe(404);
    expect(json(await s.r.get(PATH, other.token)).data).toEqual([]);
    const after = await get(s, s.owner.token, data.id);
    expect(after).toMatchObject({ status: 'scheduled', progress: { total: 2, pending: 2 } });
    expect(json(await s.r.get(PATH, s.owner.token)).page.total).toBe(1);
  });

  it('paces sends at the channel rate; pause stops them, resume goes on, cancel leaves the rest cancelled', async () => {
    const s = await setup(
      Array.from({ length: 20 }, () => ({})),
      { mps: 10 },
    );
    const started = Date.now();
    const data = json(await s.r.post(PATH, s.owner.token, s.body())).data;
    const running = s.t.app.jobs.drain();
    await expect.poll(() => sends().length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    const paused = await s.r.post(`${PATH}/${data.id}/pause`, s.owner.token, {});
    expect(json(paused).data.status).toBe('paused');
    const atPause = sends().length;
    await running;
    // a send already in flight may finish: none starts after the answer
    expect(sends().length).toBeLessThanOrEqual(atPause + 1);
    const stopped = sends().length;
    expect((await get(s, s.owner.token, data.id)).progress.sent).toBe(stopped);
    expect(json(await s.r.post(`${PATH}/${data.id}/resume`, s.owner.token, {})).data.status).toBe('sending');
    await s.t.app.jobs.drain();
    const done = await get(s, s.owner.token, data.id);
    expect(done).toMatchObject({ status: 'completed', progress: { total: 20, sent: 20 } });
    expect(sends()).toHaveLength(20);
    expect(new Set(sends().map((q) => (q.body as { to: string }).to)).size).toBe(20);
    // 20 at 10 a second: at least about 2 seconds (one burst of a tenth of a second's sends allowed)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1800);

    const second = json(await s.r.post(PATH, s.owner.token, s.body())).data;
    const again = s.t.app.jobs.drain();
    await expect.poll(() => sends().length, { timeout: 5000 }).toBeGreaterThanOrEqual(22);
    const cancelled = json(await s.r.post(`${PATH}/${second.id}/cancel`, s.owner.token, {})).data;
    await again;
    const atCancel = sends().length;
    const after = await get(s, s.owner.token, second.id);
    expect(after.status).toBe('cancelled');
    expect(after.progress.cancelled + after.progress.sent).toBe(20);
    expect(after.progress.cancelled).toBeGreaterThan(0);
    expect(cancelled.status).toBe('cancelled');
    await s.t.app.jobs.drain();
    expect(sends().length).toBe(atCancel);
  });

  it('retries a throughput refusal, fails a permanent one with Meta code and title, cancels one job', async () => {
    const s = await setup([{}, {}, {}]);
    const messages = { method: 'POST', path: `/${PHONE_NUMBER_ID}/messages` };
    app.graph.failNext(messages, { status: 429, code: 130429, message: 'Rate limit hit' });
    app.graph.failNext(messages, { status: 400, code: 131026, message: 'Message undeliverable' });
    const data = json(
      await s.r.post(PATH, s.owner.token, s.body({ send_at: Math.floor(Date.now() / 1000) + 60 })),
    ).data;
    const [, , third] = json(await s.r.get(`${PATH}/${data.id}/jobs?status=pending`, s.owner.token)).data;
    const cancelled = await s.r.post(`${PATH}/${data.id}/jobs/${third.id}/cancel`, s.owner.token, {});
    expect(json(cancelled).data.status).toBe('cancelled');
    expect((await s.r.post(`${PATH}/${data.id}/jobs/${third.id}/cancel`, s.owner.token, {})).statusCode).toBe(409);
    s.t.clock.advance(61_000);
    await s.t.app.jobs.drain();
    const done = await get(s, s.owner.token, data.id);
    expect(done).toMatchObject({ status: 'completed', progress: { total: 3, sent: 1, failed: 1, cancelled: 1 } });
    const failed = json(await s.r.get(`${PATH}/${data.id}/jobs?status=processed`, s.owner.token)).data.find(
      (j: { status: string }) => j.status === 'failed',
    );
    expect(failed).toMatchObject({ error_code: '131026', error_title: 'Message undeliverable' });
    // the throttled one was tried again (3 calls for 2 recipients), never failed
    expect(sends()).toHaveLength(3);
  });

  it('reports a recipient left sending by a crash as unknown and never sends it again', async () => {
    const s = await setup([{}, {}]);
    const data = json(
      await s.r.post(PATH, s.owner.token, s.body({ send_at: Math.floor(Date.now() / 1000) + 60 })),
    ).data;
    const [first] = await recipients(s.t, s.owner.workspaceId, data.id);
    await s.t.database.withWorkspace(s.owner.workspaceId, (tx) =>
      tx
        .update(broadcastRecipients)
        .set({ status: 'sending', sendingAt: new Date(Date.now() - 120_000) })
        .where(eq(broadcastRecipients.id, first!.id)),
    );
    s.t.clock.advance(61_000);
    await s.t.app.jobs.drain();
    const done = await get(s, s.owner.token, data.id);
    expect(done).toMatchObject({ status: 'completed', progress: { total: 2, sent: 1, unknown: 1 } });
    expect(sends()).toHaveLength(1);
    expect((sends()[0]!.body as { to: string }).to).not.toBe(first!.phone);
  });

  it('goes on by itself: the sweeper starts a sending broadcast whose job was lost', async () => {
    const s = await setup([{}, {}]);
    const data = json(await s.r.post(PATH, s.owner.token, s.body())).data;
    await s.t.database.unsafeCrossTenant('a test loses the job', (tx) =>
      tx.update(jobs).set({ status: 'cancelled' }).where(eq(jobs.name, 'broadcasts.send')),
    );
    await s.t.app.jobs.drain();
    expect(sends()).toEqual([]);
    await s.t.app.jobs.enqueue(broadcastSweepJob, {});
    await s.t.app.jobs.drain();
    expect(sends()).toHaveLength(2);
    expect((await get(s, s.owner.token, data.id)).status).toBe('completed');
  });

  it('pushes progress live to members with broadcast_read only', async () => {
    const s = await setup([{}, {}, {}]);
    const reader = await joinAs(s.t, s.owner.workspaceId, 'member', ['broadcast_read']);
    const none = await joinAs(s.t, s.owner.workspaceId, 'member', ['conversation_read']);
    const watching = await silentSocket(s.t, reader.token);
    const blind = await silentSocket(s.t, none.token);
    const data = json(await s.r.post(PATH, s.owner.token, s.body())).data;
    await s.t.app.jobs.drain();
    type Push = { id: string; status: string; progress: { sent: number } };
    await expect
      .poll(() => (watching.heard('broadcast.progress') as Push[]).at(-1), { timeout: 3000 })
      .toMatchObject({ id: data.id, status: 'completed', progress: { sent: 3 } });
    await blind.settled();
    expect(blind.heard('broadcast.progress')).toEqual([]);
    watching.close();
    blind.close();
  });

  it('sends each recipient once when two senders work one broadcast side by side', async () => {
    const s = await setup(
      Array.from({ length: 40 }, () => ({})),
      { mps: 1000 },
    );
    const data = json(await s.r.post(PATH, s.owner.token, s.body())).data;
    for (const key of ['a', 'b'])
      await s.t.app.jobs.enqueue(
        broadcastSendJob,
        { broadcast_id: data.id },
        { workspaceId: s.owner.workspaceId, idempotencyKey: `${data.id}:${key}` },
      );
    await s.t.app.jobs.drain();
    expect(sends()).toHaveLength(40);
    expect(new Set(sends().map((q) => (q.body as { to: string }).to)).size).toBe(40);
    expect(await get(s, s.owner.token, data.id)).toMatchObject({ status: 'completed', progress: { sent: 40 } });
  });

  it('starts a scheduled broadcast at its time', async () => {
    const s = await setup([{}]);
    const data = json(
      await s.r.post(PATH, s.owner.token, s.body({ send_at: Math.floor(Date.now() / 1000) + 600 })),
    ).data;
    expect(data.status).toBe('scheduled');
    await s.t.app.jobs.drain();
    expect(sends()).toEqual([]);
    s.t.clock.advance(601_000);
    await s.t.app.jobs.drain();
    expect(sends()).toHaveLength(1);
    expect((await get(s, s.owner.token, data.id)).status).toBe('completed');
  });

  it('moves recipients by status webhooks, counts a reply within 72 hours, pauses when Meta refuses the token', async () => {
    const s = await setup([{}, {}]);
    const data = json(await s.r.post(PATH, s.owner.token, s.body())).data;
    await s.t.app.jobs.drain();
    const rows = await recipients(s.t, s.owner.workspaceId, data.id);
    const [a, b] = rows;
    await deliverSigned(
      s.t,
      s.channel.id,
      whatsappStatus({
        phoneNumberId: PHONE_NUMBER_ID,
        id: a!.externalId!,
        status: 'delivered',
        recipientId: a!.phone!,
      }),
    );
    await deliverSigned(
      s.t,
      s.channel.id,
      whatsappStatus({ phoneNumberId: PHONE_NUMBER_ID, id: b!.externalId!, status: 'read', recipientId: b!.phone! }),
    );
    // a late "delivered" never moves a read one back
    await deliverSigned(
      s.t,
      s.channel.id,
      whatsappStatus({
        phoneNumberId: PHONE_NUMBER_ID,
        id: b!.externalId!,
        status: 'delivered',
        recipientId: b!.phone!,
      }),
    );
    await deliverSigned(
      s.t,
      s.channel.id,
      whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: a!.phone!, id: 'wamid.REPLY', text: 'Thanks!' }),
    );
    expect((await get(s, s.owner.token, data.id)).progress).toMatchObject({
      delivered: 1,
      read: 1,
      replied: 1,
      sent: 0,
    });

    app.graph.tokens.revoke(PHONE_NUMBER_ID);
    const second = json(await s.r.post(PATH, s.owner.token, s.body())).data;
    await s.t.app.jobs.drain();
    const paused = await get(s, s.owner.token, second.id);
    expect(paused).toMatchObject({
      status: 'paused',
      status_reason: 'channel_token_rejected',
      progress: { pending: 2 },
    });
  });
});
