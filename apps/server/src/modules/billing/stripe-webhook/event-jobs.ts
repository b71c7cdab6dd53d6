import { and, asc, isNull, lt, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { isTransientDatabaseError } from '../../../platform/db/transient.ts';
import { defineJob } from '../../../platform/jobs/job-definition.ts';
import type { AppJob } from '../../../platform/modules/define-module.ts';
import { stripeEvents } from '../billing.tables.ts';
import { applyStripeEvent } from './apply-event.ts';

const APPLY_KEY = 'stripe-events';

/** Keeps a verified event once by its id (a redelivery changes nothing) and queues the job that applies events. */
export async function storeEvent(ctx: AppContext, event: Stripe.Event) {
  const stored = await ctx.database.platform((db) =>
    db
      .insert(stripeEvents)
      .values({
        id: event.id,
        type: event.type,
        created: event.created,
        payload: event as unknown as Record<string, unknown>,
      })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id }),
  );
  if (stored.length) await ctx.jobs.enqueue(stripeEventsJob, {}, { idempotencyKey: APPLY_KEY });
}

/**
 * Applies the stored events not yet applied, oldest `created` first, each in a transaction of its own that holds it
 * (`skip locked`: two workers never apply one event). An event that cannot be applied (an unknown customer) is
 * marked applied with its error: it never blocks the ones after it.
 */
export const stripeEventsJob = defineJob({
  name: 'billing.stripe-events',
  version: 1,
  queue: 'webhooks',
  payload: z.object({}),
  maxAttempts: 5,
  handle: async (_payload, job: AppJob) => {
    const ctx = job.app;
    for (;;) {
      const applied = await ctx.database.unsafeCrossTenant(
        "Stripe's events name an organization only by its Stripe customer",
        async (tx) => {
          const [event] = await tx
            .select()
            .from(stripeEvents)
            .where(isNull(stripeEvents.appliedAt))
            .orderBy(asc(stripeEvents.created), asc(stripeEvents.receivedAt))
            .limit(1)
            .for('update', { skipLocked: true });
          if (!event) return false;
          let error: string | null = null;
          try {
            error = await tx.transaction((inner) =>
              applyStripeEvent(ctx, inner, event.payload as unknown as Stripe.Event),
            );
          } catch (failure) {
            if (isTransientDatabaseError(failure)) throw failure;
            job.log.warn({ err: failure, stripe_event: event.id }, 'Stripe event not applied');
            error = failure instanceof Error ? failure.message.slice(0, 500) : 'failed';
          }
          if (error) job.log.info({ stripe_event: event.id, type: event.type, error }, 'Stripe event set aside');
          await tx
            .update(stripeEvents)
            .set({ appliedAt: new Date(), error })
            .where(sql`${stripeEvents.id} = ${event.id}`);
          return true;
        },
      );
      if (!applied) return;
    }
  },
});

/** Events stored while the job was ending (its key still taken) or before a crash: a look each minute. */
export const stripeEventsSweepJob = defineJob({
  name: 'billing.stripe-events-sweep',
  version: 1,
  queue: 'webhooks',
  payload: z.object({}),
  cron: '* * * * *',
  handle: async (_payload, job: AppJob) => {
    const waiting = await job.app.database.platform((db) =>
      db
        .select({ id: stripeEvents.id })
        .from(stripeEvents)
        .where(and(isNull(stripeEvents.appliedAt), lt(stripeEvents.receivedAt, sql`now() - interval '10 seconds'`)))
        .limit(1),
    );
    if (waiting.length) await job.app.jobs.enqueue(stripeEventsJob, {}, { idempotencyKey: APPLY_KEY });
  },
});
