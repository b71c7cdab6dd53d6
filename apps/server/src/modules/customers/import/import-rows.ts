import { createHash } from 'node:crypto';
import {
  CUSTOMER_COLUMNS,
  CUSTOMER_LIMITS,
  type CustomerColumn,
  type ImportOptions,
  isMessageKey,
  type Locale,
  type MessageKey,
  TAG_COLORS,
  translate,
  updateCustomerBodySchema,
} from '@omnichat/contracts';
import { inArray, or, type SQL, sql } from 'drizzle-orm';
import { anyOf, arrayLiteral } from '../../../platform/db/arrays.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/errors.ts';
import { unescapeCell } from '../cells.ts';
import { readCustomValue } from '../custom-values.ts';
import { searchText } from '../customer-query.ts';
import {
  CUSTOMER_COLUMN_OF,
  type CustomerFieldRow,
  type CustomerRow,
  customers,
  customerTagLinks,
  customerTags,
} from '../customers.tables.ts';
import { toE164 } from '../phone.ts';

type Target = { column: CustomerColumn } | { field: CustomerFieldRow };

/** "First Name", "first-name" and "first_name" all read as first_name. */
const normalize = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * Where each file column goes: the mapping's choice for its header ('' leaves it out), else the customer column
 * or custom field whose key the header reads as; unknown headers are left out. A mapping onto something that is
 * not a field is refused.
 */
export function resolveTargets(
  header: string[],
  mapping: Record<string, string> | undefined,
  fields: CustomerFieldRow[],
): (Target | null)[] {
  const byKey = new Map<string, Target>([
    ...CUSTOMER_COLUMNS.map((column) => [column, { column }] as const),
    ...fields.map((field) => [field.key, { field }] as const),
  ]);
  return header.map((name) => {
    const chosen = mapping?.[name];
    if (chosen === '') return null;
    if (chosen !== undefined) {
      const target = byKey.get(chosen.replace(/^custom_fields\./, ''));
      if (!target) throw new AppError(400, 'import_unknown_column', { column: name, field: chosen });
      return target;
    }
    return byKey.get(normalize(name)) ?? null;
  });
}

const UNIQUE = [
  ['email', 'email', 'customer_email_taken'],
  ['phone', 'phone', 'customer_phone_taken'],
  ['whatsappId', 'whatsapp_id', 'customer_whatsapp_taken'],
  ['facebookId', 'facebook_id', 'customer_facebook_taken'],
  ['instagramId', 'instagram_id', 'customer_instagram_taken'],
] as const satisfies readonly [keyof CustomerRow, string, MessageKey][];
type UniqueColumn = (typeof UNIQUE)[number][0];

type Column = (typeof CUSTOMER_COLUMN_OF)[keyof typeof CUSTOMER_COLUMN_OF];

/** One file row read into customer values, or why it cannot be. */
interface ReadRow {
  values: Partial<Record<Column, string>>;
  custom: Record<string, unknown>;
  tags: string[];
  fingerprint: string;
}

export interface ImportState {
  workspaceId: string;
  locale: Locale;
  defaultCountry: string | null;
  targets: (Target | null)[];
  options: Required<Pick<ImportOptions, 'match_by'>> & { on_match: 'fill_empty' | 'overwrite' | 'skip' };
  /** tag ids by lower-case name, filled as the import goes */
  tags: Map<string, string>;
}

export interface ChunkResult {
  created: number;
  updated: number;
  skipped: number;
  errors: { row: number; reason: string }[];
}

class RowProblem extends Error {
  readonly key: MessageKey;
  readonly params: Record<string, string | number>;

  constructor(key: MessageKey, params: Record<string, string | number> = {}) {
    super(key);
    this.key = key;
    this.params = params;
  }
}

function readRow(cells: string[], state: ImportState): ReadRow | null {
  const given: Record<string, string> = {};
  const custom: Record<string, unknown> = {};
  let tags: string[] = [];
  state.targets.forEach((target, index) => {
    // a file this app exported carries formula-like cells with a leading '; PostgreSQL text cannot hold NUL
    const cell = unescapeCell((cells[index] ?? '').replaceAll('\u0000', '').trim());
    if (!target || cell === '') return;
    if ('field' in target) custom[target.field.key] = cell;
    else if (target.column === 'tags')
      tags = cell
        .split(/[;,]/)
        .map((tag) => tag.trim())
        .filter(Boolean);
    else given[target.column] = cell;
  });
  if (!Object.keys(given).length && !Object.keys(custom).length && !tags.length) return null;

  const parsed = updateCustomerBodySchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    throw isMessageKey(issue.message)
      ? new RowProblem(issue.message, { field })
      : new RowProblem('field_invalid_type', { field });
  }
  const values: Partial<Record<Column, string>> = {};
  for (const [name, value] of Object.entries(parsed.data)) {
    const column = CUSTOMER_COLUMN_OF[name as keyof typeof CUSTOMER_COLUMN_OF];
    if (column && typeof value === 'string') values[column] = value;
  }
  if (values.phone) {
    const e164 = toE164(values.phone, state.defaultCountry);
    if (!e164) throw new RowProblem('phone_invalid');
    values.phone = e164;
  }
  for (const target of state.targets) {
    if (!target || !('field' in target) || !(target.field.key in custom)) continue;
    const read = readCustomValue(target.field, custom[target.field.key] as string);
    if ('problem' in read) throw new RowProblem(read.problem.key, read.problem.params);
    custom[target.field.key] = read.value;
  }
  if (tags.some((tag) => tag.length > CUSTOMER_LIMITS.tagNameMax)) throw new RowProblem('tag_max');
  const fingerprint = createHash('sha256')
    .update(JSON.stringify(cells.map((cell) => cell.trim())))
    .digest('base64url');
  return { values, custom, tags, fingerprint };
}

const empty = (value: unknown) => value === null || value === undefined || value === '';

/** Why a row could not be imported as it reads (before it meets the organization's customers), or null. */
export function rowProblem(cells: string[], state: ImportState): string | null {
  try {
    readRow(cells, state);
    return null;
  } catch (error) {
    if (error instanceof RowProblem) return translate(error.key, state.locale, error.params);
    throw error;
  }
}

/** Each column's target as the import reads it: a customer column, a custom field key, or '' (left out). */
export const targetKeys = (targets: (Target | null)[]) =>
  targets.map((target) => (!target ? '' : 'field' in target ? target.field.key : target.column));

/** The customers the chunk's rows may find or clash with, by each unique value and by fingerprint. */
async function knownCustomers(tx: Tx, rows: ReadRow[]) {
  const wanted: SQL[] = [];
  for (const [column] of UNIQUE) {
    const values = [...new Set(rows.map((row) => row.values[column]).filter((value): value is string => !!value))];
    if (values.length) wanted.push(anyOf(customers[column], values));
  }
  wanted.push(
    anyOf(
      customers.importFingerprint,
      rows.map((row) => row.fingerprint),
    ),
  );
  const found = await tx
    .select()
    .from(customers)
    .where(or(...wanted));
  const tagIds = new Map<string, string[]>(found.map((customer) => [customer.id, []]));
  if (found.length) {
    const links = await tx
      .select({ customerId: customerTagLinks.customerId, tagId: customerTagLinks.tagId })
      .from(customerTagLinks)
      .where(anyOf(customerTagLinks.customerId, [...tagIds.keys()], 'uuid'));
    for (const link of links) tagIds.get(link.customerId)!.push(link.tagId);
  }
  return found.map((customer) => ({ ...customer, tagIds: tagIds.get(customer.id)! }));
}

/** Tag ids for names, creating the missing ones (the organization's tag limit still holds). */
async function tagIdsOf(tx: Tx, state: ImportState, names: string[]): Promise<string[]> {
  const missing = [...new Set(names.map((name) => name.toLowerCase()))].filter((name) => !state.tags.has(name));
  if (missing.length) {
    const existing = await tx
      .select({ id: customerTags.id, name: customerTags.name })
      .from(customerTags)
      .where(inArray(sql`lower(${customerTags.name})`, missing));
    for (const tag of existing) state.tags.set(tag.name.toLowerCase(), tag.id);
    for (const name of names) {
      if (state.tags.has(name.toLowerCase())) continue;
      if ((await tx.$count(customerTags)) >= CUSTOMER_LIMITS.tagsPerOrganization)
        throw new RowProblem('tag_limit_reached', { max: CUSTOMER_LIMITS.tagsPerOrganization });
      const [created] = await tx
        .insert(customerTags)
        .values({ workspaceId: state.workspaceId, name, color: TAG_COLORS[state.tags.size % TAG_COLORS.length]! })
        .returning({ id: customerTags.id });
      state.tags.set(name.toLowerCase(), created!.id);
    }
  }
  return [...new Set(names.map((name) => state.tags.get(name.toLowerCase())!))];
}

/**
 * Imports one chunk of data rows in the caller's transaction: each row finds its customer (by the chosen phone
 * and/or e-mail, or as the same file row imported before) and fills or overwrites it, or becomes a new customer;
 * a bad row is reported and the others are kept. A row that would change nothing counts as skipped, so the same
 * file imported twice changes nothing the second time.
 */
export async function importChunk(
  tx: Tx,
  state: ImportState,
  cells: string[][],
  firstRow: number,
): Promise<ChunkResult> {
  const result: ChunkResult = { created: 0, updated: 0, skipped: 0, errors: [] };
  const fail = (row: number, key: MessageKey, params: Record<string, string | number> = {}) =>
    result.errors.push({ row, reason: translate(key, state.locale, params) });

  const rows: { number: number; row: ReadRow }[] = [];
  cells.forEach((line, index) => {
    const number = firstRow + index;
    try {
      const row = readRow(line, state);
      if (row) rows.push({ number, row });
      else result.skipped++;
    } catch (error) {
      if (error instanceof RowProblem) fail(number, error.key, error.params);
      else throw error;
    }
  });
  if (!rows.length) return result;

  // every customer the chunk touches, as it will be written: the known ones and the new ones
  const known = new Map<string, Partial<CustomerRow> & { id?: string; tagIds: string[]; changed: boolean }>();
  const byUnique = new Map<string, string>();
  const keyOf = (column: string, value: string) => `${column}:${value}`;
  for (const customer of await knownCustomers(
    tx,
    rows.map((r) => r.row),
  )) {
    known.set(customer.id, { ...customer, changed: false });
    for (const [column] of UNIQUE) if (customer[column]) byUnique.set(keyOf(column, customer[column]!), customer.id);
    if (customer.importFingerprint) byUnique.set(keyOf('fingerprint', customer.importFingerprint), customer.id);
  }
  let fresh = 0;

  for (const { number, row } of rows) {
    try {
      const matchKeys = state.options.match_by.map((by) => (by === 'phone' ? 'phone' : 'email') as UniqueColumn);
      const matchedId =
        matchKeys
          .map((column) => row.values[column] && byUnique.get(keyOf(column, row.values[column]!)))
          .find(Boolean) ?? byUnique.get(keyOf('fingerprint', row.fingerprint));
      const target = matchedId ? known.get(matchedId)! : undefined;

      if (target && state.options.on_match === 'skip') {
        result.skipped++;
        continue;
      }
      const next: Partial<CustomerRow> = {};
      const overwrite = !target || state.options.on_match === 'overwrite';
      for (const [column, value] of Object.entries(row.values) as [Column, string][]) {
        if (overwrite ? target?.[column] !== value : empty(target?.[column])) next[column] = value;
      }
      const custom = { ...((target?.customFields as Record<string, unknown>) ?? {}) };
      let customChanged = false;
      for (const [key, value] of Object.entries(row.custom)) {
        if (overwrite ? JSON.stringify(custom[key]) !== JSON.stringify(value) : empty(custom[key])) {
          custom[key] = value;
          customChanged = true;
        }
      }
      if (!target && (!row.values.firstName || !row.values.lastName)) throw new RowProblem('import_name_needed');
      for (const [column, , key] of UNIQUE) {
        const value = next[column];
        const holder = value ? byUnique.get(keyOf(column, value)) : undefined;
        if (holder && holder !== matchedId) {
          const name = known.get(holder)!.displayName ?? '';
          throw new RowProblem(key, { name, id: holder.startsWith('new:') ? '-' : holder });
        }
      }
      const tagIds = row.tags.length ? await tagIdsOf(tx, state, row.tags) : [];
      const newTags = tagIds.filter((id) => !target?.tagIds.includes(id));

      if (!target) {
        const id = `new:${fresh++}`;
        const created = {
          ...next,
          displayName: next.displayName ?? `${next.firstName} ${next.lastName}`,
          customFields: custom,
          importFingerprint: row.fingerprint,
          tagIds,
          changed: true,
        };
        known.set(id, created);
        for (const [column] of UNIQUE) if (created[column]) byUnique.set(keyOf(column, created[column] as string), id);
        byUnique.set(keyOf('fingerprint', row.fingerprint), id);
        result.created++;
        continue;
      }
      const nothing = !Object.keys(next).length && !customChanged && !newTags.length;
      if (nothing) {
        result.skipped++;
        continue;
      }
      Object.assign(target, next, { customFields: custom, changed: true });
      target.tagIds.push(...newTags);
      for (const [column] of UNIQUE) if (next[column]) byUnique.set(keyOf(column, next[column] as string), matchedId!);
      // a later row of the same file for a customer it creates adds to that new customer
      if (!matchedId!.startsWith('new:')) result.updated++;
    } catch (error) {
      if (error instanceof RowProblem) fail(number, error.key, error.params);
      else throw error;
    }
  }

  await writeChunk(tx, state, known);
  return result;
}

const ROW_COLUMNS = Object.values(CUSTOMER_COLUMN_OF);
// New customers go in as one JSON parameter read back as rows, and look-ups take arrays: building statements of
// thousands of parameters took a third of an import's time.
const RECORD_FIELDS = [...Object.keys(CUSTOMER_COLUMN_OF), 'custom_fields', 'import_fingerprint', 'search'];
const RECORD_COLUMNS = sql.raw(RECORD_FIELDS.join(', '));
const RECORD_TYPES = sql.raw(
  RECORD_FIELDS.map((name) => `${name} ${name === 'custom_fields' ? 'jsonb' : 'text'}`).join(', '),
);

async function writeChunk(
  tx: Tx,
  state: ImportState,
  known: Map<string, Partial<CustomerRow> & { tagIds: string[]; changed: boolean }>,
) {
  const links: { customerId: string; tagId: string }[] = [];
  const inserts = [...known.entries()].filter(([id]) => id.startsWith('new:')).map(([, row]) => row);
  if (inserts.length) {
    const records = inserts.map((row) => ({
      ...Object.fromEntries(Object.entries(CUSTOMER_COLUMN_OF).map(([name, column]) => [name, row[column] ?? null])),
      custom_fields: row.customFields ?? {},
      import_fingerprint: row.importFingerprint,
      search: searchText({ ...row, firstName: row.firstName!, lastName: row.lastName!, displayName: row.displayName! }),
    }));
    const tagsByFingerprint = new Map(inserts.map((row) => [row.importFingerprint!, row.tagIds]));
    const inserted = (await tx.execute(sql`
      insert into ${customers} (workspace_id, source, ${RECORD_COLUMNS})
      select ${state.workspaceId}::uuid, 'import', ${RECORD_COLUMNS}
      from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${RECORD_TYPES})
      returning id, import_fingerprint
    `)) as unknown as { rows: { id: string; import_fingerprint: string }[] };
    for (const { id, import_fingerprint } of inserted.rows)
      for (const tagId of tagsByFingerprint.get(import_fingerprint) ?? []) links.push({ customerId: id, tagId });
  }
  for (const [id, row] of known) {
    if (id.startsWith('new:') || !row.changed) continue;
    const columns = Object.fromEntries(ROW_COLUMNS.map((column) => [column, row[column] ?? null]));
    await tx
      .update(customers)
      .set({
        ...columns,
        customFields: row.customFields ?? {},
        search: searchText({
          ...row,
          firstName: row.firstName!,
          lastName: row.lastName!,
          displayName: row.displayName!,
        }),
        updatedAt: new Date(),
      })
      .where(sql`${customers.id} = ${id}`);
    for (const tagId of row.tagIds) links.push({ customerId: id, tagId });
  }
  if (links.length)
    await tx.execute(sql`
      insert into ${customerTagLinks} (workspace_id, customer_id, tag_id)
      select ${state.workspaceId}::uuid, link.customer_id, link.tag_id
      from unnest(${arrayLiteral(links.map((link) => link.customerId))}::uuid[],
        ${arrayLiteral(links.map((link) => link.tagId))}::uuid[]) as link(customer_id, tag_id)
      on conflict do nothing
    `);
}
