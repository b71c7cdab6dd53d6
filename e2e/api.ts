import { baseUrl } from './support.ts';

/** A call to the server under test, for setting the scene faster than through the UI. */
export async function api<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; data: T; error?: string };
  if (!envelope.success) throw new Error(`${method} ${path}: ${response.status} ${envelope.error}`);
  return envelope.data;
}
