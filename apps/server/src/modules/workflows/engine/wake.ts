import type { Tx } from '../../../platform/db/database.ts';
import type { ExecutionRow } from '../workflows.tables.ts';

/** Where a wait parks a run: answers the id of what will wake it (a job), or null when nothing has to. */
export interface WakeScheduler {
  schedule(tx: Tx, execution: ExecutionRow, until: Date, stepCount: number): Promise<string | null>;
}
