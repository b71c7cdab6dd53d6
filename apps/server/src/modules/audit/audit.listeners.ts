import type { Actor } from '../../platform/auth/actor.ts';
import type { DomainEvent, EventType } from '../../platform/events/catalogue.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { AuditEntry, AuditLog } from './audit.service.ts';

/** The organization changes the audit log records from domain events (platform changes: `audit.platform`). */
export function registerAuditListeners(events: EventBus, audit: Pick<AuditLog, 'fromEvent'>) {
  const record = <T extends EventType>(
    type: T,
    entryOf: (data: DomainEvent<T>['data'], event: DomainEvent<T>) => AuditEntry & { actor: Actor },
  ) =>
    events.on(type, 'audit', (event, job) => {
      const { actor, ...entry } = entryOf(event.data, event);
      return job.inWorkspace((tx) => audit.fromEvent(tx, event, actor, entry));
    });

  record('member.joined', ({ actor, member_id, username, display_name, role }) => ({
    actor,
    action: 'member.join',
    targetType: 'member',
    targetId: member_id,
    targetName: display_name || username,
    after: { user: username, role },
  }));
  record('member.changed', ({ actor, action, member_id, username, display_name, before, role, active, removed }) => ({
    actor,
    action,
    targetType: 'member',
    targetId: member_id,
    targetName: display_name || username,
    before: { ...before, user: username },
    after: removed ? null : { role, active },
  }));
  record('member.left', ({ actor, member_id, username, display_name, role }) => ({
    actor,
    action: 'member.leave',
    targetType: 'member',
    targetId: member_id,
    targetName: display_name || username,
    before: { user: username, role },
  }));
  record('member.invited', ({ actor, invite_id, email, role }) => ({
    actor,
    action: 'member.invite',
    targetType: 'invite',
    targetId: invite_id,
    targetName: email,
    after: { email, role },
  }));
  record('member.invite_resent', ({ actor, invite_id, email, role }) => ({
    actor,
    action: 'member.invite.resend',
    targetType: 'invite',
    targetId: invite_id,
    targetName: email,
    after: { email, role },
  }));
  record('member.invite_revoked', ({ actor, invite_id, email, role }) => ({
    actor,
    action: 'member.invite.revoke',
    targetType: 'invite',
    targetId: invite_id,
    targetName: email,
    before: { email, role },
  }));
  record('permissions.member_changed', ({ actor, member_id, display_name, before, after }) => ({
    actor,
    action: 'member.permission.update',
    targetType: 'member',
    targetId: member_id,
    targetName: display_name ?? null,
    before: { permissions: before },
    after: { permissions: after },
  }));
  record('permissions.default_changed', (data, event) => ({
    actor: data.actor,
    action: 'permission.default.update',
    targetType: 'workspace',
    targetId: event.workspaceId,
    before: { permissions: data.before },
    after: { permissions: data.after },
  }));
  record('team.created', ({ actor, team }) => ({
    actor,
    action: 'team.create',
    targetType: 'team',
    targetId: team.id,
    targetName: team.name,
    after: team,
  }));
  record('team.updated', ({ actor, before, after }) => ({
    actor,
    action: 'team.update',
    targetType: 'team',
    targetId: after.id,
    targetName: after.name,
    before,
    after,
  }));
  record('team.deleted', ({ actor, before }) => ({
    actor,
    action: 'team.delete',
    targetType: 'team',
    targetId: before.id,
    targetName: before.name,
    before,
  }));
}
