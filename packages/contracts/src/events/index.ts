import type { z } from 'zod';
import { accountEvents } from './account.ts';
import { billingEvents } from './billing.ts';
import { broadcastEvents } from './broadcasts.ts';
import { conversationEvents } from './conversations.ts';
import { csAgentEvents } from './cs-agents.ts';
import { customerEvents } from './customers.ts';
import { memberEvents } from './members.ts';
import { teamEvents } from './teams.ts';
import { templateEvents } from './templates.ts';

export { type EventActor, eventActor } from './actor.ts';
export { CONVERSATION_CHANGES, type ConversationFacts, conversationFactsSchema } from './conversations.ts';

/**
 * Every domain event by type, with the zod schema of its data: what the server's modules emit and listen to, and
 * what the browser shows as triggers (the workflow builder). One catalogue, so a name means one shape everywhere.
 */
export const DOMAIN_EVENTS = {
  ...accountEvents,
  ...memberEvents,
  ...teamEvents,
  ...customerEvents,
  ...conversationEvents,
  ...templateEvents,
  ...broadcastEvents,
  ...csAgentEvents,
  ...billingEvents,
} as const;
export type DomainEventType = keyof typeof DOMAIN_EVENTS;
export type DomainEventData<T extends DomainEventType> = z.output<(typeof DOMAIN_EVENTS)[T]>;
