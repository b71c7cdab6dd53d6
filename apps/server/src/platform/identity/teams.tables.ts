import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../db/columns.ts';
import { workspaceMembers, workspaces } from './workspaces.tables.ts';

/** A team: a named group of members; its permissions add to each member's own. */
export const teams = pgTable(
  'teams',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('teams_workspace_idx').on(t.workspaceId, t.name),
    // names are unique per organization, whatever their case (names are stored trimmed)
    uniqueIndex('teams_workspace_name_key').on(t.workspaceId, sql`lower(${t.name})`),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    workspaceId: uuid('workspace_id').notNull(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => workspaceMembers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.memberId] }),
    index('team_members_workspace_idx').on(t.workspaceId, t.memberId),
  ],
);
export type TeamRow = typeof teams.$inferSelect;
