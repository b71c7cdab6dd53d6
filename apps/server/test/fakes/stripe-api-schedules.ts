import type { invoices } from './stripe-api-invoices.ts';
import { changed, type StripeStore } from './stripe-api-store.ts';
import {
  addInterval,
  type Form,
  form,
  invalidRequest,
  mergeMetadata,
  type StripeObject,
  stripeId,
} from './stripe-api-wire.ts';

/*
 * Subscription schedules, and how a subscription ends. A schedule's phases change at the subscription's period ends.
 */

export function schedules(store: StripeStore, inv: ReturnType<typeof invoices>) {
  const { itemsOf, periodOf, recurringPrice, item } = inv;

  function end(sub: StripeObject, reason: string) {
    const before = structuredClone(sub);
    Object.assign(sub, {
      status: 'canceled',
      canceled_at: sub.canceled_at ?? store.now(),
      ended_at: store.now(),
      cancellation_details: { comment: null, feedback: null, reason },
    });
    if (sub.schedule) {
      const schedule = store.get('subscription_schedule', sub.schedule as string);
      Object.assign(schedule, { status: 'canceled', canceled_at: store.now() });
      store.emit('subscription_schedule.canceled', schedule);
    }
    store.emit('customer.subscription.deleted', sub, changed(before, sub));
    return sub;
  }

  /** Moves a schedule to its next phase at the period end; answers what became of the subscription. */
  function phaseChange(sub: StripeObject): 'changed' | 'released' | 'canceled' | 'none' {
    const schedule = store.get('subscription_schedule', sub.schedule as string);
    const phases = schedule.phases as StripeObject[];
    const now = store.now();
    const index = phases.findIndex((phase) => (phase.end_date as number) > now);
    const current = schedule.current_phase as { start_date: number; end_date: number };
    if (index >= 0 && (phases[index]!.start_date as number) === current.start_date) return 'none';
    if (index < 0) {
      if (schedule.end_behavior === 'cancel') {
        end(sub, 'cancellation_requested');
        return 'canceled';
      }
      release(schedule);
      return 'released';
    }
    const phase = phases[index]!;
    const prices = (phase.items as StripeObject[]).map((entry) => store.get('price', entry.price as string));
    const period = periodOf(sub);
    (sub.items as StripeObject).data = prices.map((price, i) =>
      item(sub.id as string, price, period.start, period.end, i === 0 ? (itemsOf(sub)[0]!.id as string) : undefined),
    );
    schedule.current_phase = { start_date: phase.start_date, end_date: phase.end_date };
    store.emit('subscription_schedule.updated', schedule);
    return 'changed';
  }

  function release(schedule: StripeObject) {
    const sub = store.objects.get(schedule.subscription as string);
    Object.assign(schedule, {
      status: 'released',
      released_at: store.now(),
      released_subscription: schedule.subscription,
      subscription: null,
      current_phase: null,
    });
    if (sub) sub.schedule = null;
    store.emit('subscription_schedule.released', schedule);
    return schedule;
  }

  return {
    end,
    phaseChange,
    createSchedule(params: Form) {
      form.only(params, ['from_subscription', 'metadata']);
      const subId = form.string(params, 'from_subscription');
      if (!subId)
        throw invalidRequest('Missing required param: from_subscription.', 'from_subscription', 'parameter_missing');
      const sub = store.get('subscription', subId, 'from_subscription');
      if (sub.schedule)
        throw invalidRequest(
          `You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`,
          'from_subscription',
        );
      const period = periodOf(sub);
      const schedule = store.put({
        id: stripeId('sub_sched', 14),
        object: 'subscription_schedule',
        application: null,
        billing_mode: { type: 'flexible' },
        canceled_at: null,
        completed_at: null,
        created: store.now(),
        current_phase: { start_date: period.start, end_date: period.end },
        customer: sub.customer,
        default_settings: { collection_method: 'charge_automatically', default_payment_method: null },
        end_behavior: 'release',
        livemode: false,
        metadata: mergeMetadata({}, params),
        phases: [
          phase(
            itemsOf(sub).map((e) => (e.price as StripeObject).id as string),
            period.start,
            period.end,
            sub,
          ),
        ],
        released_at: null,
        released_subscription: null,
        status: 'active',
        subscription: sub.id,
        test_clock: null,
      });
      sub.schedule = schedule.id;
      store.emit('subscription_schedule.created', schedule);
      return schedule;
    },
    updateSchedule(id: string, params: Form) {
      form.only(params, ['phases', 'end_behavior', 'metadata', 'proration_behavior', 'default_settings']);
      const schedule = store.get('subscription_schedule', id, 'schedule');
      if (schedule.status !== 'active' && schedule.status !== 'not_started')
        throw invalidRequest(
          `You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status.`,
        );
      const sub = store.get('subscription', schedule.subscription as string);
      const endBehavior = form.string(params, 'end_behavior');
      if (endBehavior) {
        if (!['release', 'cancel'].includes(endBehavior)) throw invalidRequest('Invalid end_behavior', 'end_behavior');
        schedule.end_behavior = endBehavior;
      }
      const given = form.array(params, 'phases');
      if (given.length > 0) {
        const current = schedule.current_phase as { start_date: number };
        let start = current.start_date;
        schedule.phases = given.map((entry, i) => {
          const prices = form.array(entry, 'items').map((it, j) => {
            const price = recurringPrice(form.string(it, 'price'), `phases[${i}][items][${j}][price]`);
            return price;
          });
          if (prices.length === 0)
            throw invalidRequest(
              'Missing required param: phases[][items].',
              `phases[${i}][items]`,
              'parameter_missing',
            );
          const startParam = form.string(entry, 'start_date');
          const phaseStart = startParam === undefined || startParam === 'now' ? start : Number(startParam);
          if (i === 0 && phaseStart !== current.start_date)
            throw invalidRequest('You can not modify the start date of the current phase.', 'phases[0][start_date]');
          const iterations = form.int(entry, 'iterations');
          const duration = form.object(entry, 'duration');
          const endDate =
            form.int(entry, 'end_date') ??
            (duration
              ? addInterval(
                  phaseStart,
                  form.string(duration, 'interval') ?? 'month',
                  form.int(duration, 'interval_count') ?? 1,
                )
              : addInterval(
                  phaseStart,
                  (prices[0]!.recurring as StripeObject).interval as string,
                  ((prices[0]!.recurring as StripeObject).interval_count as number) * (iterations ?? 1),
                ));
          start = endDate;
          return phase(
            prices.map((p) => p.id as string),
            phaseStart,
            endDate,
            sub,
            form.string(entry, 'proration_behavior'),
            mergeMetadata({}, entry),
          );
        });
      }
      schedule.metadata = mergeMetadata(schedule.metadata as Record<string, string>, params);
      store.emit('subscription_schedule.updated', schedule);
      return schedule;
    },
    releaseSchedule(id: string) {
      const schedule = store.get('subscription_schedule', id, 'schedule');
      if (schedule.status !== 'active')
        throw invalidRequest(
          `You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status.`,
        );
      return release(schedule);
    },
    cancelSchedule(id: string) {
      const schedule = store.get('subscription_schedule', id, 'schedule');
      const sub = store.get('subscription', schedule.subscription as string);
      end(sub, 'cancellation_requested');
      return schedule;
    },
  };

  function phase(
    prices: string[],
    start: number,
    endDate: number,
    sub: StripeObject,
    prorationBehavior?: string,
    metadata: Record<string, string> = {},
  ) {
    return {
      add_invoice_items: [],
      application_fee_percent: null,
      billing_cycle_anchor: null,
      collection_method: null,
      currency: sub.currency,
      default_payment_method: null,
      description: null,
      discounts: [],
      end_date: endDate,
      invoice_settings: null,
      items: prices.map((price) => ({
        billing_thresholds: null,
        discounts: [],
        metadata: {},
        plan: price,
        price,
        quantity: 1,
        tax_rates: [],
      })),
      metadata,
      on_behalf_of: null,
      proration_behavior: prorationBehavior ?? 'create_prorations',
      start_date: start,
      transfer_data: null,
      trial_end: null,
    };
  }
}
