import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/database.ts';
import { workflowStamps, workflows } from '../workflows.tables.ts';

/** An active workflow as its trigger is matched: no graph. */
export interface ActiveWorkflow {
  id: string;
  version: number;
  triggerType: string;
  trigger: Record<string, unknown>;
}

interface Cached {
  stamp: number;
  byType: Map<string, ActiveWorkflow[]>;
}

/** At most this many organizations' active workflows are kept in a process (least recently used go first). */
const KEPT_ORGANIZATIONS = 2_000;
const cache = new Map<string, Cached>();

/**
 * The organization's active workflows by trigger type, kept in the process and checked against the organization's
 * workflow stamp (one row by key), so a message does not read a thousand workflows.
 */
export async function activeWorkflows(tx: Tx, workspaceId: string): Promise<Map<string, ActiveWorkflow[]>> {
  const [state] = await tx
    .select({ version: workflowStamps.version })
    .from(workflowStamps)
    .where(eq(workflowStamps.workspaceId, workspaceId));
  const stamp = state?.version ?? 0;
  const cached = cache.get(workspaceId);
  if (cached?.stamp === stamp) {
    cache.delete(workspaceId);
    cache.set(workspaceId, cached);
    return cached.byType;
  }
  const rows = await tx
    .select({
      id: workflows.id,
      version: workflows.version,
      triggerType: workflows.triggerType,
      trigger: workflows.trigger,
    })
    .from(workflows)
    .where(and(eq(workflows.workspaceId, workspaceId), eq(workflows.active, true)));
  const byType = new Map<string, ActiveWorkflow[]>();
  for (const row of rows) byType.set(row.triggerType, [...(byType.get(row.triggerType) ?? []), row]);
  cache.set(workspaceId, { stamp, byType });
  if (cache.size > KEPT_ORGANIZATIONS) cache.delete(cache.keys().next().value!);
  return byType;
}

/** Marks the organization's workflows changed, in the changing transaction (the caches read them again). */
export async function stampWorkflows(tx: Tx, workspaceId: string) {
  await tx
    .insert(workflowStamps)
    .values({ workspaceId, version: 1 })
    .onConflictDoUpdate({ target: workflowStamps.workspaceId, set: { version: sql`${workflowStamps.version} + 1` } });
}
