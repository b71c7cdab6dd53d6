import { eq } from 'drizzle-orm';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import { systemAdmins } from '../src/platform/identity/admins.tables.ts';
import { users } from '../src/platform/identity/users.tables.ts';
import { bearer, json, type TestApp } from './test-app.ts';

export const PASSWORD = 'correct horse battery';
/** Hashing is deliberately slow; fixtures share one hash of PASSWORD. */
let passwordHash: Promise<string> | undefined;
const hashedPassword = () => (passwordHash ??= hashPassword(PASSWORD));
let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}${Math.floor(Math.random() * 1e6)}`;

/** A verified, active user, created straight in the database. */
export async function createUser(t: TestApp, overrides: Partial<typeof users.$inferInsert> = {}) {
  const username = overrides.username ?? unique('user');
  const [user] = await t.database.db
    .insert(users)
    .values({
      username,
      displayName: username,
      email: `${username}@example.com`,
      passwordHash: await hashedPassword(),
      emailVerified: true,
      ...overrides,
    })
    .returning();
  return user!;
}

export async function createAdmin(t: TestApp, overrides: Partial<typeof systemAdmins.$inferInsert> = {}) {
  const username = overrides.username ?? unique('admin');
  const [admin] = await t.database.db
    .insert(systemAdmins)
    .values({
      username,
      displayName: username,
      email: `${username}@example.com`,
      passwordHash: await hashedPassword(),
      ...overrides,
    })
    .returning();
  return admin!;
}

export async function loginUser(t: TestApp, login: string, password = PASSWORD): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/public/v1/auth/login',
    payload: { username_or_email: login, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return json(response).data.token;
}

export async function loginAdmin(t: TestApp, login: string, password = PASSWORD): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/public/v1/admin/auth/login',
    payload: { username_or_email: login, password },
  });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  return json(response).data.token;
}

/**
 * A user token as sign-in issues it, without the password check: argon2id is deliberately slow, and the fixtures
 * would otherwise spend most of a test's time on it (the sign-in route has tests of its own).
 */
export const signedIn = (t: TestApp, user: { id: string; tokenVersion: number }) =>
  t.tokens.sign({ sub: user.id, typ: 'user', ver: user.tokenVersion });

/** A user who owns a new organization, with a token bound to it. */
export async function createOwner(t: TestApp, name = unique('Org ')) {
  const user = await createUser(t);
  const userToken = await signedIn(t, user);
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/workspace',
    headers: bearer(userToken),
    payload: { name, time_zone: 'Asia/Hong_Kong' },
  });
  if (created.statusCode !== 200) throw new Error(`create workspace failed: ${created.body}`);
  const workspaceId: string = json(created).data.id;
  const refreshed = await t.app.inject({
    method: 'POST',
    url: '/public/v1/auth/refresh-token',
    payload: { token: userToken, workspace_id: workspaceId },
  });
  return { user, workspaceId, token: json(refreshed).data.token as string, userToken };
}

export async function userRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** Points the platform's mail at a plain SMTP server on 127.0.0.1:`port`, as a super admin does in the settings. */
export async function useSmtpServer(t: TestApp, port: number) {
  const root = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
  const response = await t.app.inject({
    method: 'PUT',
    url: '/v1/system-setting',
    headers: bearer(root),
    payload: {
      settings: [
        { key: 'smtp.host', value: '127.0.0.1' },
        { key: 'smtp.port', value: String(port) },
        { key: 'smtp.security', value: 'none' },
      ],
    },
  });
  if (response.statusCode !== 200) throw new Error(`SMTP settings refused: ${response.body}`);
}
