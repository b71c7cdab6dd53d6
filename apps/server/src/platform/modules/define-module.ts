import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DomainEvent, EventType } from '../events/catalogue.ts';
import type { AppInstance } from '../http/types.ts';
import type { JobContext, JobDefinition } from '../jobs/job-definition.ts';
import type { SocketAction } from '../realtime/socket-hub.ts';
import type { ModuleHooks } from './hooks.ts';

/** What a module's job handler and durable listener get besides their input: `job.app` is the app's context. */
export type AppJob = JobContext<AppContext>;

/** A durable listener: runs as an `events.deliver` job after commit, retried; `name` keys its jobs, keep it. */
export type DurableListenerDefinition<T extends EventType = EventType> = {
  event: T;
  name: string;
  /** which events it wants: the others are never stored for it */
  wants?(data: DomainEvent<T>['data']): boolean;
} & (
  | { handle(event: DomainEvent<T>, job: AppJob): Promise<unknown> }
  /** the events of one emit together (a webhook batch's messages) */
  | { handleBatch(events: DomainEvent<T>[], job: AppJob): Promise<unknown> }
);

/** A listener run in the committing process right after commit: quick, no outside work (socket pushes). */
export interface CommittedListenerDefinition<T extends EventType = EventType> {
  event: T;
  name: string;
  handle(event: DomainEvent<T>, app: AppContext): void;
}

export const durableListener = <T extends EventType>(listener: DurableListenerDefinition<T>) => listener;
export const committedListener = <T extends EventType>(listener: CommittedListenerDefinition<T>) => listener;
/** A general-socket action whose handler reads its schema's output. */
export const socketAction = <S extends z.ZodType>(action: SocketAction<S>): SocketAction => action;

export type {
  ConversationTypingHook,
  CustomerMergeHook,
  CustomerOnChannelHook,
  MetaChannel,
  MetaFieldHandler,
  MetaWebhookPart,
  MetaWebhookProblem,
  ModuleHooks,
} from './hooks.ts';

export interface ModuleDefinition {
  name: string;
  /** HTTP routes (where HTTP is served: ROLE all or api) */
  routes?(app: AppInstance, ctx: AppContext): Promise<void> | void;
  /** general-socket actions by name (where HTTP is served) */
  socketActions?(ctx: AppContext): Record<string, SocketAction>;
  /** job definitions (module-level constants), defined in every process; they run where the worker runs */
  // biome-ignore lint/suspicious/noExplicitAny: a list of jobs with payloads of any schema
  jobs?: JobDefinition<z.ZodType<any>, AppContext>[];
  listeners?: DurableListenerDefinition[];
  committed?: CommittedListenerDefinition[];
  /** what this module answers when another module calls a hook (`ctx.hooks`) */
  hooks?: Partial<ModuleHooks>;
}

/** One module: its name and what app.ts registers of it. */
export const defineModule = (definition: ModuleDefinition): ModuleDefinition => definition;
