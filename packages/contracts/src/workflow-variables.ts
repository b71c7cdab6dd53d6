/**
 * Variables in a workflow's texts: `{{customer.first_name}}`, `{{message.text}}`, `{{webhook.body.order.id}}`,
 * `{{steps.<node id>.body.x}}`. A variable is a dotted path into the run's scope; one that does not exist becomes
 * empty and is reported, so the execution log can show it. Shared by the server (runs, e-mails) and the builder
 * (previews).
 */
const VARIABLE = /\{\{\s*([\w.-]+)\s*\}\}/g;

export type VariableScope = Record<string, unknown>;

/** The value at a dotted path (`a.b.0.c`), or undefined. */
export function valueAt(scope: unknown, path: string): unknown {
  let value: unknown = scope;
  for (const part of path.split('.')) {
    if (value === null || value === undefined || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** A value as text: strings as they are, numbers and booleans written out, objects as JSON, nothing as ''. */
export function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export interface Rendered {
  text: string;
  /** variables named that do not exist in the scope, each once */
  missing: string[];
}

/** `text` with its variables replaced by their values in `scope`; `encode` encodes each value (JSON, HTML). */
export function renderVariables(text: string, scope: VariableScope, encode?: (value: string) => string): Rendered {
  const missing = new Set<string>();
  const rendered = text.replace(VARIABLE, (_, path: string) => {
    const value = valueAt(scope, path);
    if (value === undefined) missing.add(path);
    const plain = asText(value);
    return encode ? encode(plain) : plain;
  });
  return { text: rendered, missing: [...missing] };
}

/** The variables a text names, each once, in order. */
export const variablesIn = (text: string): string[] => [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!))];

/** The customer fields offered as variables in the builder and in e-mail templates. */
export const CUSTOMER_VARIABLES = [
  'customer.first_name',
  'customer.last_name',
  'customer.display_name',
  'customer.company',
  'customer.email',
  'customer.phone',
  'customer.city',
  'customer.country',
] as const;
