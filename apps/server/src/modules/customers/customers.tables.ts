import type { CustomerColumn } from '@omnichat/contracts';
import { isNotNull, sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { workspaceRef } from '../../platform/identity/workspaces.tables.ts';

/** `name_key`'s expression: immutable functions only (PostgreSQL 15 and PGlite alike, no extension). */
const NAME_KEY = sql.raw(
  `lower(translate(regexp_replace(normalize(display_name, NFKD), '[\\u0300-\\u036f[:space:][:punct:]]+', '', 'g'), 'øØłŁđĐħĦı', 'oollddhhi'))`,
);

/**
 * A customer of an organization. E-mail (lower case), phone (E.164) and each channel id are unique in the
 * organization where given. `search` holds the searchable text (names, company, e-mail, the phone's digits) in
 * lower case behind a trigram index, so a keyword finds a part of any of them.
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    workspaceId: workspaceRef(),
    salutation: text('salutation'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    displayName: text('display_name').notNull(),
    company: text('company'),
    email: text('email'),
    phone: text('phone'),
    whatsappId: text('whatsapp_id'),
    facebookId: text('facebook_id'),
    instagramId: text('instagram_id'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country'),
    source: text('source').notNull().default('manual'),
    note: text('note'),
    /** no marketing templates (broadcasts skip them): set by hand or by an opt-out keyword the customer writes */
    marketingOptOut: boolean('marketing_opt_out').notNull().default(false),
    /** when it was last set to true (null once cleared) */
    marketingOptOutAt: timestamp('marketing_opt_out_at', { withTimezone: true }),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    search: text('search').notNull().default(''),
    /** a hash of the file row an import created it from: the same row imported again finds it */
    importFingerprint: text('import_fingerprint'),
    /**
     * the display name as the duplicate finder compares it: lower case, without spaces, punctuation or accents
     * (NFKD, combining marks dropped), so "Mei Ling Chan", "mei-ling  CHAN" and "Méi Ling Chan" are one name
     */
    nameKey: text('name_key').generatedAlwaysAs(sql`${NAME_KEY}`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_email_key').on(t.workspaceId, t.email).where(isNotNull(t.email)),
    uniqueIndex('customers_phone_key').on(t.workspaceId, t.phone).where(isNotNull(t.phone)),
    uniqueIndex('customers_whatsapp_key').on(t.workspaceId, t.whatsappId).where(isNotNull(t.whatsappId)),
    uniqueIndex('customers_facebook_key').on(t.workspaceId, t.facebookId).where(isNotNull(t.facebookId)),
    uniqueIndex('customers_instagram_key').on(t.workspaceId, t.instagramId).where(isNotNull(t.instagramId)),
    uniqueIndex('customers_import_key').on(t.workspaceId, t.importFingerprint).where(isNotNull(t.importFingerprint)),
    index('customers_created_idx').on(t.workspaceId, t.createdAt, t.id),
    index('customers_name_idx').on(t.workspaceId, sql`lower(${t.displayName})`, t.id),
    index('customers_name_key_idx').on(t.workspaceId, t.nameKey, t.createdAt, t.id),
    index('customers_search_idx').using('gin', t.search.op('gin_trgm_ops')),
    index('customers_custom_fields_idx').using('gin', t.customFields.op('jsonb_path_ops')),
  ],
);
export type CustomerRow = typeof customers.$inferSelect;

/** Each customer column of the API and of import files (tags aside), and the table's column it is kept in. */
export const CUSTOMER_COLUMN_OF = {
  salutation: 'salutation',
  first_name: 'firstName',
  last_name: 'lastName',
  display_name: 'displayName',
  company: 'company',
  email: 'email',
  phone: 'phone',
  whatsapp_id: 'whatsappId',
  facebook_id: 'facebookId',
  instagram_id: 'instagramId',
  address_line1: 'addressLine1',
  address_line2: 'addressLine2',
  city: 'city',
  state: 'state',
  zip: 'zip',
  country: 'country',
  note: 'note',
} as const satisfies Record<Exclude<CustomerColumn, 'tags'>, keyof CustomerRow>;

/** An organization's customer tags; names are unique ignoring case. */
export const customerTags = pgTable(
  'customer_tags',
  {
    id: id(),
    workspaceId: workspaceRef(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('customer_tags_name_key').on(t.workspaceId, sql`lower(${t.name})`)],
);
export type CustomerTagRow = typeof customerTags.$inferSelect;

export const customerTagLinks = pgTable(
  'customer_tag_links',
  {
    workspaceId: uuid('workspace_id').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => customerTags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.tagId] }),
    index('customer_tag_links_tag_idx').on(t.workspaceId, t.tagId, t.customerId),
  ],
);

/** A custom field of an organization's customers; values live in `customers.custom_fields` by key. */
export const customerFields = pgTable(
  'customer_fields',
  {
    id: id(),
    workspaceId: workspaceRef(),
    key: text('key').notNull(),
    type: text('type').notNull(),
    label: text('label').notNull(),
    labels: jsonb('labels').$type<Record<string, string>>().notNull().default({}),
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('customer_fields_key').on(t.workspaceId, t.key)],
);
export type CustomerFieldRow = typeof customerFields.$inferSelect;

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A customer import: the uploaded file (kept until the import ends, so any process's worker can read it), the
 * options, and the progress and report a background job writes as it goes.
 */
export const customerImports = pgTable(
  'customer_imports',
  {
    id: id(),
    workspaceId: workspaceRef(),
    userId: uuid('user_id').notNull(),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    /** the report's language: the importer's when they started it */
    locale: text('locale').notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull(),
    file: bytea('file'),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /**
     * rows refused (`error`) and values left out of imported rows (`warning`) with their reasons: the first
     * 10,000 (errorCount and warningCount count them all); entries written before warnings have no level
     */
    errors: jsonb('errors')
      .$type<{ row: number; reason: string; level?: 'warning' | 'error' }[]>()
      .notNull()
      .default([]),
    errorCount: integer('error_count').notNull().default(0),
    warningCount: integer('warning_count').notNull().default(0),
    /** why the whole file failed (unreadable, no rows) */
    failure: text('failure'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('customer_imports_workspace_idx').on(t.workspaceId, t.createdAt)],
);
export type CustomerImportRow = typeof customerImports.$inferSelect;

/**
 * The customers an import's rows matched or created (a row that matched and changed nothing too; refused rows
 * are not members): an uploaded list a broadcast's audience can name. Written with each chunk of the import.
 */
export const customerImportMembers = pgTable(
  'customer_import_members',
  {
    workspaceId: workspaceRef(),
    importId: uuid('import_id')
      .notNull()
      .references(() => customerImports.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.customerId] }),
    index('customer_import_members_customer_idx').on(t.customerId),
  ],
);

/**
 * A customer's history, written from its domain events by a durable listener: who created, changed or merged
 * it, and each changed field's before and after. Kept with the customer (deleted with it).
 */
export const customerTimeline = pgTable(
  'customer_timeline',
  {
    id: id(),
    workspaceId: uuid('workspace_id').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['created', 'updated', 'merged'] }).notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    mergedName: text('merged_name'),
    /** the domain event it records: a retried delivery writes it once */
    eventId: uuid('event_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_timeline_customer_idx').on(t.workspaceId, t.customerId, t.createdAt),
    uniqueIndex('customer_timeline_event_key').on(t.eventId, t.customerId),
  ],
);
