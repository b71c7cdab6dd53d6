import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { GoogleVerifier } from '../src/integrations/google/id-token.ts';
import { jwtSecret } from '../src/platform/auth/jwt-secret.ts';
import { createTokenService, type TokenService } from '../src/platform/auth/tokens.ts';
import { type Database, migratedSnapshot, openDatabase } from '../src/platform/db/database.ts';
import type { AppInstance } from '../src/platform/http/types.ts';
import type { Mail, Mailer } from '../src/platform/mail/mailer.ts';
import { leaseDatabase } from './database-pool.ts';

/** A mailer that keeps what it would send, for tests to read links from. */
export class MailRecorder implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail) {
    this.sent.push(mail);
  }
  /** The token of the newest mailed link to `route` for `to`. */
  tokenFor(to: string, route: string): string {
    const mail = this.sent.findLast((m) => m.to === to && m.text.includes(route));
    const match = mail && new RegExp(`${route}\\?token=([\\w-]+)`).exec(mail.text);
    if (!match?.[1]) throw new Error(`no mail to ${to} with a ${route} link`);
    return decodeURIComponent(match[1]);
  }
}

export interface TestApp {
  app: AppInstance;
  /** the app's clock: Date.now() plus what a test advanced it by */
  clock: { advance(ms: number): void; now(): number };
  database: Database;
  config: Config;
  mail: MailRecorder;
  /** signs tokens as the app does (its secret): fixtures sign users in without a password check */
  tokens: TokenService;
  close(): Promise<void>;
}

/** What the server tests' global setup (global-setup.ts) prepared for the run. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** a migrated, empty PGlite database as a tarball file (PGlite runs) */
    pgliteSnapshot: string;
    /** a migrated, empty database on the PostgreSQL server that test databases are cloned from (DATABASE_URL runs) */
    postgresTemplate: string;
  }
}

/** The migrated snapshot the run's global setup wrote (one migration per run), or one of this file's own. */
let snapshot: Promise<Blob> | undefined;
export function migrated(): Promise<Blob> {
  const file = inject('pgliteSnapshot');
  snapshot ??= file ? Promise.resolve(new Blob([readFileSync(file)])) : migratedSnapshot();
  return snapshot;
}

/**
 * A fresh database of the test's own: in-memory PGlite, or, when DATABASE_URL is set, a new database on
 * that server that is dropped afterwards.
 */
export async function openTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ snapshot: await migrated() });
    return { database, drop: () => database.close() };
  }
  const created = await createPostgresDatabase(serverUrl, 'omnichat_test', inject('postgresTemplate') || undefined);
  const database = await openDatabase({ databaseUrl: created.url });
  return {
    database,
    url: created.url,
    async drop() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * A new database on the PostgreSQL server at `serverUrl`, empty or a copy of `template`; `drop()` removes it,
 * connections and all.
 */
export async function createPostgresDatabase(serverUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** This worker's DATA_DIR (received files), so tests never write into the repository's ./data */
const dataDir = mkdtempSync(path.join(tmpdir(), 'omnichat-test-data-'));
process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));

export async function createTestApp(
  env: Record<string, string> = {},
  overrides: {
    google?: GoogleVerifier /** send mail through the app's own queued SMTP mailer */;
    realMailer?: boolean;
    /** a pino logger or logger options (tests read log lines from an in-memory stream) */
    logger?: BuildOptions['logger'];
    /** the outbound client's test hooks: a fake's certificate authority, DNS for made-up names */
    outbound?: BuildOptions['outbound'];
    /** the AI provider's timeout per try, retries and deadline (a stand-in that hangs need not take 20 s a try) */
    llm?: BuildOptions['llm'];
  } = {},
): Promise<TestApp> {
  const { database, release } = await leaseDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    SECRETS_KEY: 'test-secrets-key-that-is-long-enough-for-aes',
    WEB_DIST: '/nonexistent',
    PUBLIC_URL: 'http://chat.test',
    DATA_DIR: dataDir,
    ...env,
  });
  const mail = new MailRecorder();
  let offset = 0;
  const app = await buildApp({
    config,
    database,
    mailer: overrides.realMailer ? undefined : mail,
    google: overrides.google,
    logger: overrides.logger,
    outbound: overrides.outbound,
    llm: overrides.llm,
    now: () => Date.now() + offset,
  });
  await app.ready();
  const tokens = createTokenService(await jwtSecret(database, config.JWT_SECRET), config.JWT_EXPIRES_IN);
  return {
    app,
    clock: {
      advance(ms) {
        offset += ms;
      },
      now: () => Date.now() + offset,
    },
    database,
    config,
    mail,
    tokens,
    async close() {
      await app.close();
      await release();
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
export const json = <T = any>(response: LightMyRequestResponse) => response.json() as T;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
