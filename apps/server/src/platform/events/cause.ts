import { AsyncLocalStorage } from 'node:async_hooks';

/** What caused an event besides a person: a workflow's step (the loop guard reads it). */
export interface EventCause {
  workflow_id: string;
  execution_id: string;
}

const causes = new AsyncLocalStorage<EventCause>();

/** Runs `work` with every event it emits marked as caused by `cause`. */
export const withCause = <T>(cause: EventCause, work: () => Promise<T>): Promise<T> => causes.run(cause, work);

export const currentCause = (): EventCause | null => causes.getStore() ?? null;
