import { randomUUID } from 'node:crypto';

/**
 * The OpenAPI document as the fuzz test reads it: routes with their parameters and body schemas, valid values
 * built from a schema, the largest valid ones, and the hostile values tried in each place.
 */

// JSON schema as fastify-type-provider-zod writes it into the OpenAPI document
export interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
export interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: string[];
  query: { name: string; schema: Schema }[];
  body?: Schema;
}
export type Path = (string | number)[];

export const MB = 1024 * 1024;
/** Values for body fields: wrong types, boundaries, characters PostgreSQL refuses, sizes, injection attempts. */
export const BODY_VALUES: unknown[] = [
  'a\u0000b',
  '\ud800',
  'x\udfff',
  'x'.repeat(MB),
  '',
  ' ',
  "' OR 1=1; DROP TABLE users; --",
  '"; SELECT pg_sleep(10); --',
  '\u202e<script>alert(1)</script>',
  2 ** 31,
  2 ** 53,
  1e300,
  -1,
  0.5,
  [],
  ['a', 'b'],
  ['a\u0000'],
  {},
  { $ne: null },
  null,
  true,
  false,
];
/** Raw query string values (already URL-encoded): NUL, invalid UTF-8, bad escapes, numbers past every limit. */
export const QUERY_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%',
  '%ZZ',
  'x'.repeat(MB),
  '',
  '2147483648',
  '9007199254740993',
  '1e300',
  '-1',
  '0.5',
  'NaN',
  'Infinity',
  'null',
  'true',
  "'%20OR%201%3D1--",
  '..%2F..%2Fetc%2Fpasswd',
];
/** Raw path parameter values (already URL-encoded). */
export const PATH_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%',
  '%ZZ',
  'x'.repeat(600),
  'x'.repeat(100_000),
  '2147483648',
  '-1',
  '1e300',
  'null',
  'true',
  '%F0%9F%98%80',
  '..%2F..%2Fetc%2Fpasswd',
  "'%20OR%201%3D1--",
  '00000000-0000-0000-0000-000000000000',
];
export const RAW_BODIES = [
  '{bad json',
  '[]',
  '"text"',
  '12',
  'null',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a":'.repeat(5000),
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
];

/** makes names and addresses unique across the whole run */
let counter = 0;

export function discover(doc: { paths: Record<string, Record<string, Operation>> }): Route[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase() as Route['method'],
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
}

/** The schema itself, or its first option that is not null. */
export function concrete(schema: Schema): Schema {
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) return concrete(options.find((option) => option.type !== 'null') ?? options[0] ?? {});
  return schema;
}
export const typeOf = (schema: Schema) =>
  (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type) ??
  (schema.properties ? 'object' : schema.items ? 'array' : 'string');

/** A valid value for a schema; `name` picks a fitting string where the schema cannot say (e-mail, time zone). */
export function valid(raw: Schema, name = ''): unknown {
  const schema = concrete(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, sub]) => [key, valid(sub, key)]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => valid(schema.items ?? {}, name));
    case 'boolean':
      return true;
    case 'integer':
    case 'number': {
      if (typeof schema.default === 'number') return schema.default;
      const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
      const floor = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : min;
      return typeof schema.maximum === 'number' ? Math.min(floor, schema.maximum) : floor;
    }
    default: {
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'email' || /e-?mail|^to$/i.test(name)) return `fuzz${++counter}@example.com`;
      if (/time_?zone|identifier/i.test(name)) return 'Asia/Hong_Kong';
      // unique where the schema asks for a name; the same text elsewhere, so "confirm" fields match
      let text = /^(username|name)$/i.test(name) ? `fuzz${++counter}` : 'FuzzValue123';
      if (schema.minLength && text.length < schema.minLength) text = text.padEnd(schema.minLength, 'x');
      return schema.maxLength ? text.slice(0, schema.maxLength) : text;
    }
  }
}

/**
 * A valid value as large as the schema allows (strings at their longest, at most 1 MB; numbers at their maximum;
 * arrays full): what passes validation must also fit the database.
 */
export function largest(raw: Schema, name = ''): unknown {
  const schema = concrete(raw);
  if (schema.const !== undefined || schema.enum?.length) return valid(schema, name);
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, sub]) => [key, largest(sub, key)]));
    case 'array':
      return Array.from({ length: Math.min(schema.maxItems ?? 1000, 1000) }, () => largest(schema.items ?? {}, name));
    case 'integer':
    case 'number':
      return Math.min(schema.maximum ?? 2 ** 31 - 1, Number.MAX_SAFE_INTEGER);
    case 'string': {
      const sample = valid(schema, name) as string;
      if (schema.format) return sample;
      const length = Math.min(schema.maxLength ?? 10_000, MB);
      if (sample.includes('@')) return `${'x'.repeat(Math.max(1, Math.min(64, length - 12)))}@example.com`;
      return sample.padEnd(length, 'x');
    }
    default:
      return valid(schema, name);
  }
}

/** Every field path of a body schema, nested objects and the first item of arrays included. */
export function fieldPaths(raw: Schema, prefix: Path = []): Path[] {
  const schema = concrete(raw);
  const type = typeOf(schema);
  if (type === 'object')
    return Object.entries(schema.properties ?? {}).flatMap(([key, sub]) => [
      [...prefix, key],
      ...fieldPaths(sub, [...prefix, key]).filter((path) => path.length > prefix.length + 1),
    ]);
  if (type === 'array' && schema.items) return [[...prefix, 0], ...fieldPaths(schema.items, [...prefix, 0])];
  return [];
}

/** `base` with `value` at `path`; arrays on the way get a valid first item. */
export function withValue(schema: Schema, base: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const s = concrete(schema);
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(base) ? [...base] : [];
    const itemSchema = s.items ?? {};
    list[head] = withValue(itemSchema, list[head] ?? valid(itemSchema), rest, value);
    return list;
  }
  const object = { ...(base as Record<string, unknown>) };
  const sub = s.properties?.[head as string] ?? {};
  object[head as string] = withValue(sub, object[head as string] ?? valid(sub, head as string), rest, value);
  return object;
}

export const queryString = (pairs: [string, string][]) =>
  pairs.length ? `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${value}`).join('&')}` : '';
export const validQuery = (route: Route): [string, string][] =>
  route.query.map(({ name, schema }) => [name, encodeURIComponent(String(valid(schema, name)))]);
export const fillPath = (route: Route, values: Record<string, string>) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? randomUUID());
