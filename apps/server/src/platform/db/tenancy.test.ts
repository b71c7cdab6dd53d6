import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import { users } from '../../modules/users/users.tables.ts';
import { workspaceMembers, workspaces } from '../../modules/workspaces/workspaces.tables.ts';
import type { Database } from './database.ts';

/** Drizzle wraps the driver's error; the database's own words are in its cause. */
async function refusedByRls(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (caught: Error) => caught,
  );
  expect(error, 'the statement was accepted').not.toBeNull();
  expect(String((error as Error & { cause?: Error }).cause?.message ?? error?.message)).toMatch(/row-level security/);
}

describe('row-level security', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const a = '00000000-0000-4000-8000-00000000000a';
  const b = '00000000-0000-4000-8000-00000000000b';
  let userId: string;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    const [user] = await database.db
      .insert(users)
      .values({ username: 'rls', displayName: 'rls', email: 'rls@example.com' })
      .returning();
    userId = user!.id;
    for (const id of [a, b]) {
      await database.withWorkspace(id, async (tx) => {
        await tx.insert(workspaces).values({ id, name: `ws ${id}`, timeZone: 'UTC' });
        await tx.insert(workspaceMembers).values({ workspaceId: id, userId, role: 'owner' });
      });
    }
  });
  afterAll(() => drop());

  it('runs as a role that does not bypass RLS', async () => {
    const result = await database.db.execute(
      sql`select rolbypassrls, rolsuper from pg_roles where rolname = current_user`,
    );
    const role = (result as unknown as { rows: { rolbypassrls: boolean; rolsuper: boolean }[] }).rows[0];
    expect(role).toEqual({ rolbypassrls: false, rolsuper: false });
  });

  it('shows no tenant rows to a query without the workspace setting', async () => {
    expect(await database.db.select().from(workspaces)).toEqual([]);
    expect(await database.db.select().from(workspaceMembers)).toEqual([]);
  });

  it('shows a workspace only its own rows', async () => {
    const seen = await database.withWorkspace(a, (tx) => tx.select().from(workspaceMembers));
    expect(seen.map((row) => row.workspaceId)).toEqual([a]);
  });

  it('refuses to insert into another workspace, and the row does not appear', async () => {
    await refusedByRls(
      database.withWorkspace(a, (tx) => tx.insert(workspaceMembers).values({ workspaceId: b, userId, role: 'viewer' })),
    );
    await refusedByRls(database.db.insert(workspaces).values({ name: 'no setting', timeZone: 'UTC' }));
    const bRows = await database.withWorkspace(b, (tx) => tx.select().from(workspaceMembers));
    expect(bRows.map((row) => row.role)).toEqual(['owner']);
  });

  it('refuses to move a row into another workspace', async () => {
    await refusedByRls(database.withWorkspace(a, (tx) => tx.update(workspaceMembers).set({ workspaceId: b })));
  });

  it('lets only the named cross-tenant helper see every workspace', async () => {
    const all = await database.unsafeCrossTenant('test', (tx) => tx.select().from(workspaces));
    expect(all.map((row) => row.id).sort()).toEqual([a, b]);
  });

  it('forces RLS on every table that has a workspace_id column', async () => {
    const result = await database.unsafeCrossTenant('test', (tx) =>
      tx.execute(sql`
        select c.relname, c.relrowsecurity, c.relforcerowsecurity from pg_class c
        join information_schema.columns col on col.table_name = c.relname and col.table_schema = 'public'
        where col.column_name = 'workspace_id' and c.relkind = 'r'`),
    );
    const rows = (
      result as unknown as { rows: { relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }[] }
    ).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row, row.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
  });
});
