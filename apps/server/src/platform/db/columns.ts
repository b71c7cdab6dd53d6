import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Every tenant-owned table carries this column; platform/db/tenancy.ts puts a forced RLS policy on it. */
export const workspaceId = () => uuid('workspace_id').notNull();
export const toUnixSeconds = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : 0);
