import { pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../platform/db/columns.ts';

export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
