import { createHash, timingSafeEqual } from 'node:crypto';
import type { workflowRunBodySchema, workflowTestBodySchema } from '@omnichat/contracts';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { MemberPrincipal } from '../../platform/auth/guards.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError, fieldError, notFound, unauthorized } from '../../platform/errors.ts';
import { conversations, messages } from '../conversations/index.ts';
import { customers } from '../customers/index.ts';
import { drive } from './engine/drive.ts';
import { runSettingOf } from './engine/run-jobs.ts';
import { startRuns } from './engine/start.ts';
import { executionDetail } from './executions.service.ts';
import { findWorkflow } from './workflows.service.ts';
import { workflowExecutions, workflows } from './workflows.tables.ts';

type RunBody = z.output<typeof workflowRunBodySchema>;
type TestBody = z.output<typeof workflowTestBodySchema>;

/** The customer's conversation a run acts in: their latest, open ones first. */
async function conversationOfCustomer(tx: Tx, customerId: string) {
  const [latest] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.customerId, customerId))
    .orderBy(sql`${conversations.status} = 'open' desc`, desc(conversations.lastMessageAt))
    .limit(1);
  return latest?.id ?? null;
}

/** A webhook caller's customer, when the body names one by `customer_id`, `email` or `phone`. */
async function customerOfBody(tx: Tx, body: unknown): Promise<string | null> {
  if (!body || typeof body !== 'object') return null;
  const { customer_id, email, phone } = body as Record<string, unknown>;
  const condition =
    typeof customer_id === 'string' && /^[0-9a-f-]{36}$/i.test(customer_id)
      ? eq(customers.id, customer_id)
      : typeof email === 'string' && email
        ? sql`lower(${customers.email}) = lower(${email})`
        : typeof phone === 'string' && phone
          ? eq(customers.phone, phone)
          : null;
  if (!condition) return null;
  const [found] = await tx.select({ id: customers.id }).from(customers).where(condition).limit(1);
  return found?.id ?? null;
}

const sameSecret = (given: string, kept: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(kept);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Runs started by people or callers: by hand for chosen customers, a test run, a webhook delivery. */
export function createRunsService(ctx: AppContext) {
  const { database } = ctx;

  async function runForCustomers(member: MemberPrincipal, id: string, body: RunBody) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const workflow = await findWorkflow(tx, id);
      if (!workflow.active) throw new AppError(409, 'workflow_inactive');
      const ids = [...new Set(body.customer_ids)];
      const found = await tx.select({ id: customers.id }).from(customers).where(inArray(customers.id, ids));
      if (found.length !== ids.length) throw fieldError('customer_ids', 'workflow_customer_not_found');
      const starts = [];
      for (const customerId of ids)
        starts.push({
          workflowId: workflow.id,
          version: workflow.version,
          triggerType: 'trigger.manual',
          triggerKey: null,
          customerId,
          conversationId: await conversationOfCustomer(tx, customerId),
          context: {},
        });
      return { execution_ids: await startRuns(ctx, tx, member.workspaceId, starts) };
    });
  }

  /**
   * A test run, now, in the request: of the draft given or the saved version, on a customer (and conversation).
   * Sending steps are shown, not done; the others say what they would do; waits do not wait. It is kept in the
   * history, marked as a test.
   */
  async function test(member: MemberPrincipal, id: string, body: TestBody) {
    const { execution, setting } = await database.withWorkspace(member.workspaceId, async (tx) => {
      const workflow = await findWorkflow(tx, id);
      const [customer] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.id, body.customer_id));
      if (!customer) throw fieldError('customer_id', 'workflow_customer_not_found');
      let conversationId = body.conversation_id ?? null;
      if (conversationId) {
        const [conversation] = await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.id, conversationId), eq(conversations.customerId, customer.id)));
        if (!conversation) throw fieldError('conversation_id', 'not_found');
      } else conversationId = await conversationOfCustomer(tx, customer.id);
      const [lastText] = conversationId
        ? await tx
            .select({ text: messages.text })
            .from(messages)
            .where(
              and(
                eq(messages.conversationId, conversationId),
                eq(messages.direction, 'inbound'),
                isNotNull(messages.text),
              ),
            )
            .orderBy(desc(messages.createdAt))
            .limit(1)
        : [];
      const [row] = await tx
        .insert(workflowExecutions)
        .values({
          workspaceId: member.workspaceId,
          workflowId: workflow.id,
          version: workflow.version,
          test: true,
          triggerType: body.draft?.nodes.find((node) => node.type.startsWith('trigger.'))?.type ?? workflow.triggerType,
          customerId: customer.id,
          conversationId,
          context: {
            message: { text: body.message_text ?? lastText?.text ?? '' },
            ...(body.draft && { graph: body.draft }),
          },
        })
        .returning();
      return { execution: row!, setting: await runSettingOf(tx, row!) };
    });
    if (!setting) throw notFound();
    await drive(ctx, execution, {
      ...setting,
      wake: { schedule: async () => null },
      lastAttempt: true,
    });
    return database.withWorkspace(member.workspaceId, (tx) => executionDetail(tx, execution.id));
  }

  /**
   * A webhook delivery: the workflow's secret must match; its JSON body is the run's `webhook.body`. The same
   * delivery (its Idempotency-Key, else the same body) starts one run. A workflow switched off starts none.
   */
  async function webhook(id: string, secret: string | undefined, body: unknown, headers: Record<string, string>) {
    const [workflow] = await database.unsafeCrossTenant('a webhook names its workflow by id alone', (tx) =>
      tx
        .select({
          id: workflows.id,
          workspaceId: workflows.workspaceId,
          version: workflows.version,
          active: workflows.active,
          triggerType: workflows.triggerType,
          secret: workflows.webhookSecret,
        })
        .from(workflows)
        .where(eq(workflows.id, id)),
    );
    if (workflow?.triggerType !== 'trigger.webhook') throw notFound();
    if (!secret || !sameSecret(secret, workflow.secret)) throw unauthorized('workflow_webhook_secret_invalid');
    if (!workflow.active) return { execution_id: null, started: false };
    const delivery =
      headers['idempotency-key'] ??
      createHash('sha256')
        .update(JSON.stringify(body ?? null))
        .digest('base64url');
    return database.withWorkspace(workflow.workspaceId, async (tx) => {
      const customerId = await customerOfBody(tx, body);
      const [started] = await startRuns(ctx, tx, workflow.workspaceId, [
        {
          workflowId: workflow.id,
          version: workflow.version,
          triggerType: 'trigger.webhook',
          triggerKey: `webhook:${delivery}`,
          customerId,
          conversationId: customerId ? await conversationOfCustomer(tx, customerId) : null,
          context: { webhook: { body: body ?? null, headers } },
        },
      ]);
      return { execution_id: started ?? null, started: Boolean(started) };
    });
  }

  return { runForCustomers, test, webhook };
}
