import { CUSTOMER_LIMITS, type ImportRowIssue, type MessageKey, TAG_COLORS, translate } from '@omnichat/contracts';
import { inArray, or, type SQL, sql } from 'drizzle-orm';
import { anyOf, arrayLiteral } from '../../../platform/db/arrays.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { searchText } from '../customer-query.ts';
import {
  CUSTOMER_COLUMN_OF,
  type CustomerRow,
  customerImportMembers,
  customers,
  customerTagLinks,
  customerTags,
} from '../customers.tables.ts';
import type { TagLink } from '../tags-added.ts';
import { type Column, type ImportState, type ReadRow, RowProblem, readRow } from './read-row.ts';

export { type ImportState, resolveTargets, rowIssues, targetKeys } from './read-row.ts';

const UNIQUE = [
  ['email', 'email', 'customer_email_taken'],
  ['phone', 'phone', 'customer_phone_taken'],
  ['whatsappId', 'whatsapp_id', 'customer_whatsapp_taken'],
  ['facebookId', 'facebook_id', 'customer_facebook_taken'],
  ['instagramId', 'instagram_id', 'customer_instagram_taken'],
] as const satisfies readonly [keyof CustomerRow, string, MessageKey][];
type UniqueColumn = (typeof UNIQUE)[number][0];

export interface ChunkResult {
  created: number;
  updated: number;
  skipped: number;
  /** rows refused (`error`) and values left out or changed on imported rows (`warning`), in row order */
  issues: ImportRowIssue[];
  /** tags the chunk put on customers that did not carry them */
  tagsAdded: TagLink[];
}

const empty = (value: unknown) => value === null || value === undefined || value === '';

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

/** A new customer's display name: the one given, else the names, else what else identifies them. */
const displayNameOf = (values: Partial<CustomerRow>) =>
  values.displayName ??
  (`${values.firstName ?? ''} ${values.lastName ?? ''}`.trim() ||
    values.email ||
    values.phone ||
    values.whatsappId ||
    values.facebookId ||
    values.instagramId ||
    '');

/**
 * Imports one chunk of data rows in the caller's transaction: each row finds its customer (by the chosen phone
 * and/or e-mail, or as the same file row imported before) and fills or overwrites it, or becomes a new customer.
 * A value that cannot be kept is left out with a warning on its row; a row is refused (an error) only when
 * nothing identifies a customer in it, or when an e-mail, phone or channel id of it belongs to another customer
 * or to an earlier row of the file. A row that would change nothing counts as skipped, so the same file imported
 * twice changes nothing the second time. Every customer a row found or created becomes a member of the import
 * (`importId`), refused rows aside.
 */
export async function importChunk(
  tx: Tx,
  state: ImportState,
  cells: string[][],
  firstRow: number,
  importId: string,
): Promise<ChunkResult> {
  const result: ChunkResult = { created: 0, updated: 0, skipped: 0, issues: [], tagsAdded: [] };
  const refuse = (row: number, problem: RowProblem) =>
    result.issues.push({ row, reason: problem.reason(state.locale), level: 'error' });
  const warn = (row: number, warnings: ReadRow['warnings']) => {
    for (const { key, params } of warnings)
      result.issues.push({ row, reason: translate(key, state.locale, params), level: 'warning' });
  };
  /** the file's own name of a customer column (its header), else the column's key */
  const headerOf = (column: string) => {
    const index = state.targets.findIndex((target) => target && 'column' in target && target.column === column);
    return state.header[index]?.trim() || column;
  };

  const rows: { number: number; row: ReadRow }[] = [];
  cells.forEach((line, index) => {
    const number = firstRow + index;
    try {
      const row = readRow(line, state);
      if (row) rows.push({ number, row });
      else result.skipped++;
    } catch (error) {
      if (error instanceof RowProblem) refuse(number, error);
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
  /** the customers (ids, or `new:n` for those this chunk creates) its rows found or created */
  const members = new Set<string>();
  const remember = (number: number, values: Partial<CustomerRow>, id: string) => {
    for (const [column] of UNIQUE) {
      const value = values[column] as string | null | undefined;
      if (!value) continue;
      byUnique.set(keyOf(column, value), id);
      if (!state.firstRows.has(keyOf(column, value))) state.firstRows.set(keyOf(column, value), number);
    }
  };

  for (const { number, row } of rows) {
    try {
      const matchKeys = state.options.match_by.map((by) => (by === 'phone' ? 'phone' : 'email') as UniqueColumn);
      const matchedId =
        matchKeys
          .map((column) => row.values[column] && byUnique.get(keyOf(column, row.values[column]!)))
          .find(Boolean) ?? byUnique.get(keyOf('fingerprint', row.fingerprint));
      const target = matchedId ? known.get(matchedId)! : undefined;

      if (target && state.options.on_match === 'skip') {
        members.add(matchedId!);
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
      for (const [column, name, key] of UNIQUE) {
        const value = next[column];
        const holder = value ? byUnique.get(keyOf(column, value)) : undefined;
        if (!holder || holder === matchedId) continue;
        const earlier = state.firstRows.get(keyOf(column, value!));
        if (earlier !== undefined && earlier !== number)
          throw new RowProblem('import_same_in_file', { column: headerOf(name), value: value!, row: earlier });
        throw new RowProblem(key, { name: known.get(holder)!.displayName ?? '' });
      }
      let tagIds: string[] = [];
      try {
        tagIds = row.tags.length ? await tagIdsOf(tx, state, row.tags) : [];
      } catch (error) {
        if (!(error instanceof RowProblem)) throw error;
        row.warnings.push({
          key: 'import_tags_left_out',
          params: { tags: row.tags.join(', '), reason: error.reason(state.locale) },
        });
      }
      const newTags = tagIds.filter((id) => !target?.tagIds.includes(id));
      warn(number, row.warnings);

      if (!target) {
        const id = `new:${fresh++}`;
        const created = {
          ...next,
          firstName: next.firstName ?? '',
          lastName: next.lastName ?? '',
          displayName: displayNameOf(next),
          customFields: custom,
          importFingerprint: row.fingerprint,
          tagIds,
          changed: true,
        };
        known.set(id, created);
        remember(number, created, id);
        byUnique.set(keyOf('fingerprint', row.fingerprint), id);
        members.add(id);
        result.created++;
        continue;
      }
      const nothing = !Object.keys(next).length && !customChanged && !newTags.length;
      members.add(matchedId!);
      if (nothing) {
        result.skipped++;
        continue;
      }
      Object.assign(target, next, { customFields: custom, changed: true });
      target.tagIds.push(...newTags);
      remember(number, next, matchedId!);
      // a later row of the same file for a customer it creates adds to that new customer
      if (!matchedId!.startsWith('new:')) result.updated++;
    } catch (error) {
      if (error instanceof RowProblem) refuse(number, error);
      else throw error;
    }
  }

  result.tagsAdded = await writeChunk(tx, state, known, { importId, members });
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
  { importId, members }: { importId: string; members: Set<string> },
): Promise<TagLink[]> {
  const links: { customerId: string; tagId: string }[] = [];
  const idOf = new Map<string, string>();
  const inserts = [...known.entries()].filter(([id]) => id.startsWith('new:')).map(([, row]) => row);
  if (inserts.length) {
    const records = inserts.map((row) => ({
      ...Object.fromEntries(Object.entries(CUSTOMER_COLUMN_OF).map(([name, column]) => [name, row[column] ?? null])),
      custom_fields: row.customFields ?? {},
      import_fingerprint: row.importFingerprint,
      search: searchText({ ...row, firstName: row.firstName!, lastName: row.lastName!, displayName: row.displayName! }),
    }));
    const tagsByFingerprint = new Map(inserts.map((row) => [row.importFingerprint!, row.tagIds]));
    const keyByFingerprint = new Map(
      [...known.entries()].filter(([id]) => id.startsWith('new:')).map(([id, row]) => [row.importFingerprint!, id]),
    );
    const inserted = (await tx.execute(sql`
      insert into ${customers} (workspace_id, source, ${RECORD_COLUMNS})
      select ${state.workspaceId}::uuid, 'import', ${RECORD_COLUMNS}
      from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${RECORD_TYPES})
      returning id, import_fingerprint
    `)) as unknown as { rows: { id: string; import_fingerprint: string }[] };
    for (const { id, import_fingerprint } of inserted.rows) {
      idOf.set(keyByFingerprint.get(import_fingerprint)!, id);
      for (const tagId of tagsByFingerprint.get(import_fingerprint) ?? []) links.push({ customerId: id, tagId });
    }
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
  const added = links.length
    ? ((await tx.execute(sql`
      insert into ${customerTagLinks} (workspace_id, customer_id, tag_id)
      select ${state.workspaceId}::uuid, link.customer_id, link.tag_id
      from unnest(${arrayLiteral(links.map((link) => link.customerId))}::uuid[],
        ${arrayLiteral(links.map((link) => link.tagId))}::uuid[]) as link(customer_id, tag_id)
      on conflict do nothing
      returning customer_id, tag_id
    `)) as unknown as { rows: TagLink[] })
    : { rows: [] };
  const memberIds = [...members].map((key) => idOf.get(key) ?? key);
  // a retried chunk finds its members already written
  if (memberIds.length)
    await tx.execute(sql`
      insert into ${customerImportMembers} (workspace_id, import_id, customer_id)
      select ${state.workspaceId}::uuid, ${importId}::uuid, member.id
      from unnest(${arrayLiteral(memberIds)}::uuid[]) as member(id)
      on conflict do nothing
    `);
  return added.rows;
}
