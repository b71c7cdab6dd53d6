/** Every drizzle table, for the query builder. drizzle-kit reads the same files through its own glob. */
export * from '../../modules/admins/admins.tables.ts';
export * from '../../modules/audit/audit.tables.ts';
export * from '../../modules/auth/auth.tables.ts';
export * from '../../modules/settings/settings.tables.ts';
export * from '../../modules/teams/teams.tables.ts';
export * from '../../modules/users/users.tables.ts';
export * from '../../modules/workspaces/workspaces.tables.ts';
export * from '../jobs/jobs.tables.ts';
export * from './secrets.tables.ts';
