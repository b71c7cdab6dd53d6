import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import { users } from '../identity/users.tables.ts';
import { workspaceMembers, workspaces } from '../identity/workspaces.tables.ts';
import type { Database } from './database.ts';
import { MIGRATIONS_TABLE, PLATFORM_TABLES } from './platform-tables.ts';

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

  it('makes every table tenant-scoped with forced RLS, or names it as a platform table', async () => {
    const result = await database.unsafeCrossTenant('test', (tx) =>
      tx.execute(sql`
        select c.relname, c.relrowsecurity, c.relforcerowsecurity,
          exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname
            and p.policyname = 'tenant_isolation') as policy
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname <> ${MIGRATIONS_TABLE}
        order by c.relname`),
    );
    const rows = (
      result as unknown as {
        rows: { relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean; policy: boolean }[];
      }
    ).rows;
    const unscoped = rows
      .filter((row) => !(row.relrowsecurity && row.relforcerowsecurity && row.policy))
      .map((row) => row.relname);
    const tenant = rows.map((row) => row.relname).filter((name) => !unscoped.includes(name));
    expect(tenant).toContain('workspace_members');
    // A table neither tenant-scoped nor allowlisted: add workspace_id, or a reviewed entry in platform-tables.ts.
    expect(unscoped.sort()).toEqual(Object.keys(PLATFORM_TABLES).sort());
    // An allowlisted table that became tenant-scoped should leave the list.
    expect(tenant.filter((name) => name in PLATFORM_TABLES)).toEqual([]);
  });

  it('refuses the outer db inside an open transaction instead of deadlocking', async () => {
    const message = "database.db used inside an open transaction: use the transaction's tx";
    await expect(database.withWorkspace(a, () => database.db.select().from(users))).rejects.toThrow(message);
    await expect(database.unsafeCrossTenant('test', () => database.db.select().from(users))).rejects.toThrow(message);
    await expect(database.db.transaction(() => database.db.select().from(users))).rejects.toThrow(message);
    const db = database.db;
    await expect(database.withWorkspace(a, () => db.select().from(users))).rejects.toThrow(message);
    await expect(database.withWorkspace(a, () => database.withWorkspace(b, async () => 1))).rejects.toThrow(message);
    // Outside, and after, the outer db works.
    expect((await database.db.select().from(users)).length).toBe(1);
    expect(await database.withWorkspace(a, async (tx) => (await tx.select().from(users)).length)).toBe(1);
  });

  it('logs the reason of every cross-tenant transaction', async () => {
    const lines: unknown[] = [];
    database.useLogger({ debug: (object, message) => lines.push([object, message]), error: () => undefined });
    await database.unsafeCrossTenant('a reason worth reading', async () => undefined);
    expect(lines).toEqual([[{ reason: 'a reason worth reading' }, 'cross-tenant transaction']]);
  });
});
