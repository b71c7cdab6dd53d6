import type { ConversationFacts } from '@omnichat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { ClusterBus } from '../realtime/cluster-bus.ts';

/** What another module keeps of a customer moves to the survivor of a merge, inside the merge's transaction. */
/** `events`: to announce what moved, in the merge's transaction */
export type CustomerMergeHook = (tx: Tx, survivorId: string, otherId: string, events: EventBus) => Promise<void>;

/**
 * Whether the channel reaches the customer by what another module keeps of them (web chat: its visitors), for a
 * channel that has no id of theirs on the customer's record.
 */
export type CustomerOnChannelHook = (tx: Tx, channelId: string, customerId: string) => Promise<boolean>;

/**
 * An agent started or stopped typing in a conversation (nothing is stored): a module that reaches the customer
 * live by other means (web chat's visitor streams, through the cluster bus) tells them.
 */
export type ConversationTypingHook = (cluster: ClusterBus, conversation: ConversationFacts, typing: boolean) => void;

/** The channel a Meta delivery came to, as a field handler sees it (part of the channels module's row). */
export interface MetaChannel {
  id: string;
  workspaceId: string;
  type: 'whatsapp' | 'messenger' | 'instagram' | 'webchat';
  phoneNumberId: string | null;
  businessAccountId: string | null;
  pageId: string | null;
  instagramAccountId: string | null;
  /** whether the conversations its deliveries open are assigned in turn (the rest of the setting is read then) */
  autoAssignMode: 'off' | 'round_robin';
}

/**
 * One part of a Meta delivery: a WhatsApp `entry[].changes[]` item's `value` (its `field` says what it is), or a
 * Messenger or Instagram `entry[].messaging[]` item (field `messages`).
 */
export interface MetaWebhookPart {
  deliveryId: string;
  /** where it is in the delivery (`entry[0].changes[1]`), to name it in a problem: never its content */
  place: string;
  value: unknown;
  /** when its delivery came: the time of the events that tell none */
  receivedAt: Date;
}

/** What of a delivery could not be read or applied, by its place; kept in the delivery's `error`, never retried. */
export interface MetaWebhookProblem {
  deliveryId: string;
  problem: string;
}

/** What a field handler works with besides its transaction. */
export interface MetaFieldServices {
  events: EventBus;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}

/**
 * Applies the parts of one field of a channel's waiting deliveries, in arrival order, in `tx` under the channel's
 * lock, and announces what changed (events, jobs) last. Throwing fails the batch: the channels module applies its
 * deliveries again one by one, each field of each in a savepoint, and sets aside a delivery whose part fails again.
 */
export type MetaFieldHandler = (
  tx: Tx,
  channel: MetaChannel,
  parts: MetaWebhookPart[],
  services: MetaFieldServices,
) => Promise<MetaWebhookProblem[]>;

/** Calls one module makes into whichever modules answer them; each module declares the ones it answers. */
export interface ModuleHooks {
  customerMerge: CustomerMergeHook;
  customerOnChannel: CustomerOnChannelHook;
  conversationTyping: ConversationTypingHook;
  /** handlers of Meta webhook fields (`messages`, `account_alerts`, …) by field: one module answers a field */
  metaWebhook: Readonly<Record<string, MetaFieldHandler>>;
}
