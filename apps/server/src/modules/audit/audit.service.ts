import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditWriter } from '../../platform/audit/audit-writer.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { totalOf, totalOver } from '../../platform/db/paging.ts';
import type { DomainEvent } from '../../platform/events/catalogue.ts';
import { workspaces } from '../../platform/identity/workspaces.tables.ts';
import { type AuditLogRow, auditLogs } from './audit.tables.ts';

/** Secrets never enter the log: any key that looks like one is replaced. */
function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        /password|secret|token|api_key/i.test(key) ? '[redacted]' : redact(inner),
      ]),
    );
  }
  return value;
}

export const toAuditDto = (row: AuditLogRow) => ({
  id: row.id,
  workspace_id: row.workspaceId,
  actor_type: row.actorType,
  actor_id: row.actorId,
  actor_name: row.actorName,
  action: row.action,
  target_type: row.targetType,
  target_id: row.targetId,
  target_name: row.targetName,
  workspace_name: row.workspaceName,
  before: row.before,
  after: row.after,
  ip: row.ip,
  created_at: toUnixSeconds(row.createdAt),
});

export type AuditLog = ReturnType<typeof createAuditLog>;

/** The audit log: the `AuditWriter` port, what the event listeners record, and the list. */
export function createAuditLog(database: Database) {
  /** The row, with the organization's name as it is in `tx` (the change's own transaction, or just after it). */
  const values = async (tx: Tx, workspaceId: string | null, actor: Actor, entry: AuditEntry) => {
    const [workspace] = workspaceId
      ? await tx.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId))
      : [];
    const workspaceName = workspace?.name ?? null;
    const ownWorkspace = entry.targetType === 'workspace' && entry.targetId === workspaceId;
    return {
      workspaceId,
      workspaceName,
      actorType: actor.type,
      actorId: actor.id,
      actorName: actor.name,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      targetName: entry.targetName ?? (ownWorkspace ? workspaceName : null),
      before: redact(entry.before ?? null),
      after: redact(entry.after ?? null),
      ip: actor.ip,
    };
  };

  const log = {
    /**
     * Records what a domain event says happened, once per event (a retried delivery writes nothing new), dated when
     * it happened.
     */
    fromEvent: async (tx: Tx, event: DomainEvent, actor: Actor, entry: AuditEntry) => {
      await tx
        .insert(auditLogs)
        .values({
          ...(await values(tx, event.workspaceId, actor, entry)),
          eventId: event.id,
          createdAt: new Date(event.occurredAt),
        })
        .onConflictDoNothing();
    },
    /** Records an organization's change inside the transaction that made it (so both commit or neither). */
    inWorkspace: async (tx: Tx, workspaceId: string, actor: Actor, entry: AuditEntry) => {
      await tx.insert(auditLogs).values(await values(tx, workspaceId, actor, entry));
    },
    /** Records a platform-level change (system settings, system admins, users, organization limits). */
    platform: (actor: Actor, entry: AuditEntry, workspaceId: string | null = null) =>
      database.unsafeCrossTenant('platform changes are audited outside any one organization', async (tx) => {
        await tx.insert(auditLogs).values(await values(tx, workspaceId, actor, entry));
      }),
    /** Newest first; `workspaceId` null lists every organization's and the platform's (system admins only). */
    async list(scope: { workspaceId: string | null }, filter: { action?: string; page: number; size: number }) {
      const where: SQL[] = [];
      if (filter.action) where.push(eq(auditLogs.action, filter.action));
      const run = async (tx: Tx) => {
        const condition = where.length ? and(...where) : undefined;
        const rows = await tx
          .select({ entry: auditLogs, total: totalOver() })
          .from(auditLogs)
          .where(condition)
          .orderBy(desc(auditLogs.createdAt))
          .limit(filter.size)
          .offset((filter.page - 1) * filter.size);
        const total = await totalOf(rows, filter.page, async () => {
          const [all] = await tx.select({ n: count() }).from(auditLogs).where(condition);
          return all!.n;
        });
        return { rows: rows.map((row) => toAuditDto(row.entry)), total };
      };
      return scope.workspaceId
        ? database.withWorkspace(scope.workspaceId, run)
        : database.unsafeCrossTenant('a system admin reads the whole audit log', run);
    },
  };
  return log satisfies AuditWriter;
}
