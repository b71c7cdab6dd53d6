/** Lenient reading of Meta's JSON: a field of the wrong kind reads as absent, never as an error. */
export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` when it is an object, else an empty one. */
export const objectOf = (value: unknown): Json => (isObject(value) ? value : {});

/** `value`'s objects when it is an array, else none. */
export const objectsOf = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** The first of `values` that is a non-empty string (a number is taken as its digits). */
export function firstText(...values: unknown[]): string | null {
  for (const value of values) {
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

/** An id: a non-empty string, or a number Meta wrote unquoted. */
export const idOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

/** `value`'s own object under `key`, or `{ [key]: value }` when it is an array or a plain value (content is an object). */
export function contentOf(key: string, value: unknown): Json {
  if (isObject(value)) return value;
  return value === undefined || value === null ? {} : { [key]: value };
}

/**
 * Meta's JSON parsed with its long numbers kept exact: an integer beyond JavaScript's exact ones (a template id of
 * up to 19 digits in a template webhook) comes back as its digits, a string, never through a float.
 */
export function parseExactJson(text: string): unknown {
  return JSON.parse(text, function (this: unknown, _key: string, value: unknown, context?: { source?: string }) {
    if (typeof value === 'number' && !Number.isSafeInteger(value) && context?.source && /^-?\d+$/.test(context.source))
      return context.source;
    return value;
  } as (key: string, value: unknown) => unknown);
}
