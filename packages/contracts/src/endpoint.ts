import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call as both sides know it: the server registers its route from it (validation and documentation),
 * the web client calls it (types and runtime parsing of the answer). `path` uses `:name` for path parameters.
 */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** the envelope's `data` */
  response: z.ZodType;
  /** answers `page` (PageInfo) beside `data` */
  paged?: boolean;
  summary: string;
}

/** Declares an endpoint, keeping its exact schemas in the type. */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

type Input<S> = S extends z.ZodType ? z.input<S> : never;
/** What a caller passes: path parameters, query and body, each only when the endpoint has them. */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType ? { params: Input<E['params']> } : object) &
  (E['query'] extends z.ZodType ? { query: Input<E['query']> } : object) &
  (E['body'] extends z.ZodType ? { body: Input<E['body']> } : object);
/** The parsed `data` of an endpoint's answer. */
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** `path` with its `:name` parameters filled in (encoded). */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
