/**
 * The platform's drizzle tables, typing the database handle. Modules' own tables (audit, one-time tokens, system
 * settings) are used through their table objects; drizzle-kit finds every `*.tables.ts` through its own glob.
 */
export * from '../identity/admins.tables.ts';
export * from '../identity/teams.tables.ts';
export * from '../identity/users.tables.ts';
export * from '../identity/workspaces.tables.ts';
export * from '../jobs/jobs.tables.ts';
export * from '../pacing/pacing.tables.ts';
export * from '../realtime/socket-tickets.tables.ts';
export * from './secrets.tables.ts';
