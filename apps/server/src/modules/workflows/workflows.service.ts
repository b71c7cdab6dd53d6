import { randomBytes } from 'node:crypto';
import { isTriggerType, type workflowBodySchema } from '@omnichat/contracts';
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { MemberPrincipal } from '../../platform/auth/guards.ts';
import type { Tx } from '../../platform/db/database.ts';
import { totalOf, totalOver } from '../../platform/db/paging.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { brokenReferences, checkReferences } from './references.ts';
import { cronProblem, nextRuns, scheduleNext, unschedule } from './schedules/schedules.ts';
import { stampWorkflows } from './triggers/active-workflows.ts';
import { toWorkflowDto, toWorkflowSummary } from './workflow-dto.ts';
import { type WorkflowRow, workflowExecutions, workflows, workflowVersions } from './workflows.tables.ts';

type Body = z.output<typeof workflowBodySchema>;

/** The organization's workflow, read in its tenancy (another's is not found), locked when it changes. */
export async function findWorkflow(tx: Tx, id: string, lock = false): Promise<WorkflowRow> {
  const query = tx.select().from(workflows).where(eq(workflows.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** What the trigger listeners match on: the trigger node's type and data. */
function triggerOf(body: Pick<Body, 'nodes'>) {
  const trigger = body.nodes.find((node) => isTriggerType(node.type))!;
  const cron = typeof trigger.data.cron === 'string' ? trigger.data.cron : null;
  const problem = cron && cronProblem(cron);
  if (problem)
    throw new AppError(
      400,
      'workflow_cron_invalid',
      {},
      { [`nodes.${trigger.id}.data.cron`]: { key: 'workflow_cron_invalid' } },
    );
  return { triggerType: trigger.type, trigger: trigger.data };
}

const newSecret = () => randomBytes(24).toString('base64url');

/**
 * Workflows: each save is a new version (runs keep the one they started on); switching one on or off is not. An
 * active schedule workflow keeps its next firing scheduled.
 */
export function createWorkflowsService(ctx: AppContext) {
  const { database } = ctx;
  const publicUrl = ctx.config.publicUrl;

  async function dtoOf(tx: Tx, row: WorkflowRow) {
    const [version] = await tx
      .select()
      .from(workflowVersions)
      .where(and(eq(workflowVersions.workflowId, row.id), eq(workflowVersions.version, row.version)));
    const graph = version ?? { nodes: [], edges: [] };
    const next = (await nextRuns(tx, [row.id])).get(row.id) ?? null;
    return toWorkflowDto(row, graph, publicUrl, next, await brokenReferences(tx, graph.nodes));
  }

  /** A new version of `row` with the body's graph, and its schedule made again. */
  async function saveVersion(tx: Tx, row: WorkflowRow, body: Body) {
    await tx.insert(workflowVersions).values({
      workspaceId: row.workspaceId,
      workflowId: row.id,
      version: row.version,
      nodes: body.nodes,
      edges: body.edges,
    });
    await unschedule(ctx, tx, row.id);
    await scheduleNext(ctx, tx, row, new Date(ctx.now()));
    await stampWorkflows(tx, row.workspaceId);
    return dtoOf(tx, row);
  }

  async function list(member: MemberPrincipal, query: { page: number; size: number; keyword?: string }) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const where = query.keyword ? ilike(workflows.name, `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%`) : undefined;
      const rows = await tx
        .select({ row: workflows, total: totalOver() })
        .from(workflows)
        .where(where)
        .orderBy(desc(workflows.createdAt), desc(workflows.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const total = await totalOf(rows, query.page, () => tx.$count(workflows, where));
      const ids = rows.map(({ row }) => row.id);
      const counts = ids.length
        ? await tx
            .select({
              workflowId: workflowExecutions.workflowId,
              runs: count(),
              failures: sql<number>`count(*) filter (where ${workflowExecutions.status} = 'failed')`.mapWith(Number),
            })
            .from(workflowExecutions)
            .where(and(inArray(workflowExecutions.workflowId, ids), eq(workflowExecutions.test, false)))
            .groupBy(workflowExecutions.workflowId)
        : [];
      const byWorkflow = new Map(counts.map((one) => [one.workflowId, one]));
      const next = await nextRuns(tx, ids);
      const items = rows.map(({ row }) =>
        toWorkflowSummary(row, publicUrl, next.get(row.id) ?? null, {
          runs: byWorkflow.get(row.id)?.runs ?? 0,
          failures: byWorkflow.get(row.id)?.failures ?? 0,
        }),
      );
      return { items, page: { page: query.page, size: query.size, total, total_pages: Math.ceil(total / query.size) } };
    });
  }

  async function get(member: MemberPrincipal, id: string) {
    return database.withWorkspace(member.workspaceId, async (tx) => dtoOf(tx, await findWorkflow(tx, id)));
  }

  async function create(member: MemberPrincipal, body: Body) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      await checkReferences(tx, body.nodes);
      const [row] = await tx
        .insert(workflows)
        .values({
          workspaceId: member.workspaceId,
          name: body.name,
          description: body.description ?? null,
          active: body.active,
          version: 1,
          ...triggerOf(body),
          webhookSecret: newSecret(),
        })
        .returning();
      return saveVersion(tx, row!, body);
    });
  }

  async function update(member: MemberPrincipal, id: string, body: Body) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const current = await findWorkflow(tx, id, true);
      await checkReferences(tx, body.nodes);
      const [row] = await tx
        .update(workflows)
        .set({
          name: body.name,
          description: body.description ?? null,
          active: body.active,
          version: current.version + 1,
          ...triggerOf(body),
          updatedAt: new Date(),
        })
        .where(eq(workflows.id, id))
        .returning();
      return saveVersion(tx, row!, body);
    });
  }

  async function setActive(member: MemberPrincipal, id: string, active: boolean) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      await findWorkflow(tx, id, true);
      const [row] = await tx
        .update(workflows)
        .set({ active, updatedAt: new Date() })
        .where(eq(workflows.id, id))
        .returning();
      await unschedule(ctx, tx, id);
      await scheduleNext(ctx, tx, row!, new Date(ctx.now()));
      await stampWorkflows(tx, member.workspaceId);
      return dtoOf(tx, row!);
    });
  }

  async function duplicate(member: MemberPrincipal, id: string) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const source = await dtoOf(tx, await findWorkflow(tx, id));
      const body: Body = {
        name: `${source.name} (copy)`.slice(0, 99),
        description: source.description,
        active: false,
        nodes: source.nodes,
        edges: source.edges,
      };
      const [row] = await tx
        .insert(workflows)
        .values({
          workspaceId: member.workspaceId,
          name: body.name,
          description: body.description,
          active: false,
          version: 1,
          ...triggerOf(body),
          webhookSecret: newSecret(),
        })
        .returning();
      return saveVersion(tx, row!, body);
    });
  }

  /** Deletes the workflow with its runs; the jobs of its waiting runs and firings are cancelled first. */
  async function remove(member: MemberPrincipal, id: string) {
    await database.withWorkspace(member.workspaceId, async (tx) => {
      await findWorkflow(tx, id, true);
      await unschedule(ctx, tx, id);
      const waiting = await tx
        .select({ jobId: workflowExecutions.waitJobId })
        .from(workflowExecutions)
        .where(and(eq(workflowExecutions.workflowId, id), eq(workflowExecutions.status, 'waiting')));
      for (const { jobId } of waiting) if (jobId) await ctx.jobs.cancel(jobId);
      await tx.delete(workflows).where(eq(workflows.id, id));
      await stampWorkflows(tx, member.workspaceId);
    });
  }

  return { list, get, create, update, setActive, duplicate, remove };
}
