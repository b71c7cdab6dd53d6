import pg from 'pg';
import { inject } from 'vitest';
import { type Database, newPglite, openDatabase } from '../src/platform/db/database.ts';
import { APP_ROLE } from '../src/platform/db/tenancy.ts';
import { createPostgresDatabase, migrated } from './test-app.ts';

/** A test database kept for the next test of this worker. */
interface Pooled {
  database: Database;
  /** back to the state after migrations */
  reset(): Promise<void>;
  dispose(): Promise<void>;
}

const free: Pooled[] = [];

/**
 * One statement that empties the application tables a test wrote to, puts back the rows migrations seeded and
 * restarts every sequence: read as the owner (a superuser, past RLS) of a freshly migrated database. Only the
 * tables that hold rows are emptied (a test touches a few of sixty), by DELETE with triggers off: a TRUNCATE makes
 * new files for each table and its indexes, which cost more than most tests (a reset 150 → 3 ms on PostgreSQL).
 */
async function resetStatement(rows: <T>(text: string) => Promise<T[]>): Promise<string> {
  const tables = (
    await rows<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'drizzle%'`,
    )
  ).map((row) => row.name);
  const sequences = await rows<{ name: string; start: string }>(
    `select format('%I.%I', schemaname, sequencename) as name, start_value::text as start from pg_sequences
     where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'drizzle%'`,
  );
  const seeded: string[] = [];
  const seeds: string[] = [];
  for (const table of tables) {
    const [found] = await rows<{ rows: unknown[] | null }>(`select json_agg(t) as rows from ${table} t`);
    if (!found?.rows?.length) continue;
    seeded.push(table);
    const literal = JSON.stringify(found.rows).replaceAll("'", "''");
    seeds.push(
      `insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, '${literal}')`,
    );
  }
  const quoted = (names: string[]) => names.map((name) => `'${name.replaceAll("'", "''")}'`).join(', ');
  const empty = `DO $$
DECLARE
  table_name text;
  written boolean;
  dirty text[] := array[${quoted(seeded)}]::text[];
BEGIN
  FOREACH table_name IN ARRAY array[${quoted(tables.filter((table) => !seeded.includes(table)))}]::text[] LOOP
    EXECUTE format('select exists (select 1 from %s)', table_name) INTO written;
    IF written THEN dirty := dirty || table_name; END IF;
  END LOOP;
  -- in any order, foreign-key triggers off: a table whose rows point at a deleted one holds rows too, so goes too
  PERFORM set_config('session_replication_role', 'replica', true);
  FOREACH table_name IN ARRAY dirty LOOP
    EXECUTE format('delete from %s', table_name);
  END LOOP;
END $$`;
  const restart = sequences.length
    ? `select ${sequences.map(({ name, start }) => `setval('${name.replaceAll("'", "''")}', ${start}, false)`).join(', ')}`
    : '';
  return [empty, ...seeds, restart].filter(Boolean).join(';\n');
}

async function pooledPglite(): Promise<Pooled> {
  const client = newPglite({ loadDataDir: await migrated() });
  await client.waitReady;
  const statement = await resetStatement(async (text) => (await client.query(text)).rows as never[]);
  const database = await openDatabase({ embedded: client });
  return {
    database,
    // the one connection acts as the application role: as the owner in between
    reset: async () => void (await client.exec(`RESET ROLE; ${statement}; SET ROLE ${APP_ROLE};`)),
    dispose: () => database.close(),
  };
}

async function pooledPostgres(serverUrl: string): Promise<Pooled> {
  const template = inject('postgresTemplate');
  // named after the run's template, so the run's teardown drops whatever a worker still held
  const created = await createPostgresDatabase(serverUrl, template || 'omnichat_test', template || undefined);
  const database = await openDatabase({ databaseUrl: created.url });
  const owner = new pg.Client({ connectionString: created.url });
  await owner.connect();
  const statement = await resetStatement(async (text) => (await owner.query(text)).rows);
  return {
    database,
    reset: async () => void (await owner.query(statement)),
    dispose: async () => {
      await owner.end();
      await database.close();
      await created.drop();
    },
  };
}

/**
 * A migrated, empty database for one test app, reused by the worker's next test once `release` emptied it. A test
 * that closes the database itself gets it discarded instead.
 */
export async function leaseDatabase(): Promise<{ database: Database; release(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  const pooled = free.pop() ?? (await (serverUrl ? pooledPostgres(serverUrl) : pooledPglite()));
  let closed = false;
  let released = false;
  const database: Database = {
    ...pooled.database,
    close: async () => {
      closed = true;
      await pooled.dispose();
    },
  };
  return {
    database,
    async release() {
      if (closed || released) return;
      released = true;
      try {
        await pooled.reset();
        free.push(pooled);
      } catch (error) {
        console.warn('test database not reusable, discarded:', error);
        await pooled.dispose().catch(() => undefined);
      }
    },
  };
}
