import type { AuditEntry } from '../../platform/audit/audit-writer.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { DomainEvent, EventType } from '../../platform/events/catalogue.ts';
import { type DurableListenerDefinition, durableListener } from '../../platform/modules/define-module.ts';
import { createAuditLog } from './audit.service.ts';

const record = <T extends EventType>(
  event: T,
  entryOf: (data: DomainEvent<T>['data'], event: DomainEvent<T>) => AuditEntry & { actor: Actor },
) =>
  durableListener({
    event,
    name: 'audit',
    handle: (happened, job) => {
      const { actor, ...entry } = entryOf(happened.data, happened);
      return job.inWorkspace((tx) => createAuditLog(job.app.database).fromEvent(tx, happened, actor, entry));
    },
  });

/** The organization changes the audit log records from domain events (platform changes: `audit.platform`). */
export const auditListeners: DurableListenerDefinition[] = [
  record('member.joined', ({ actor, member_id, username, display_name, role }) => ({
    actor,
    action: 'member.join',
    targetType: 'member',
    targetId: member_id,
    targetName: display_name || username,
    after: { user: username, role },
  })),
  record('member.changed', ({ actor, action, member_id, username, display_name, before, role, active, removed }) => ({
    actor,
    action,
    targetType: 'member',
    targetId: member_id,
    targetName: display_name || username,
    before: { ...before, user: username },
    after: removed ? null : { role, active },
  })),
  record('member.left', ({ actor, member_id, username, display_name, role }) => ({
    actor,
    action: 'member.leave',
    targetType: 'member',
    targetId: member_id,
    targetName: display_name || username,
    before: { user: username, role },
  })),
  record('member.invited', ({ actor, invite_id, email, role }) => ({
    actor,
    action: 'member.invite',
    targetType: 'invite',
    targetId: invite_id,
    targetName: email,
    after: { email, role },
  })),
  record('member.invite_resent', ({ actor, invite_id, email, role }) => ({
    actor,
    action: 'member.invite.resend',
    targetType: 'invite',
    targetId: invite_id,
    targetName: email,
    after: { email, role },
  })),
  record('member.invite_revoked', ({ actor, invite_id, email, role }) => ({
    actor,
    action: 'member.invite.revoke',
    targetType: 'invite',
    targetId: invite_id,
    targetName: email,
    before: { email, role },
  })),
  record('permissions.member_changed', ({ actor, member_id, display_name, before, after }) => ({
    actor,
    action: 'member.permission.update',
    targetType: 'member',
    targetId: member_id,
    targetName: display_name ?? null,
    before: { permissions: before },
    after: { permissions: after },
  })),
  record('permissions.default_changed', (data, event) => ({
    actor: data.actor,
    action: 'permission.default.update',
    targetType: 'workspace',
    targetId: event.workspaceId,
    before: { permissions: data.before },
    after: { permissions: data.after },
  })),
  record('team.created', ({ actor, team }) => ({
    actor,
    action: 'team.create',
    targetType: 'team',
    targetId: team.id,
    targetName: team.name,
    after: team,
  })),
  record('team.updated', ({ actor, before, after }) => ({
    actor,
    action: 'team.update',
    targetType: 'team',
    targetId: after.id,
    targetName: after.name,
    before,
    after,
  })),
  record('team.deleted', ({ actor, before }) => ({
    actor,
    action: 'team.delete',
    targetType: 'team',
    targetId: before.id,
    targetName: before.name,
    before,
  })),
];
