import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/test-app.ts';
import { deposit, subscriptionPlans } from '../billing/index.ts';
import { subscribe } from '../billing/test-helpers.ts';
import { channelsTest } from '../channels/test-helpers.ts';
import { PHONE_NUMBER_ID } from '../conversations/test-helpers.ts';
import { systemSettings } from '../settings/settings.tables.ts';
import { broadcasts } from './broadcasts.tables.ts';
import { broadcastSetup, PATH, type Person } from './test-helpers.ts';

const app = channelsTest();
const sends = () => app.graph.sent((q) => (q.body as { type?: string }).type === 'template');

/** billing on, a plan with broadcasts, a utility message to Hong Kong at 3 cents, and a wallet of `cents` */
async function setup(people: Person[], cents: number) {
  const s = await broadcastSetup(app, people);
  const [plan] = await s.t.database.platform((tx) =>
    tx
      .insert(subscriptionPlans)
      .values({
        tag: `pro-${s.owner.workspaceId.slice(0, 8)}`,
        name: 'Pro',
        currency: 'usd',
        features: ['broadcast'],
        monthlyPriceCents: 2900,
        yearlyPriceCents: 29000,
      })
      .returning(),
  );
  await subscribe(s.t, s.owner.workspaceId, plan!.id);
  await s.t.database.platform((tx) =>
    tx.insert(systemSettings).values([
      { key: 'billing.enabled', value: 'true' },
      {
        key: 'omnichannel.template.prices',
        value: JSON.stringify([{ category: 'utility', country: 'HK', price_cents: 3 }]),
      },
    ]),
  );
  if (cents)
    await s.t.database.withWorkspace(s.owner.workspaceId, (tx) =>
      deposit({ events: s.t.app.events }, tx, {
        workspaceId: s.owner.workspaceId,
        amountCents: cents,
        topic: 'top_up',
        idempotencyKey: 'opening',
      }),
    );
  return s;
}

const wallet = async (token: string) => json(await app.r.get('/v1/wallet', token)).data;
const transactions = async (token: string) => json(await app.r.get('/v1/wallet/transactions?size=50', token)).data;

describe('broadcasts charged to the wallet', () => {
  it('does not start a broadcast the wallet cannot cover, and says how much is missing', async () => {
    const s = await setup([{}, {}], 4);
    const refused = await s.r.post(PATH, s.owner.token, s.body());
    expect(refused.statusCode).toBe(402);
    expect(json(refused).error).toBe('the wallet is $0.02 short: top it up first');
    expect(json(await s.r.get(PATH, s.owner.token)).data).toEqual([]);
    await s.t.app.jobs.drain();
    expect(sends()).toEqual([]);
    expect(await wallet(s.owner.token)).toMatchObject({ balance_cents: 4, reserved_cents: 0 });
  });

  it('charges exactly the sent recipients and holds nothing once completed', async () => {
    const s = await setup([{}, {}, {}], 100);
    app.graph.failNext(
      { method: 'POST', path: `/${PHONE_NUMBER_ID}/messages` },
      { status: 400, code: 131026, message: 'Message undeliverable' },
    );
    const created = await s.r.post(PATH, s.owner.token, s.body());
    expect(created.statusCode, created.body).toBe(200);
    expect(json(created).data.estimated_cost_cents).toBe(9);
    expect(await wallet(s.owner.token)).toMatchObject({ balance_cents: 100, reserved_cents: 9 });
    await s.t.app.jobs.drain();
    const done = json(await s.r.get(`${PATH}/${json(created).data.id}`, s.owner.token)).data;
    expect(done).toMatchObject({ status: 'completed', progress: { sent: 2, failed: 1 } });
    expect(await wallet(s.owner.token)).toMatchObject({ balance_cents: 94, reserved_cents: 0 });
    const charges = (await transactions(s.owner.token)).filter((row: { type: string }) => row.type === 'withdrawal');
    expect(charges.reduce((sum: number, row: { amount_cents: number }) => sum + row.amount_cents, 0)).toBe(6);
    expect(charges.every((row: { topic: string; description: string }) => row.topic === 'broadcast')).toBe(true);
    expect(charges[0].description).toBe('Spring sale');
  });

  it('gives back what a cancelled broadcast held', async () => {
    const s = await setup([{}, {}], 100);
    const created = json(await s.r.post(PATH, s.owner.token, s.body())).data;
    expect(await wallet(s.owner.token)).toMatchObject({ reserved_cents: 6 });
    expect((await s.r.post(`${PATH}/${created.id}/cancel`, s.owner.token, {})).statusCode).toBe(200);
    await s.t.app.jobs.drain();
    expect(sends()).toEqual([]);
    expect(await wallet(s.owner.token)).toMatchObject({ balance_cents: 100, reserved_cents: 0 });
  });

  it('pauses a scheduled broadcast the wallet cannot cover when its time comes, and resumes it once topped up', async () => {
    const s = await setup([{}, {}], 5);
    const created = json(
      await s.r.post(PATH, s.owner.token, s.body({ send_at: Math.floor(Date.now() / 1000) + 60 })),
    ).data;
    expect(created.status).toBe('scheduled');
    s.t.clock.advance(61_000);
    await s.t.app.jobs.drain();
    const paused = json(await s.r.get(`${PATH}/${created.id}`, s.owner.token)).data;
    expect(paused).toMatchObject({ status: 'paused', status_reason: 'wallet_insufficient_funds' });
    expect(sends()).toEqual([]);
    // resume compares send_at with the real time (the test advanced only the app's clock): its time has come
    await s.t.database.withWorkspace(s.owner.workspaceId, (tx) =>
      tx
        .update(broadcasts)
        .set({ sendAt: new Date(Date.now() - 1_000) })
        .where(eq(broadcasts.id, created.id)),
    );
    const refused = await s.r.post(`${PATH}/${created.id}/resume`, s.owner.token, {});
    expect(refused.statusCode).toBe(402);
    expect(json(refused).error).toBe('the wallet is $0.01 short: top it up first');
    await s.t.database.withWorkspace(s.owner.workspaceId, (tx) =>
      deposit({ events: s.t.app.events }, tx, {
        workspaceId: s.owner.workspaceId,
        amountCents: 10,
        topic: 'top_up',
        idempotencyKey: 'more',
      }),
    );
    expect((await s.r.post(`${PATH}/${created.id}/resume`, s.owner.token, {})).statusCode).toBe(200);
    await s.t.app.jobs.drain();
    expect(sends()).toHaveLength(2);
    expect(await wallet(s.owner.token)).toMatchObject({ balance_cents: 9, reserved_cents: 0 });
  });

  it('charges nothing while billing is off', async () => {
    const s = await broadcastSetup(app, [{}]);
    await s.t.database.platform((tx) =>
      tx.insert(systemSettings).values({
        key: 'omnichannel.template.prices',
        value: JSON.stringify([{ category: 'utility', country: 'HK', price_cents: 3 }]),
      }),
    );
    const created = await s.r.post(PATH, s.owner.token, s.body());
    expect(created.statusCode, created.body).toBe(200);
    await s.t.app.jobs.drain();
    expect(sends()).toHaveLength(1);
    expect(await wallet(s.owner.token)).toMatchObject({ balance_cents: 0, reserved_cents: 0 });
    expect(await transactions(s.owner.token)).toEqual([]);
  });
});
