import { baseUrl, mailedLink, unique } from './support.ts';

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

/** A signed-up user who verified their e-mail through the mailed link, in no organization yet. */
export async function verifiedUser(prefix: string, displayName: string) {
  const username = unique(prefix);
  const password = `${prefix} password 1`;
  await api('POST', '/public/v1/auth/register', {
    username,
    display_name: displayName,
    email: `${username}@example.com`,
    password,
    confirm_password: password,
  });
  await api('POST', '/public/v1/auth/verify', {
    token: new URL(await mailedLink('/auth/verify', `${username}@example.com`)).searchParams.get('token'),
  });
  return { username, password };
}

/** A verified owner of a new organization in Hong Kong (phone numbers without a country code read as +852). */
export async function verifiedOwner(prefix: string, organization: string) {
  const { username, password } = await verifiedUser(prefix, 'Carol Owner');
  const login = await api<{ token: string }>('POST', '/public/v1/auth/login', {
    username_or_email: username,
    password,
  });
  const workspace = await api<{ id: string }>(
    'POST',
    '/v1/workspace',
    { name: organization, time_zone: 'Asia/Hong_Kong' },
    login.token,
  );
  const { token } = await api<{ token: string }>('POST', '/public/v1/auth/refresh-token', {
    token: login.token,
    workspace_id: workspace.id,
  });
  return { username, password, token };
}
