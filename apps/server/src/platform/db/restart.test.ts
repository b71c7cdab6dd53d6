import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jwtSecret } from '../auth/jwt-secret.ts';
import { users } from '../identity/users.tables.ts';
import { openDatabase } from './database.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'omnichat-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database across restarts', () => {
  it('reopens a migrated folder with its data and the generated JWT secret', async () => {
    const first = await openDatabase({ dataDir });
    await first.db.insert(users).values({ username: 'kept', displayName: 'Kept', email: 'kept@example.com' });
    const secret = await jwtSecret(first, undefined);
    await first.close();

    const second = await openDatabase({ dataDir });
    expect((await second.db.select().from(users)).map((u) => u.username)).toEqual(['kept']);
    expect(await jwtSecret(second, undefined)).toBe(secret);
    await second.close();
  });
});
