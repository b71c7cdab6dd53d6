import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { APP_ROLE, applyTenancy, type SqlRunner, SYSTEM_ROLE } from './tenancy.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  /** Platform tables (users, admins, settings): no tenant data, no RLS. Tenant tables answer no rows here. */
  readonly db: Db;
  /**
   * Runs `work` in a transaction that only sees and writes rows of `workspaceId` (enforced by RLS). An `opening`
   * query (a member request's principal) rides in the round trip of `BEGIN` and the tenancy setting on PostgreSQL;
   * `work` gets its rows.
   */
  withWorkspace<T>(workspaceId: string, work: (tx: Tx, opened: OpenedRows) => Promise<T>, opening?: SQL): Promise<T>;
  /**
   * Runs `work` in a transaction that sees every organization's rows. Only for the few paths that must
   * cross tenants (system admin, a user's own memberships, webhook routing); `reason` names the path.
   */
  unsafeCrossTenant<T>(reason: string, work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Reads or writes platform tables (no RLS: settings, users) in the transaction open in this async context when
   * there is one (a member request's), so it commits with it and never waits for it; on the pool otherwise.
   */
  platform<T>(work: (db: Db | Tx) => Promise<T>): Promise<T>;
  readonly kind: 'pglite' | 'postgres';
  /**
   * Calls `onNotify` with its payload on every NOTIFY of `channel` from any process (PostgreSQL: a dedicated
   * connection, reconnected with backoff after a loss, calling `onNotify` without a payload once reconnected to
   * catch up; PGlite: the one connection).
   * Answers the function that stops listening.
   */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs `callback` once the transaction open in the current async context commits (never when it rolls back):
   * pushes and cache invalidations that must not announce a change before others can read it. Throws outside a
   * transaction.
   */
  afterCommit(callback: () => void): void;
  /**
   * The transaction open in this async context (its savepoints included) as an opaque key, or null: what a
   * service keeps per transaction (the event bus: one delivery job per listener a transaction extends).
   */
  transactionKey(): object | null;
  /** Where `unsafeCrossTenant` logs its reason (debug level); the app passes its logger once built. */
  useLogger(logger: DatabaseLogger): void;
  close(): Promise<void>;
}

/** Rows as the driver answers them (column names as keys, JSON and arrays parsed, timestamps of `to_json` as text). */
export type OpenedRows = Record<string, unknown>[];

export interface DatabaseLogger {
  debug(object: object, message: string): void;
  error(object: object, message: string): void;
}

export const OUTER_DB_IN_TRANSACTION = "database.db used inside an open transaction: use the transaction's tx";
export const AFTER_COMMIT_OUTSIDE = 'afterCommit called outside a transaction';

/** What the current async context knows of its open transaction. */
interface OpenTransaction {
  tx: Tx;
  /** the organization it is scoped to; null for a platform or cross-tenant one */
  workspaceId: string | null;
  afterCommit: (() => void)[];
  /** set once it committed or rolled back */
  ended?: boolean;
}

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../drizzle');
const MIGRATION_LOCK = 727_001;

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder of the embedded database; omitted means in memory (tests). */
  dataDir?: string;
  /** An in-memory database starts as a copy of this migrated snapshot (see `migratedSnapshot`). */
  snapshot?: Blob;
  /** An embedded database already open and migrated (tests keep one per worker and empty it between tests). */
  embedded?: PGlite;
}

/** An embedded PostgreSQL with the extensions the migrations create (pg_trgm for customer search). */
export const newPglite = (options: PGliteOptions = {}) => new PGlite({ ...options, extensions: { pg_trgm } });

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.snapshot, options.embedded);
}

/** A migrated, empty embedded database as a tarball, so many short-lived databases skip the migrations. */
export async function migratedSnapshot(): Promise<Blob> {
  const client = newPglite();
  await migrateEmbedded(client);
  const snapshot = await client.dumpDataDir('none');
  await client.close();
  return snapshot;
}

async function migrateEmbedded(client: PGlite) {
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS });
  await applyTenancy({
    exec: async (text) => void (await client.exec(text)),
    rows: async <T>(text: string) => (await client.query<T>(text)).rows,
  });
}

/** How a database LISTENs: a dedicated connection on PostgreSQL, the one connection on PGlite. */
type Listen = (
  channel: string,
  onNotify: (payload?: string) => void,
  log: () => DatabaseLogger | undefined,
) => Promise<() => Promise<void>>;

/**
 * Opens a transaction whose first statements (the tenancy setting, a role, an opening query) run right after `BEGIN`:
 * in the same round trip on PostgreSQL. `work` gets the rows of the last one.
 */
type Begin = <T>(first: SQL[], work: (tx: Tx, opened: OpenedRows) => Promise<T>) => Promise<T>;

const rowsOf = async (tx: Tx, statement: SQL) =>
  ((await tx.execute(statement)) as unknown as { rows: OpenedRows }).rows;

/** `BEGIN` and the first statements one after another in the transaction (PGlite: no round trips to save). */
const beginInTurn =
  (raw: Db): Begin =>
  (first, work) =>
    raw.transaction(async (tx) => {
      let opened: OpenedRows = [];
      for (const statement of first) opened = await rowsOf(tx, statement);
      return work(tx, opened);
    });

/**
 * `db` refuses to run while a transaction of the same Database is open in the current async context: on PGlite
 * (one connection) the query would wait forever for the transaction waiting for it; on PostgreSQL it would
 * commit apart from the transaction. Inside a transaction, use its `tx`; a `withWorkspace` of the same organization
 * joins it, `unsafeCrossTenant` runs in a savepoint as the system role, and `platform` uses it.
 */
function scoped(
  raw: Db,
  kind: Database['kind'],
  close: () => Promise<void>,
  listen: Listen,
  begin: Begin = beginInTurn(raw),
): Database {
  const storage = new AsyncLocalStorage<OpenTransaction>();
  // Work scheduled from inside a transaction (a timer, a listener woken by its statements) inherits its async
  // context and may run after it ended: an ended transaction counts as none, not as one to join.
  const open = {
    run: <T>(state: OpenTransaction, work: () => T) => storage.run(state, work),
    getStore: () => {
      const state = storage.getStore();
      return state && !state.ended ? state : undefined;
    },
  };
  let logger: DatabaseLogger | undefined;
  const committed = (transaction: OpenTransaction) => {
    for (const callback of transaction.afterCommit) {
      try {
        callback();
      } catch (error) {
        logger?.error({ err: error }, 'after-commit callback failed');
      }
    }
  };
  const transaction = async <T>(
    opened: (run: (tx: Tx, rows: OpenedRows) => Promise<T>) => Promise<T>,
    workspaceId: string | null,
    work: (tx: Tx, rows: OpenedRows) => Promise<T>,
  ): Promise<T> => {
    let state: OpenTransaction | undefined;
    try {
      const result = await opened((tx, rows) => {
        state = { tx, workspaceId, afterCommit: [] };
        return open.run(state, () => work(tx, rows));
      });
      if (state) committed(state);
      return result;
    } finally {
      if (state) state.ended = true;
    }
  };
  /** `setup` scopes the transaction (tenancy or role); `opening`, when given, is the first query of `work`. */
  const inTransaction = async <T>(
    workspaceId: string | null,
    setup: SQL,
    opening: SQL | undefined,
    work: (tx: Tx, opened: OpenedRows) => Promise<T>,
  ) => {
    const current = open.getStore();
    // a service called from inside the request's transaction for the same organization joins it
    if (current && workspaceId && current.workspaceId === workspaceId) {
      return work(current.tx, opening ? await rowsOf(current.tx, opening) : []);
    }
    if (current) throw new Error(OUTER_DB_IN_TRANSACTION);
    return transaction((run) => begin(opening ? [setup, opening] : [setup], run), workspaceId, work);
  };

  const db = new Proxy(raw, {
    get(target, property, receiver) {
      if (open.getStore()) throw new Error(OUTER_DB_IN_TRANSACTION);
      if (property === 'transaction') {
        return <T>(work: (tx: Tx) => Promise<T>, config?: Parameters<Db['transaction']>[1]) =>
          transaction((run) => raw.transaction((tx) => run(tx, []), config), null, work);
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    db,
    kind,
    close,
    listen: (channel, onNotify) => listen(channel, onNotify, () => logger),
    useLogger: (next) => {
      logger = next;
    },
    afterCommit: (callback) => {
      const current = open.getStore();
      if (!current) throw new Error(AFTER_COMMIT_OUTSIDE);
      current.afterCommit.push(callback);
    },
    transactionKey: () => open.getStore() ?? null,
    withWorkspace: (workspaceId, work, opening) =>
      inTransaction(workspaceId, sql`select set_config('app.workspace_id', ${workspaceId}, true)`, opening, work),
    platform: (work) => {
      const current = open.getStore();
      return current ? work(current.tx) : work(raw);
    },
    unsafeCrossTenant: (reason, work) => {
      logger?.debug({ reason }, 'cross-tenant transaction');
      const current = open.getStore();
      if (current) {
        // inside a request's transaction: a savepoint acting as the system role, back to the app role after it
        // (a failure rolls the savepoint back, role included)
        return current.tx.transaction(async (savepoint) => {
          await savepoint.execute(sql.raw(`SET LOCAL ROLE ${SYSTEM_ROLE}`));
          const result = await work(savepoint);
          await savepoint.execute(sql.raw(`SET LOCAL ROLE ${APP_ROLE}`));
          return result;
        });
      }
      return inTransaction(null, sql.raw(`SET LOCAL ROLE ${SYSTEM_ROLE}`), undefined, work);
    },
  };
}

async function openPglite(dataDir?: string, snapshot?: Blob, embedded?: PGlite): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client =
    embedded ??
    newPglite(dataDir ? { dataDir: path.join(dataDir, 'pglite') } : snapshot ? { loadDataDir: snapshot } : {});
  await client.waitReady;
  if (!snapshot && !embedded) await migrateEmbedded(client);
  const db = drizzlePglite(client, { schema });
  // From here on the one embedded connection acts as the application role, subject to RLS.
  await client.exec(`SET ROLE ${APP_ROLE}`);
  const listen: Listen = async (channel, onNotify) => client.listen(channel, onNotify);
  return scoped(db as unknown as Db, 'pglite', () => client.close(), listen);
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  const runner: SqlRunner = {
    exec: async (text) => void (await owner.query(text)),
    rows: async <T>(text: string) => (await owner.query(text)).rows as T[],
  };
  try {
    // Several processes may start together: one migrates, the others wait.
    await owner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(owner, { schema }), { migrationsFolder: MIGRATIONS });
    await applyTenancy(runner);
  } finally {
    await owner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await owner.end();
  }
  // Every pooled connection starts as the application role (a startup option, so no query can run before it).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20, options: `-c role=${APP_ROLE}` });
  // An idle connection the server ends (restart, failover, a dropped test database) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema });
  return scoped(
    db as unknown as Db,
    'postgres',
    () => pool.end(),
    (channel, onNotify, log) => listenPostgres(databaseUrl, channel, onNotify, log),
    beginPipelined(pool, db),
  );
}

/**
 * `BEGIN` and the first statements as one simple-protocol query (one round trip instead of one per statement; their
 * parameters inlined as literals), then `work` on the same connection through drizzle's transaction API.
 */
function beginPipelined(pool: pg.Pool, db: ReturnType<typeof drizzlePg<Schema>>): Begin {
  // what drizzle's own transactions are built from: its dialect, relational schema and session options
  const { dialect, session: parts } = db as unknown as { dialect: PgDialect; session: DrizzleSessionParts };
  const { schema: relational, options } = parts;
  return async (first, work) => {
    const text = ['begin', ...first.map((statement) => dialect.sqlToQuery(statement.inlineParams()).sql)].join(';\n');
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const answers = (await client.query(text)) as unknown as pg.QueryResult[];
      const session = new NodePgSession(client, dialect, relational, options);
      const tx = new NodePgTransaction(dialect, session, relational) as unknown as Tx;
      const result = await work(tx, (answers.at(-1)?.rows ?? []) as OpenedRows);
      await client.query('commit');
      return result;
    } catch (error) {
      // a connection that cannot even roll back is dropped, not handed to the next request
      await client.query('rollback').catch((failure: Error) => {
        broken = failure;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

type DrizzleSessionParts = {
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
};

/** LISTEN on a connection of its own (a pooled one would be handed to others); reconnects until stopped. */
async function listenPostgres(
  databaseUrl: string,
  channel: string,
  onNotify: (payload?: string) => void,
  log: () => DatabaseLogger | undefined,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    client = next;
    next.on('notification', (message) => onNotify(message.payload));
    next.on('error', (error) => log()?.error({ err: error, channel }, 'database listener failed'));
    next.on('end', () => {
      if (!stopped && client === next) reconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      failures = 0;
      onNotify(); // what was notified while the connection was away
    } catch (error) {
      log()?.error({ err: error, channel }, 'database listener could not connect');
      await next.end().catch(() => undefined);
      reconnect();
    }
  };
  const reconnect = () => {
    if (stopped || retry) return;
    failures += 1;
    retry = setTimeout(
      () => {
        retry = undefined;
        void connect();
      },
      Math.min(500 * 2 ** (failures - 1), 10_000),
    );
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
