import { createHash } from 'node:crypto';
import {
  CUSTOMER_COLUMNS,
  CUSTOMER_LIMITS,
  type CustomerColumn,
  type ImportOptions,
  isMessageKey,
  type Locale,
  type MessageKey,
  translate,
  updateCustomerBodySchema,
} from '@omnichat/contracts';
import { AppError } from '../../../platform/errors.ts';
import { unescapeCell } from '../../../platform/files/cells.ts';
import { readCustomValue } from '../custom-values.ts';
import { CUSTOMER_COLUMN_OF, type CustomerFieldRow } from '../customers.tables.ts';
import { toE164 } from '../phone.ts';

export type Target = { column: CustomerColumn } | { field: CustomerFieldRow };
export type Column = (typeof CUSTOMER_COLUMN_OF)[keyof typeof CUSTOMER_COLUMN_OF];

/** "First Name", "first-name", "FirstName" and "first_name" all read as first_name; "E-mail" as email. */
const squash = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_\-.]+/g, '');

/** Headers spreadsheets often use for a customer column (squashed). */
const ALIASES: Record<string, CustomerColumn> = {
  name: 'display_name',
  fullname: 'display_name',
  givenname: 'first_name',
  surname: 'last_name',
  familyname: 'last_name',
  mail: 'email',
  emailaddress: 'email',
  mobile: 'phone',
  mobilephone: 'phone',
  tel: 'phone',
  telephone: 'phone',
  phonenumber: 'phone',
  whatsapp: 'whatsapp_id',
  facebook: 'facebook_id',
  instagram: 'instagram_id',
  organization: 'company',
  organisation: 'company',
  postcode: 'zip',
  postalcode: 'zip',
  zipcode: 'zip',
  tag: 'tags',
  notes: 'note',
};

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
  const byHeader = new Map<string, Target>([
    ...Object.entries(ALIASES).map(([alias, column]) => [alias, { column }] as const),
    ...[...byKey].map(([key, target]) => [squash(key), target] as const),
  ]);
  return header.map((name) => {
    const chosen = mapping?.[name];
    if (chosen === '') return null;
    if (chosen !== undefined) {
      const target = byKey.get(chosen.replace(/^custom_fields\./, ''));
      if (!target) throw new AppError(400, 'import_unknown_column', { column: name, field: chosen });
      return target;
    }
    return byHeader.get(squash(name)) ?? null;
  });
}

/** Each column's target as the import reads it: a customer column, a custom field key, or '' (left out). */
export const targetKeys = (targets: (Target | null)[]) =>
  targets.map((target) => (!target ? '' : 'field' in target ? target.field.key : target.column));

export interface ImportState {
  workspaceId: string;
  locale: Locale;
  defaultCountry: string | null;
  /** the file's header, naming columns in the report as the file names them */
  header: string[];
  targets: (Target | null)[];
  options: Required<Pick<ImportOptions, 'match_by'>> & { on_match: 'fill_empty' | 'overwrite' | 'skip' };
  /** tag ids by lower-case name, filled as the import goes */
  tags: Map<string, string>;
  /** the first row of this import that gave each e-mail, phone or channel id (`column:value`) */
  firstRows: Map<string, number>;
}

/** A problem of one row in the catalogue's words: refused (`error`), or imported without a value (`warning`). */
export interface Issue {
  key: MessageKey;
  params: Record<string, string | number>;
}

/** A row that cannot be imported at all. */
export class RowProblem extends Error {
  readonly key: MessageKey;
  readonly params: Record<string, string | number>;
  /** the sentence already written, when it joins several */
  readonly text: string | undefined;

  constructor(key: MessageKey, params: Record<string, string | number> = {}, text?: string) {
    super(key);
    this.key = key;
    this.params = params;
    this.text = text;
  }

  reason(locale: Locale) {
    return this.text ?? translate(this.key, locale, this.params);
  }
}

/** One file row read into customer values, with the values it left out or changed. */
export interface ReadRow {
  values: Partial<Record<Column, string>>;
  custom: Record<string, unknown>;
  tags: string[];
  fingerprint: string;
  warnings: Issue[];
}

/** Text columns a value too long is cut to fit; any other column's bad value is left out whole. */
const CUT = new Set<string>([
  'first_name',
  'last_name',
  'display_name',
  'company',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'note',
]);
/** Columns any one of which identifies a customer. */
export const IDENTIFYING: Column[] = [
  'firstName',
  'lastName',
  'displayName',
  'email',
  'phone',
  'whatsappId',
  'facebookId',
  'instagramId',
];
const shape = updateCustomerBodySchema.shape;
/** A value as the report quotes it: at most 40 characters. */
const quoted = (value: string) => (value.length > 40 ? `${value.slice(0, 39)}…` : value);
/** The first `max` UTF-16 units, never ending inside a surrogate pair. */
const cut = (value: string, max: number) => value.slice(0, max).replace(/[\ud800-\udbff]$/, '');
const problemOf = (message: string, field: string): Issue =>
  isMessageKey(message) ? { key: message, params: { field } } : { key: 'field_invalid_type', params: { field } };

/**
 * Reads one row leniently: each value is checked alone, and one that cannot be kept (an invalid phone or e-mail,
 * a custom value of the wrong type, a channel id too long) is left out with a warning, a text too long is cut
 * with one; null for a row without any value. Throws `RowProblem` only for a row that, after that, holds nothing
 * that identifies a customer (a name, an e-mail, a phone or a channel id).
 */
export function readRow(cells: string[], state: ImportState): ReadRow | null {
  const warnings: Issue[] = [];
  const given: Partial<Record<CustomerColumn, { value: string; column: string }>> = {};
  const custom: Record<string, unknown> = {};
  let tags: string[] = [];
  let filled = false;
  const columnName = (index: number) => state.header[index]?.trim() || String(index + 1);
  state.targets.forEach((target, index) => {
    const raw = (cells[index] ?? '').replaceAll('\u0000', '').trim();
    // a file this app exported carries formula-like cells with a leading '; PostgreSQL text cannot hold NUL
    const cell = unescapeCell(raw);
    if (!target || cell === '') return;
    filled = true;
    const column = columnName(index);
    if (raw.startsWith('=') && raw.length > 1)
      warnings.push({ key: 'import_formula_as_text', params: { column, value: quoted(raw) } });
    if ('field' in target) {
      const read = readCustomValue(target.field, cell);
      if ('problem' in read)
        warnings.push({
          key: 'import_value_left_out',
          params: {
            column,
            value: quoted(cell),
            reason: translate(read.problem.key, state.locale, read.problem.params),
          },
        });
      else custom[target.field.key] = read.value;
    } else if (target.column === 'tags') {
      const names = cell
        .split(/[;,]/)
        .map((tag) => tag.trim())
        .filter(Boolean);
      const long = names.filter((tag) => tag.length > CUSTOMER_LIMITS.tagNameMax);
      if (long.length)
        warnings.push({
          key: 'import_tags_left_out',
          params: { tags: long.map(quoted).join(', '), reason: translate('tag_max', state.locale) },
        });
      tags = [...tags, ...names.filter((tag) => tag.length <= CUSTOMER_LIMITS.tagNameMax)];
    } else given[target.column] = { value: cell, column };
  });
  const extra = cells.slice(state.targets.length).filter((cell) => cell.trim() !== '').length;
  if (extra) warnings.push({ key: 'import_extra_cells', params: { count: extra } });
  if (!filled && !extra) return null;

  const values: Partial<Record<Column, string>> = {};
  for (const [name, { value, column }] of Object.entries(given) as [
    keyof typeof shape,
    { value: string; column: string },
  ][]) {
    let text = value;
    let parsed = shape[name].safeParse(text);
    const tooLong = !parsed.success && parsed.error.issues[0]?.code === 'too_big';
    if (tooLong && CUT.has(name)) {
      const max = Number((parsed.error!.issues[0] as { maximum?: number }).maximum ?? text.length);
      text = cut(text, max);
      parsed = shape[name].safeParse(text);
      if (parsed.success) warnings.push({ key: 'import_value_cut', params: { column, max } });
    }
    let result = parsed.success ? parsed.data : undefined;
    let problem = parsed.success
      ? null
      : name === 'email'
        ? ({ key: 'invalid_email_format', params: {} } as Issue)
        : problemOf(parsed.error.issues[0]!.message, name);
    if (name === 'phone' && typeof result === 'string') {
      const e164 = toE164(result, state.defaultCountry);
      if (e164) result = e164;
      else problem = { key: 'phone_invalid', params: {} };
    }
    if (problem) {
      warnings.push({
        key: 'import_value_left_out',
        params: { column, value: quoted(value), reason: translate(problem.key, state.locale, problem.params) },
      });
      continue;
    }
    const target = CUSTOMER_COLUMN_OF[name as keyof typeof CUSTOMER_COLUMN_OF];
    if (target && typeof result === 'string') values[target] = result;
  }

  if (!IDENTIFYING.some((column) => values[column])) {
    const dropped = warnings
      .filter((warning) => warning.key === 'import_value_left_out')
      .map((warning) => translate(warning.key, state.locale, warning.params));
    const nothing = translate('import_nothing_to_identify', state.locale);
    throw new RowProblem(
      'import_nothing_to_identify',
      {},
      dropped.length ? `${nothing} (${dropped.join('; ')})` : nothing,
    );
  }
  const fingerprint = createHash('sha256')
    .update(JSON.stringify(cells.map((cell) => cell.trim())))
    .digest('base64url');
  return { values, custom, tags, fingerprint, warnings };
}

/** The problems a row shows before it meets the organization's customers: its warnings, or why it is refused. */
export function rowIssues(cells: string[], state: ImportState): { reason: string; level: 'warning' | 'error' }[] {
  try {
    const row = readRow(cells, state);
    return (row?.warnings ?? []).map((issue) => ({
      reason: translate(issue.key, state.locale, issue.params),
      level: 'warning',
    }));
  } catch (error) {
    if (error instanceof RowProblem) return [{ reason: error.reason(state.locale), level: 'error' }];
    throw error;
  }
}
