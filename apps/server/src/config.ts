import path from 'node:path';
import { z } from 'zod';

const durationPattern = /^(\d+)\s*(s|m|h|d)?$/;
/** "7d", "12h", "30m", "45s" or plain seconds → seconds. */
function parseDuration(value: string): number {
  const match = durationPattern.exec(value.trim());
  if (!match) throw new Error('expected a duration such as 7d, 12h, 30m or 3600');
  const units = { s: 1, m: 60, h: 3600, d: 86400 } as const;
  return Number(match[1]) * units[(match[2] ?? 's') as keyof typeof units];
}

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** What a process does: `all` of it, or one side of a deployment split into API processes and workers. */
export const PROCESS_ROLES = ['all', 'api', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/** Every variable the server reads, its default and meaning. The README's configuration table mirrors this. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production').describe('runtime mode'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('HTTP port of the API and web app'),
  HOST: z.string().default('0.0.0.0').describe('interface to listen on'),
  PUBLIC_URL: optionalText.describe('address users open, used in e-mail links (default http://localhost:PORT)'),
  DATA_DIR: z.string().default('./data').describe('folder for the embedded database and generated secrets'),
  DATABASE_URL: optionalText
    .pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional())
    .describe('PostgreSQL server URL; when unset the embedded PGlite database in DATA_DIR is used'),
  ROLE: z
    .enum(PROCESS_ROLES)
    .default('all')
    .describe(
      'what this process does: all (everything), api (HTTP and sockets, no jobs) or worker (jobs, durable listeners and cron; serves only /healthz, /readyz and /metrics); api and worker need DATABASE_URL',
    ),
  JWT_SECRET: optionalText
    .pipe(z.string().min(32, 'must be at least 32 characters').optional())
    .describe('HMAC secret for tokens; generated once and kept in the database when unset'),
  SECRETS_KEY: optionalText
    .pipe(z.string().min(32, 'must be at least 32 characters').optional())
    .describe(
      'key that encrypts secret system settings; generated once into DATA_DIR/secrets.key when unset (must be set when several processes share DATABASE_URL)',
    ),
  JWT_EXPIRES_IN: z
    .string()
    .default('7d')
    .transform((v, ctx) => {
      try {
        return parseDuration(v);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .describe('token lifetime (7d, 12h, 30m or seconds)'),
  ADMIN_USERNAME: z.string().min(1).default('admin').describe('first system admin, created when none exists'),
  ADMIN_PASSWORD: optionalText
    .pipe(z.string().min(8, 'must be at least 8 characters').optional())
    .describe('first system admin password; random and printed once in the log when unset'),
  ADMIN_EMAIL: z.email().default('admin@localhost.localdomain').describe('first system admin e-mail'),
  GOOGLE_JWKS_URL: z
    .url()
    .default('https://www.googleapis.com/oauth2/v3/certs')
    .describe("Google's signing keys for id_token verification"),
  GRAPH_API_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://graph.facebook.com/v23.0')
    .transform((url) => url.replace(/\/+$/, ''))
    .describe("Meta's Graph API with its version: every WhatsApp, Messenger and Instagram call goes under it"),
  GRAPH_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(120_000)
    .default(15_000)
    .describe(
      'how long a Graph API call may take before it counts as failed; a broadcast recipient left `sending` twice this long is taken for lost with its process (status unknown)',
    ),
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://api.stripe.com')
    .transform((url) => url.replace(/\/+$/, ''))
    .describe("Stripe's API: every Stripe call goes there (the SDK's host, port and protocol come from it)"),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30).describe('login attempts per IP per minute'),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe('failed login attempts per account per 15 minutes'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .describe('trust X-Forwarded-For (behind a reverse proxy)'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('log level'),
  WEB_DIST: optionalText.describe('folder of the built web app (default apps/web/dist)'),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(10_000)
    .describe('on SIGTERM/SIGINT, how long to let in-flight work finish before the process exits anyway'),
  JOB_LOCK_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(3_000)
    .max(3_600_000)
    .default(60_000)
    .describe(
      "how long a running job (a broadcast's sender among them) may go without its process's heartbeat (every third of this) before another process runs it again: the time a crashed process's work waits to resume",
    ),
  REDIS_URL: optionalText
    .pipe(z.url({ protocol: /^rediss?$/ }).optional())
    .describe('Redis server URL (redis:// or rediss://) shared by every process; /readyz checks it when set'),
  OUTBOUND_HTTP_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .describe(
      'let requests to user-given URLs (media, push endpoints) reach loopback, private and link-local addresses (on-premise use, tests)',
    ),
  METRICS_TOKEN: optionalText
    .pipe(z.string().min(16, 'must be at least 16 characters').optional())
    .describe('bearer token GET /metrics requires; the metrics are open when unset'),
});

export type Config = z.output<typeof configSchema> & { publicUrl: string; webDist: string; dataDir: string };

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  // the embedded database is a folder one process opens: an api and a worker cannot share it
  if (config.ROLE !== 'all' && !config.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  ROLE: ${config.ROLE} needs DATABASE_URL (a PostgreSQL server its api and worker processes share); the embedded database in DATA_DIR belongs to one process, which runs ROLE=all`,
    );
  }
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  return {
    ...config,
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    webDist: path.resolve(config.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    dataDir: path.resolve(config.DATA_DIR),
  };
}
