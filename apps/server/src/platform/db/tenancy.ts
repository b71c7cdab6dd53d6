/**
 * Row-level security for tenant tables, applied after every migration so a new table cannot be forgotten:
 * every table in `public` with a `workspace_id` column (and `workspaces` itself, on `id`) gets RLS enabled
 * and FORCED, with one policy comparing the row to the transaction's `app.workspace_id`.
 *
 * The application runs as APP_ROLE (no BYPASSRLS). The one cross-tenant path switches, inside its own
 * transaction, to SYSTEM_ROLE (BYPASSRLS): see `unsafeCrossTenant` in database.ts.
 */
export const APP_ROLE = 'omnichat_app';
export const SYSTEM_ROLE = 'omnichat_system';

const CURRENT_WORKSPACE = `nullif(current_setting('app.workspace_id', true), '')::uuid`;

/** Tables keyed on a column other than workspace_id. */
const KEYED_ON: Record<string, string> = { workspaces: 'id' };

export interface SqlRunner {
  exec(sql: string): Promise<void>;
  rows<T>(sql: string): Promise<T[]>;
}

const createRole = (name: string, attributes: string) => `
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${name}') THEN
    CREATE ROLE ${name} NOLOGIN ${attributes};
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;`;

export async function applyTenancy(db: SqlRunner): Promise<string[]> {
  await db.exec(createRole(APP_ROLE, 'NOBYPASSRLS'));
  await db.exec(createRole(SYSTEM_ROLE, 'BYPASSRLS'));
  // The connecting user must be able to SET ROLE to both (a superuser already can).
  await db.exec(`GRANT ${APP_ROLE}, ${SYSTEM_ROLE} TO CURRENT_USER`).catch(() => undefined);
  await db.exec(`
    GRANT USAGE ON SCHEMA public TO ${APP_ROLE}, ${SYSTEM_ROLE};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}, ${SYSTEM_ROLE};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}, ${SYSTEM_ROLE};`);

  const tenantTables = await db.rows<{ table_name: string; column_name: string }>(`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      AND ((c.column_name = 'workspace_id' AND c.table_name <> 'workspaces')
        OR (c.table_name = 'workspaces' AND c.column_name = 'id'))
    ORDER BY c.table_name`);
  const existing = new Set(
    (
      await db.rows<{ tablename: string }>(
        `SELECT tablename FROM pg_policies WHERE schemaname = 'public' AND policyname = 'tenant_isolation'`,
      )
    ).map((row) => row.tablename),
  );
  for (const { table_name: table, column_name: column } of tenantTables) {
    if (KEYED_ON[table] && KEYED_ON[table] !== column) continue;
    await db.exec(`ALTER TABLE "${table}" ENABLE ROW LEVEL SECURITY; ALTER TABLE "${table}" FORCE ROW LEVEL SECURITY;`);
    if (!existing.has(table)) {
      await db.exec(
        `CREATE POLICY tenant_isolation ON "${table}" USING ("${column}" = ${CURRENT_WORKSPACE}) WITH CHECK ("${column}" = ${CURRENT_WORKSPACE})`,
      );
    }
  }
  return tenantTables.map((row) => row.table_name);
}
