import { randomUUID } from 'node:crypto';
import { WORKSPACE_PERMISSIONS } from '@omnichat/contracts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, loginAdmin } from '../../../../test/fixtures.ts';
import { joinAs } from '../../../../test/members.ts';
import { json } from '../../../../test/test-app.ts';
import { silentSocket } from '../../conversations/test-helpers.ts';
import {
  accountRow,
  addCard,
  type BillingWorld,
  billingWorld,
  call,
  organization,
  STRIPE_KEY,
} from '../subscription/test-helpers.ts';
import { deposit, release, reserve, withdraw } from './ledger.ts';

let world: BillingWorld;
beforeAll(async () => {
  world = await billingWorld();
});
afterAll(() => world.close());

type Socket = Awaited<ReturnType<typeof silentSocket>>;

/** An organization's owner, an admin, a member holding every permission, and another organization's owner, listening. */
async function listeners() {
  const { t } = world;
  const owner = await organization(t);
  const admin = await joinAs(t, owner.workspaceId, 'admin');
  const member = await joinAs(t, owner.workspaceId, 'member', [...WORKSPACE_PERMISSIONS]);
  const stranger = await createOwner(t);
  const [ownerSocket, adminSocket, memberSocket, strangerSocket] = await Promise.all(
    [owner, admin, member, stranger].map((person) => silentSocket(t, person.token)),
  );
  return {
    owner,
    sockets: { owner: ownerSocket!, admin: adminSocket!, member: memberSocket!, stranger: strangerSocket! },
  };
}

/** What the ones who may not see the wallet heard of it, once everything sent to them has arrived. */
async function heardByOthers(...sockets: Socket[]) {
  await Promise.all(sockets.map((socket) => socket.settled()));
  return sockets.flatMap((socket) => socket.heard('wallet.changed'));
}

const closeAll = (sockets: Record<string, Socket>) => {
  for (const socket of Object.values(sockets)) socket.close();
};

describe('the wallet pushed to owners and admins', () => {
  it("pushes a top-up Stripe's webhook credits to the owner and admins, not a member or another organization", async () => {
    const { t, fake } = world;
    const { owner, sockets } = await listeners();
    await addCard(world, owner.token);
    const account = (await accountRow(t, owner.workspaceId))!;
    // a top-up the page's own request did not credit (Stripe still processing it then): only the webhook brings it
    const url = new URL(fake.url);
    const stripe = new Stripe(STRIPE_KEY, { host: url.hostname, port: Number(url.port), protocol: 'http' });
    await stripe.paymentIntents.create({
      amount: 2500,
      currency: 'usd',
      customer: account.stripeCustomerId!,
      payment_method: account.defaultPaymentMethodId!,
      off_session: true,
      confirm: true,
      metadata: { workspace_id: owner.workspaceId, kind: 'top_up', wallet_multiplier_milli: '1000' },
    });
    expect(sockets.owner.heard('wallet.changed')).toEqual([]);
    await world.applyEvents();

    const pushed = { balance_cents: 2500, reserved_cents: 0 };
    await expect.poll(() => sockets.owner.heard('wallet.changed')).toEqual([pushed]);
    await expect.poll(() => sockets.admin.heard('wallet.changed')).toEqual([pushed]);
    expect(await heardByOthers(sockets.member, sockets.stranger)).toEqual([]);
    expect(json(await call(t, owner.token, 'GET', '/v1/wallet')).data.balance_cents).toBe(2500);
    closeAll(sockets);
  });

  it("pushes a transaction's movements as one push of where they left the wallet, then an operator's credit", async () => {
    const { t } = world;
    const { owner, sockets } = await listeners();
    const ctx = { events: t.app.events };
    const ws = owner.workspaceId;
    const broadcastId = randomUUID();
    await t.database.withWorkspace(ws, async (tx) => {
      await deposit(ctx, tx, { workspaceId: ws, amountCents: 5000, topic: 'adjustment', idempotencyKey: 'd1' });
      await withdraw(ctx, tx, { workspaceId: ws, amountCents: 700, topic: 'adjustment', idempotencyKey: 'w1' });
      await deposit(ctx, tx, { workspaceId: ws, amountCents: 200, topic: 'adjustment', idempotencyKey: 'd2' });
      await reserve(ctx, tx, ws, broadcastId, 1000);
      await release(ctx, tx, ws, broadcastId, 400);
    });
    const moved = { balance_cents: 4500, reserved_cents: 600 };
    await expect.poll(() => sockets.owner.heard('wallet.changed')).toEqual([moved]);

    const operator = await loginAdmin(
      t,
      (await createAdmin(t, { permissions: ['workspace_management_write'] })).username,
    );
    const adjusted = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/billing/organizations/${ws}/wallet-adjustment`,
      headers: { authorization: `Bearer ${operator}` },
      payload: { amount_cents: 500, reason: 'goodwill', request_id: randomUUID() },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const credited = { balance_cents: 5000, reserved_cents: 600 };
    await expect.poll(() => sockets.admin.heard('wallet.changed').at(-1)).toEqual(credited);
    await sockets.owner.settled();
    expect(sockets.owner.heard('wallet.changed')).toEqual([moved, credited]);
    expect(await heardByOthers(sockets.member, sockets.stranger)).toEqual([]);
    closeAll(sockets);
  });

  it('pushes nothing for a movement that rolled back', async () => {
    const { t } = world;
    const { owner, sockets } = await listeners();
    const ctx = { events: t.app.events };
    const ws = owner.workspaceId;
    await expect(
      t.database.withWorkspace(ws, async (tx) => {
        await deposit(ctx, tx, { workspaceId: ws, amountCents: 900, topic: 'adjustment', idempotencyKey: 'gone' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await heardByOthers(sockets.owner, sockets.admin)).toEqual([]);
    closeAll(sockets);
  });
});
