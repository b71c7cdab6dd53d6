import type { Config } from './config.ts';
import type { GoogleVerifier } from './integrations/google/id-token.ts';
import type { GraphClient } from './integrations/meta/graph-client.ts';
import type { LlmGateway } from './integrations/openai/llm-client.ts';
import type { StripeGateway } from './integrations/stripe/stripe-client.ts';
import type { AuditWriter } from './platform/audit/audit-writer.ts';
import type { AbuseLimits } from './platform/auth/abuse-limits.ts';
import type { Guards } from './platform/auth/guards.ts';
import type { OneTimeTokens } from './platform/auth/one-time-tokens.ts';
import type { RateLimiter } from './platform/auth/rate-limit.ts';
import type { TokenService } from './platform/auth/tokens.ts';
import type { Database } from './platform/db/database.ts';
import type { EventBus } from './platform/events/event-bus.ts';
import type { JobQueue } from './platform/jobs/job-queue.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import type { ModuleHooks } from './platform/modules/hooks.ts';
import type { OutboundClient } from './platform/outbound/outbound-client.ts';
import type { PacingLimiter } from './platform/pacing/pacing-limiter.ts';
import type { ClusterBus } from './platform/realtime/cluster-bus.ts';
import type { SocketAuth } from './platform/realtime/socket-auth.ts';
import type { SocketHub } from './platform/realtime/socket-hub.ts';
import type { SecretSealer } from './platform/secrets/secret-box.ts';
import type { SettingsReader } from './platform/settings/settings-reader.ts';
import type { FileStorage } from './platform/storage/file-storage.ts';

/**
 * The services every module is built from; app.ts assembles it once. Platform services and ports only: where a
 * module implements a port (audit writer, settings reader), app.ts plugs it in, and no module's type appears here.
 */
export interface AppContext {
  config: Config;
  database: Database;
  tokens: TokenService;
  guards: Guards;
  /** the system settings, read (the settings module writes them) */
  settings: SettingsReader;
  /** seals secrets kept in the database (setting values, channel tokens): AES-256-GCM under SECRETS_KEY */
  secrets: SecretSealer;
  /** Meta's Graph API under GRAPH_API_URL */
  graph: GraphClient;
  /** Stripe's SDK under STRIPE_API_URL, with the secret key of the system settings */
  stripe: StripeGateway;
  /** the CS agents' AI provider (an OpenAI-compatible API) of the system settings; null client while not configured */
  llm: LlmGateway;
  /** requests to URLs users, customers or deliveries name: public addresses only (OUTBOUND_HTTP_ALLOW_PRIVATE) */
  outbound: OutboundClient;
  /** received files (local disk under DATA_DIR/media) */
  storage: FileStorage;
  mailer: Mailer;
  /** the app's clock in epoch milliseconds (a test's can be advanced): for times the job queue compares with */
  now: () => number;
  google: GoogleVerifier;
  /** hashed, single-use tokens mailed to people (verification, password reset, e-mail change) */
  oneTimeTokens: OneTimeTokens;
  loginLimits: { perIp: RateLimiter; perAccount: RateLimiter };
  /** per-IP and per-account limits of requests that send mail or test a password */
  abuseLimits: AbuseLimits;
  /** token buckets per key shared by every process (a sending number's messages per second): wait your turn */
  pacing: PacingLimiter;
  /** what a socket's `token` parameter is (a session token or a one-time ticket), and its session's checks later */
  socketAuth: SocketAuth;
  /** the general socket: register actions, push to a user's or an organization's open sockets */
  sockets: SocketHub;
  /** what every process of the deployment hears (Redis pub/sub when REDIS_URL is set) */
  cluster: ClusterBus;
  /** durable jobs: modules `define` theirs and `enqueue` work; main.ts starts the worker */
  jobs: JobQueue;
  /**
   * domain events: `events.emit(tx, type, data, workspaceId)` inside the change's transaction; modules react with
   * `events.on` (durable, as jobs) or `events.onCommitted` (in this process, after commit)
   */
  events: EventBus;
  /** who changed what: `audit.inWorkspace(tx, …)` inside the change's transaction, `audit.platform(…)` otherwise */
  audit: AuditWriter;
  /** calls into whichever modules answer them (a customer merge, a Meta webhook field), as the modules declare */
  hooks: ModuleHooks;
}
