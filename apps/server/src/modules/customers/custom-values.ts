import { CUSTOMER_LIMITS, type CustomFieldValue, type MessageKey } from '@omnichat/contracts';
import { AppError } from '../../platform/errors.ts';
import type { CustomerFieldRow } from './customers.tables.ts';

type FieldProblem = { key: MessageKey; params: Record<string, string | number> };

const isDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

const empty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * One value checked against its field's type: the value to store (null clears it), or the problem. Text
 * values from a file (import) are read into the field's type: "12.5" for a number, "yes"/"true"/"1" for a
 * boolean, "a; b" or "a, b" for a multiple select.
 */
export function readCustomValue(
  field: Pick<CustomerFieldRow, 'type' | 'options' | 'label'>,
  value: CustomFieldValue | undefined,
): { value: CustomFieldValue } | { problem: FieldProblem } {
  const name = { field: field.label };
  if (empty(value)) return { value: null };
  switch (field.type) {
    case 'text':
      if (typeof value === 'string' && value.length <= CUSTOMER_LIMITS.fieldTextMax) return { value: value.trim() };
      return { problem: { key: 'custom_field_not_text', params: { ...name, max: CUSTOMER_LIMITS.fieldTextMax } } };
    case 'number': {
      const number = typeof value === 'string' ? Number(value.trim()) : value;
      if (typeof number === 'number' && Number.isFinite(number)) return { value: number };
      return { problem: { key: 'custom_field_not_number', params: name } };
    }
    case 'date':
      if (typeof value === 'string' && isDate(value.trim())) return { value: value.trim() };
      return { problem: { key: 'custom_field_not_date', params: name } };
    case 'boolean': {
      if (typeof value === 'boolean') return { value };
      const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
      if (['true', 'yes', '1', 'y'].includes(text)) return { value: true };
      if (['false', 'no', '0', 'n'].includes(text)) return { value: false };
      return { problem: { key: 'custom_field_not_boolean', params: name } };
    }
    case 'single_select':
      if (typeof value === 'string' && field.options.includes(value.trim())) return { value: value.trim() };
      return { problem: { key: 'custom_field_not_option', params: { ...name, options: field.options.join(', ') } } };
    case 'multi_select': {
      const list = typeof value === 'string' ? value.split(/[;,]/) : value;
      const chosen = Array.isArray(list) ? [...new Set(list.map((item) => String(item).trim()).filter(Boolean))] : [];
      if (Array.isArray(list) && chosen.every((item) => field.options.includes(item))) return { value: chosen };
      return { problem: { key: 'custom_field_not_option', params: { ...name, options: field.options.join(', ') } } };
    }
    default:
      return { problem: { key: 'custom_field_unknown', params: name } };
  }
}

/**
 * The custom values of a write, checked against the organization's fields: the values to store (merged over
 * `current` for an update), or a 400 naming each bad value under `custom_fields.<key>`. A required field must
 * hold a value once the write is applied.
 */
export function checkCustomValues(
  fields: CustomerFieldRow[],
  values: Record<string, CustomFieldValue> | undefined,
  current: Record<string, unknown> = {},
): Record<string, unknown> {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const next: Record<string, unknown> = { ...current };
  const problems: Record<string, FieldProblem> = {};
  for (const [key, raw] of Object.entries(values ?? {})) {
    const field = byKey.get(key);
    if (!field) {
      problems[`custom_fields.${key}`] = { key: 'custom_field_unknown', params: { field: key } };
      continue;
    }
    const read = readCustomValue(field, raw);
    if ('problem' in read) problems[`custom_fields.${key}`] = read.problem;
    else if (read.value === null) delete next[key];
    else next[key] = read.value;
  }
  for (const field of fields) {
    if (field.required && empty(next[field.key]) && !problems[`custom_fields.${field.key}`])
      problems[`custom_fields.${field.key}`] = { key: 'custom_field_required', params: { field: field.label } };
  }
  const entries = Object.entries(problems);
  if (entries.length) {
    const [, first] = entries[0]!;
    throw new AppError(
      400,
      first.key,
      first.params,
      Object.fromEntries(entries.map(([path, problem]) => [path, problem])),
    );
  }
  // values of fields deleted since are dropped on the next write
  for (const key of Object.keys(next)) if (!byKey.has(key)) delete next[key];
  return next;
}
