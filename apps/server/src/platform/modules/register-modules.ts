import type { AppContext } from '../../context.ts';
import type { EventType } from '../events/catalogue.ts';
import type { AppInstance } from '../http/types.ts';
import type { ModuleDefinition } from './define-module.ts';
import type { MetaFieldHandler, ModuleHooks } from './hooks.ts';

/**
 * Every module's hooks, which app.ts hands to all through `ctx.hooks`: each module's `customerMerge`,
 * `customerOnChannel` and `conversationTyping` in turn, in the order the modules are listed; the one handler of each Meta webhook field (two answering one fail the start).
 */
export function hooksOf(modules: readonly ModuleDefinition[]): ModuleHooks {
  const answering = <K extends Exclude<keyof ModuleHooks, 'metaWebhook'>>(kind: K) =>
    modules.flatMap((module) => module.hooks?.[kind] ?? []) as ModuleHooks[K][];
  const merges = answering('customerMerge');
  const reaches = answering('customerOnChannel');
  const typers = answering('conversationTyping');
  const metaWebhook: Record<string, MetaFieldHandler> = {};
  for (const module of modules)
    for (const [field, handler] of Object.entries(module.hooks?.metaWebhook ?? {})) {
      if (Object.hasOwn(metaWebhook, field))
        throw new Error(`Meta's webhook field "${field}" is answered twice (module ${module.name})`);
      metaWebhook[field] = handler;
    }
  return {
    customerMerge: async (tx, survivorId, otherId, events) => {
      for (const hook of merges) await hook(tx, survivorId, otherId, events);
    },
    customerOnChannel: async (tx, channelId, customerId) => {
      for (const hook of reaches) if (await hook(tx, channelId, customerId)) return true;
      return false;
    },
    conversationTyping: (cluster, conversation, typing) => {
      for (const hook of typers) hook(cluster, conversation, typing);
    },
    metaWebhook,
  };
}

/**
 * Registers what every process needs of the modules: their jobs and durable and after-commit listeners (jobs and
 * durable listeners run only where the worker runs).
 */
export function registerModuleWork(ctx: AppContext, modules: readonly ModuleDefinition[]): void {
  for (const module of modules) {
    for (const job of module.jobs ?? []) ctx.jobs.define(job, ctx);
    for (const listener of module.listeners ?? []) {
      const type = listener.event as EventType;
      if ('handleBatch' in listener)
        ctx.events.onBatch(
          type,
          listener.name,
          (events, job) => listener.handleBatch(events, { ...job, app: ctx }),
          listener.wants,
        );
      else
        ctx.events.on(
          type,
          listener.name,
          (event, job) => listener.handle(event, { ...job, app: ctx }),
          listener.wants,
        );
    }
    for (const listener of module.committed ?? [])
      ctx.events.onCommitted(listener.event as EventType, listener.name, (event) => listener.handle(event, ctx));
  }
}

/** Registers the modules' routes and socket actions, where HTTP is served. */
export async function registerModuleSurface(
  app: AppInstance,
  ctx: AppContext,
  modules: readonly ModuleDefinition[],
): Promise<void> {
  for (const module of modules) {
    for (const [action, definition] of Object.entries(module.socketActions?.(ctx) ?? {}))
      ctx.sockets.on(action, definition);
    const { routes } = module;
    if (routes) await app.register(async (scope) => routes(scope as AppInstance, ctx));
  }
}
