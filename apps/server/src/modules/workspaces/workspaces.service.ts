import { randomUUID } from 'node:crypto';
import type { CreateWorkspaceBody, SelfWorkspace, UpdateWorkspaceBody, WorkspaceSummary } from '@omnichat/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { teamPermissionsOf } from '../../platform/auth/permissions.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import {
  liveWorkspace,
  type WorkspaceRow,
  workspaceMembers,
  workspaces,
} from '../../platform/identity/workspaces.tables.ts';
import { countryOfTimeZone, findTimeZone } from '../timezones/index.ts';
import { creationDefaults } from './creation-defaults.ts';
import { toSelfWorkspace, toWorkspaceSummary } from './workspaces.dto.ts';

/** The user's membership of a workspace, with their teams' permissions, or null. */
export async function findMembership(database: Database, workspaceId: string, userId: string) {
  return database.withWorkspace(workspaceId, async (tx) => {
    const [row] = await tx
      .select({ workspace: workspaces, member: workspaceMembers })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId), liveWorkspace));
    return row ? { ...row, teamPermissions: await teamPermissionsOf(tx, row.member.id) } : null;
  });
}

/**
 * The organization's row, locked until the transaction ends. Every change that counts members (seats, the last
 * owner) takes this lock first, so two concurrent requests count one after the other instead of both passing.
 */
export async function lockWorkspace(tx: Tx, workspaceId: string): Promise<WorkspaceRow> {
  const [row] = await tx
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.id, workspaceId), liveWorkspace))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** The zone's current IANA name, or a field error. */
function canonicalTimeZone(identifier: string): string {
  const zone = findTimeZone(identifier);
  if (!zone) throw fieldError('time_zone', 'invalid_time_zone');
  return zone.identifier;
}

export function createWorkspacesService(ctx: AppContext) {
  const { database } = ctx;

  /** Every organization the user is an active member of; a user spans tenants, so this crosses them by name. */
  async function listForUser(userId: string): Promise<SelfWorkspace[]> {
    const rows = await database.unsafeCrossTenant('a user lists their own organizations', (tx) =>
      tx
        .select({ workspace: workspaces, member: workspaceMembers })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.active, true), liveWorkspace))
        .orderBy(asc(workspaceMembers.joinedAt), asc(workspaces.name)),
    );
    return rows.map((row) => toSelfWorkspace(row.workspace, row.member));
  }

  /** A new organization owned by the user; its creation is the first entry of its audit log. */
  async function create(userId: string, by: Actor, body: CreateWorkspaceBody): Promise<SelfWorkspace> {
    const { 'system.mode': mode } = await ctx.settings.values(['system.mode']);
    if (mode !== 'platform') throw new AppError(403, 'organization_creation_disabled');
    const timeZone = canonicalTimeZone(body.time_zone);
    const defaults = await creationDefaults(ctx.settings);
    const id = randomUUID();
    return database.withWorkspace(id, async (tx) => {
      const [workspace] = await tx
        .insert(workspaces)
        .values({
          id,
          name: body.name,
          timeZone,
          defaultCountry: countryOfTimeZone(timeZone),
          avatar: body.avatar ?? '',
          createdBy: userId,
          ...defaults,
        })
        .returning();
      const [member] = await tx
        .insert(workspaceMembers)
        .values({ workspaceId: id, userId, role: 'owner', permissions: defaults.defaultMemberPermissions })
        .returning();
      if (!workspace || !member) throw new AppError(500, 'failed_to_create_organization');
      await ctx.audit.inWorkspace(tx, id, by, {
        action: 'workspace.create',
        targetType: 'workspace',
        targetId: id,
        after: { name: workspace.name, time_zone: workspace.timeZone },
      });
      return toSelfWorkspace(workspace, member);
    });
  }

  async function get(workspaceId: string) {
    const [row] = await database.withWorkspace(workspaceId, (tx) =>
      tx
        .select()
        .from(workspaces)
        .where(and(eq(workspaces.id, workspaceId), liveWorkspace)),
    );
    if (!row) throw notFound();
    return row;
  }

  async function update(workspaceId: string, changes: UpdateWorkspaceBody): Promise<WorkspaceSummary> {
    const [row] = await database.withWorkspace(workspaceId, (tx) =>
      tx
        .update(workspaces)
        .set({
          ...(changes.name !== undefined && { name: changes.name }),
          ...(changes.time_zone !== undefined && { timeZone: canonicalTimeZone(changes.time_zone) }),
          ...(changes.avatar !== undefined && { avatar: changes.avatar }),
          ...(changes.default_country !== undefined && { defaultCountry: changes.default_country }),
          ...(changes.opt_out_keywords !== undefined && { optOutKeywords: changes.opt_out_keywords }),
          updatedAt: new Date(),
        })
        .where(and(eq(workspaces.id, workspaceId), liveWorkspace))
        .returning(),
    );
    if (!row) throw notFound();
    return toWorkspaceSummary(row);
  }

  return { listForUser, create, get, update };
}
