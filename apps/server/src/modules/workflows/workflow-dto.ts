import { pathOf, WORKFLOW_WEBHOOK_PATH, type Workflow, type WorkflowSummary } from '@omnichat/contracts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { WorkflowRow, WorkflowVersionRow } from './workflows.tables.ts';

const secondsOrNull = (date: Date | null) => (date ? toUnixSeconds(date) : null);

function common(row: WorkflowRow, publicUrl: string, nextRunAt: Date | null) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    active: row.active,
    version: row.version,
    trigger_type: row.triggerType,
    webhook:
      row.triggerType === 'trigger.webhook'
        ? { url: `${publicUrl}${pathOf(WORKFLOW_WEBHOOK_PATH, { id: row.id })}`, secret: row.webhookSecret }
        : null,
    next_run_at: secondsOrNull(nextRunAt),
    last_run_at: secondsOrNull(row.lastRunAt),
    created_at: toUnixSeconds(row.createdAt),
    updated_at: toUnixSeconds(row.updatedAt),
  };
}

export const toWorkflowDto = (
  row: WorkflowRow,
  version: Pick<WorkflowVersionRow, 'nodes' | 'edges'>,
  publicUrl: string,
  nextRunAt: Date | null,
  broken: Workflow['broken'],
): Workflow => ({ ...common(row, publicUrl, nextRunAt), nodes: version.nodes, edges: version.edges, broken });

export const toWorkflowSummary = (
  row: WorkflowRow,
  publicUrl: string,
  nextRunAt: Date | null,
  counts: { runs: number; failures: number },
): WorkflowSummary => ({ ...common(row, publicUrl, nextRunAt), ...counts });
