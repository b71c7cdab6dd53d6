import { createHmac, randomBytes } from 'node:crypto';

/*
 * Stripe's wire format, for the fake Stripe API (`stripe-api.ts`): form bodies with bracket keys, ids with prefixes,
 * list objects, `expand[]`, the error body and the webhook signature.
 */

export type StripeObject = Record<string, unknown>;
type Form = { [key: string]: FormValue };
type FormValue = string | Form | FormValue[];

/** An error Stripe answers: the status and the `error` object (`type`, `code`, `message`, `param`, …). */
export class StripeFailure extends Error {
  readonly status: number;
  readonly error: StripeObject;
  constructor(status: number, error: StripeObject) {
    super(String(error.message));
    this.status = status;
    this.error = error;
  }
}

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeFailure(400, {
    type: 'invalid_request_error',
    message,
    ...(param !== undefined && { param }),
    ...(code !== undefined && { code }),
  });
export const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** `cus_Q8yH2v…`: the prefix and 24 base-62 characters, as Stripe's test ids look. */
export function stripeId(prefix: string, length = 24) {
  const bytes = randomBytes(length);
  return `${prefix}_${Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('')}`;
}

/**
 * `items[0][price]=p&expand[]=a&expand[]=b&metadata[tag]=pro` → `{ items: [{ price: 'p' }], expand: ['a', 'b'],
 * metadata: { tag: 'pro' } }`. Numeric and empty brackets make arrays, as Stripe reads them.
 */
export function parseForm(raw: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!parts) throw invalidRequest(`Invalid parameter name: ${key}`);
    const path = [parts[1]!, ...[...parts[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Form | FormValue[] = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const nextIsArray = !last && /^\d*$/.test(path[index + 1]!);
      const slot = Array.isArray(node) ? (segment === '' ? node.length : Number(segment)) : segment;
      const container = node as Record<string | number, FormValue>;
      if (last) container[slot] = value;
      else container[slot] ??= nextIsArray ? [] : {};
      node = container[slot] as Form | FormValue[];
    });
  }
  return root;
}

/** Reading form values as Stripe coerces them. */
export const form = {
  string(params: Form, name: string): string | undefined {
    const value = params[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${JSON.stringify(value)}`, name);
    return value;
  },
  int(params: Form, name: string): number | undefined {
    const value = params[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, name);
    return Number(value);
  },
  bool(params: Form, name: string): boolean | undefined {
    const value = params[name];
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, name);
    return value === 'true';
  },
  object(params: Form, name: string): Form | undefined {
    const value = params[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`Invalid hash`, name);
    return value;
  },
  array(params: Form, name: string): Form[] {
    const value = params[name];
    if (value === undefined || value === '') return [];
    const list = Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value) : null;
    if (!list) throw invalidRequest('Invalid array', name);
    return list.map((entry) => (typeof entry === 'object' && !Array.isArray(entry) ? entry : {}) as Form);
  },
  strings(params: Form, name: string): string[] {
    const value = params[name];
    if (value === undefined) return [];
    return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
  },
  /** Stripe refuses a parameter an endpoint does not take. */
  only(params: Form, allowed: string[]) {
    const unknown = Object.keys(params).find((name) => !allowed.includes(name) && name !== 'expand');
    if (unknown) throw invalidRequest(`Received unknown parameter: ${unknown}`, unknown);
  },
};
export type { Form };

/** `metadata[key]=value` merged into the old metadata; an empty value removes the key, an empty hash clears all. */
export function mergeMetadata(old: Record<string, string>, params: Form): Record<string, string> {
  const given = params.metadata;
  if (given === undefined) return old;
  if (given === '') return {};
  if (typeof given !== 'object' || Array.isArray(given)) throw invalidRequest('Invalid hash', 'metadata');
  const merged = { ...old };
  for (const [key, value] of Object.entries(given)) {
    if (value === '') delete merged[key];
    else merged[key] = String(value);
  }
  return merged;
}

/** A list object, newest first, paged with `limit` (default 10, at most 100) and `starting_after`/`ending_before`. */
export function listOf(all: StripeObject[], query: Form, url: string): StripeObject {
  const newestFirst = [...all].reverse();
  const limit = Math.min(Math.max(form.int(query, 'limit') ?? 10, 1), 100);
  const after = form.string(query, 'starting_after');
  const before = form.string(query, 'ending_before');
  let start = 0;
  let end = newestFirst.length;
  if (after) start = newestFirst.findIndex((o) => o.id === after) + 1;
  if (before)
    end = Math.max(
      newestFirst.findIndex((o) => o.id === before),
      0,
    );
  const page = before ? newestFirst.slice(Math.max(end - limit, 0), end) : newestFirst.slice(start, start + limit);
  const hasMore = before ? end - limit > 0 : start + limit < newestFirst.length;
  return { object: 'list', data: page, has_more: hasMore, url };
}

/**
 * Applies `expand[]` paths (`latest_invoice.payments`, `data.default_payment_method`) to a response: an id on the
 * path is replaced by its object; anything else cannot be expanded, as Stripe answers.
 */
export function expand(
  value: StripeObject,
  paths: string[],
  lookup: (id: string) => StripeObject | undefined,
): StripeObject {
  const walk = (node: unknown, segments: string[], path: string): unknown => {
    if (segments.length === 0) return node;
    if (Array.isArray(node)) return node.map((entry) => walk(entry, segments, path));
    if (node === null) return null;
    const [head, ...rest] = segments;
    const record = node as StripeObject;
    if (typeof node !== 'object' || !(head! in record))
      throw invalidRequest(`This property cannot be expanded (${path}).`, 'expand');
    let field = record[head!];
    if (typeof field === 'string') {
      const found = lookup(field);
      if (!found) throw invalidRequest(`This property cannot be expanded (${path}).`, 'expand');
      field = structuredClone(found);
    } else if (rest.length === 0 && field !== null && typeof field !== 'object')
      throw invalidRequest(`This property cannot be expanded (${path}).`, 'expand');
    record[head!] = walk(field, rest, path);
    return record;
  };
  for (const path of paths) walk(value, path.split('.'), path);
  return value;
}

/** `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`, Stripe's `Stripe-Signature` header. */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Adds calendar months or years in UTC, keeping the day of the month where it exists (Jan 31 + 1 month → Feb 28). */
export function addInterval(unix: number, interval: string, count: number): number {
  if (interval === 'day') return unix + count * 86_400;
  if (interval === 'week') return unix + count * 7 * 86_400;
  const date = new Date(unix * 1000);
  const months = interval === 'year' ? 12 * count : count;
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}
