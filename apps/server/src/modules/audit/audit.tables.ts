import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/db/columns.ts';

/**
 * Who changed what, from where: members, roles, permissions, teams, settings, system admins. `workspace_id` is
 * null for platform-level changes (system settings, system admins), which only system admins read. Names (actor,
 * target, organization) are copied in as they were at the time, so an entry still reads once they change or go.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    workspaceId: uuid('workspace_id'),
    actorType: text('actor_type', { enum: ['user', 'admin', 'system'] }).notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** the target's name when the change was made (a member's display name, a team's name…); null on older rows */
    targetName: text('target_name'),
    /** the organization's name when the change was made, so the entry still reads after a rename or deletion */
    workspaceName: text('workspace_name'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    /** the domain event the entry records, when it came from one: a retried delivery writes it once */
    eventId: uuid('event_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_workspace_idx').on(t.workspaceId, t.createdAt),
    index('audit_logs_created_idx').on(t.createdAt),
    uniqueIndex('audit_logs_event_idx').on(t.eventId),
  ],
);
export type AuditLogRow = typeof auditLogs.$inferSelect;
