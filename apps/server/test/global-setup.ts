import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratedSnapshot, openDatabase } from '../src/platform/db/database.ts';
// the ProvidedContext keys are declared beside their readers
import type {} from './test-app.ts';

const adminQuery = async (serverUrl: string, statement: string) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

/**
 * Migrates once per run instead of once per test file: a PGlite snapshot file, or a PostgreSQL template database
 * (`CREATE DATABASE … TEMPLATE` copies it in a fraction of the time migrations take).
 */
export async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'omnichat-snapshot-'));
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await (await migratedSnapshot()).arrayBuffer()));
    project.provide('pgliteSnapshot', file);
    project.provide('postgresTemplate', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const name = `omnichat_template_${randomBytes(5).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // migrated and given its tenancy policies by the app's own code, then closed: a template must have no session
  await (await openDatabase({ databaseUrl: url.toString() })).close();
  project.provide('postgresTemplate', name);
  project.provide('pgliteSnapshot', '');
  return async () => {
    // the databases the workers kept for reuse are named after the template
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    const leased = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE '${name}\\_%'`,
    );
    await client.end();
    for (const { datname } of leased.rows)
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
