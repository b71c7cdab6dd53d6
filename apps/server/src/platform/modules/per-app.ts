import type { AppContext } from '../../context.ts';

/**
 * A module's services built once per app from its context, for handlers defined as module-level constants (jobs,
 * listeners) that receive the context rather than close over it.
 */
export function perApp<T>(build: (ctx: AppContext) => T): (ctx: AppContext) => T {
  const built = new WeakMap<AppContext, T>();
  return (ctx) => {
    if (!built.has(ctx)) built.set(ctx, build(ctx));
    return built.get(ctx)!;
  };
}
