import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { LIMITS, SOCKET_CLOSE, translate } from '@omnichat/contracts';
import { addAllCatalogues } from '@omnichat/contracts/server-messages';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createGoogleVerifier, type GoogleVerifier } from './integrations/google/id-token.ts';
import { createGraphClient } from './integrations/meta/graph-client.ts';
import { createLlmGateway, type LlmOptions } from './integrations/openai/llm-client.ts';
import { createStripeGateway } from './integrations/stripe/stripe-client.ts';
import { adminPanelModule } from './modules/admin-panel/admin-panel.module.ts';
import { adminsModule } from './modules/admins/admins.module.ts';
import { auditModule } from './modules/audit/audit.module.ts';
import { createAuditLog } from './modules/audit/index.ts';
import { authModule } from './modules/auth/auth.module.ts';
import { billingModule } from './modules/billing/billing.module.ts';
import { broadcastsModule } from './modules/broadcasts/broadcasts.module.ts';
import { channelsModule } from './modules/channels/channels.module.ts';
import { conversationsModule } from './modules/conversations/conversations.module.ts';
import { csAgentsModule } from './modules/cs-agents/cs-agents.module.ts';
import { customersModule } from './modules/customers/customers.module.ts';
import { emailTemplatesModule } from './modules/email-templates/email-templates.module.ts';
import { membersModule } from './modules/members/members.module.ts';
import { notificationsModule } from './modules/notifications/notifications.module.ts';
import { createSettingsService } from './modules/settings/index.ts';
import { settingsModule } from './modules/settings/settings.module.ts';
import { teamsModule } from './modules/teams/teams.module.ts';
import { templatesModule } from './modules/templates/templates.module.ts';
import { timezonesModule } from './modules/timezones/timezones.module.ts';
import { webchatModule } from './modules/webchat/webchat.module.ts';
import { webPushModule } from './modules/webpush/webpush.module.ts';
import { workflowsModule } from './modules/workflows/workflows.module.ts';
import { workspacesModule } from './modules/workspaces/workspaces.module.ts';
import { createAbuseLimits } from './platform/auth/abuse-limits.ts';
import { accountListeners } from './platform/auth/account-events.ts';
import { createGuards, memberGuardOf } from './platform/auth/guards.ts';
import { jwtSecret } from './platform/auth/jwt-secret.ts';
import { createOneTimeTokens } from './platform/auth/one-time-tokens.ts';
import { createRateLimiter } from './platform/auth/rate-limit.ts';
import { createTokenService } from './platform/auth/tokens.ts';
import type { Database } from './platform/db/database.ts';
import { EventBus } from './platform/events/event-bus.ts';
import { localeOf, registerErrorHandling, sendError } from './platform/http/error-handler.ts';
import { serveMarketingPages } from './platform/http/marketing-pages.ts';
import { clientErrorHandler, frameworkErrorHandler, MAX_PARAM_LENGTH } from './platform/http/protocol-errors.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import type { AppInstance } from './platform/http/types.ts';
import { validatorWithTextRules } from './platform/http/validation.ts';
import { isApiPath, serveWebApp } from './platform/http/web-app.ts';
import { JobQueue } from './platform/jobs/job-queue.ts';
import { logSerializers } from './platform/logging.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import { createQueuedMailer } from './platform/mail/queued-mailer.ts';
import { defineModule } from './platform/modules/define-module.ts';
import { hooksOf, registerModuleSurface, registerModuleWork } from './platform/modules/register-modules.ts';
import { databaseCheck, jobWorkerCheck, Readiness, registerHealthRoutes } from './platform/observability/health.ts';
import { registerMetrics } from './platform/observability/metrics.ts';
import { createOutboundClient, type OutboundClientOptions } from './platform/outbound/outbound-client.ts';
import { createPacingLimiter } from './platform/pacing/pacing-limiter.ts';
import { createClusterBus } from './platform/realtime/cluster-bus.ts';
import { createSocketAuth } from './platform/realtime/socket-auth.ts';
import { registerSocketGateway } from './platform/realtime/socket-gateway.ts';
import { SocketHub } from './platform/realtime/socket-hub.ts';
import { createSecretBox, loadSecretsKey } from './platform/secrets/secret-box.ts';
import { createLocalStorage } from './platform/storage/file-storage.ts';

// errors, mails and socket messages speak each user's language
addAllCatalogues();

/** The modules, registered in this order (listeners of one event run in it too). */
const MODULES = [
  auditModule,
  authModule,
  adminsModule,
  workspacesModule,
  membersModule,
  teamsModule,
  customersModule,
  channelsModule,
  conversationsModule,
  templatesModule,
  broadcastsModule,
  csAgentsModule,
  workflowsModule,
  emailTemplatesModule,
  billingModule,
  webchatModule,
  notificationsModule,
  adminPanelModule,
  settingsModule,
  timezonesModule,
  webPushModule,
];

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  /** Replace outside services (tests point them at local fakes through configuration instead where possible). */
  mailer?: Mailer;
  google?: GoogleVerifier;
  /** Tests only: the certificate authority of their https fakes, and DNS pointing made-up names at them. */
  outbound?: Pick<OutboundClientOptions, 'ca' | 'resolve'>;
  /** Tests only: the AI provider's timeout per try, retries and deadline (20 s, 2, 58 s otherwise). */
  llm?: LlmOptions;
  /** Time source of time-based checks (tests move it forward). */
  now?: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the general socket hub, for pushing to open sockets */
    sockets: SocketHub;
    /** the durable job queue; its worker runs between `jobs.start()` and `jobs.stop()` */
    jobs: JobQueue;
    /** domain events: what modules emit and react to */
    events: EventBus;
    /** what `/readyz` asks (`readiness.add` plugs in a check); `readiness.drain()` once shutdown starts */
    readiness: Readiness;
  }
}

function withLogSerializers(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, ...logSerializers } };
}

export async function buildApp(options: BuildOptions): Promise<AppInstance> {
  const { config, database } = options;
  // every log line goes through logSerializers: no query parameters, no secrets of URLs
  const loggerOption =
    options.logger && 'child' in (options.logger as object)
      ? { loggerInstance: (options.logger as FastifyBaseLogger).child({}, { serializers: logSerializers }) }
      : { logger: withLogSerializers(options.logger as FastifyServerOptions['logger']) };
  const app = Fastify({
    ...loggerOption,
    genReqId: () => randomBytes(8).toString('hex'),
    logController: new LogController({ requestIdLogLabel: 'trace_id' }),
    bodyLimit: LIMITS.uploadMaxBytes,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorWithTextRules);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('principal', null);
  app.decorateRequest('socketSession', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-trace-id', request.id);
  });
  registerErrorHandling(app);
  await registerSecurityHeaders(app, config.publicUrl);

  if (!config.SECRETS_KEY && config.DATABASE_URL)
    app.log.warn(
      'SECRETS_KEY is not set: every process sharing DATABASE_URL needs the same one to read secret settings',
    );
  database.useLogger(app.log);
  const secrets = createSecretBox(await loadSecretsKey(config.SECRETS_KEY, config.dataDir));
  const settings = createSettingsService(database, secrets);
  const tokens = createTokenService(await jwtSecret(database, config.JWT_SECRET), config.JWT_EXPIRES_IN);
  const guards = createGuards(database, tokens);
  const socketAuth = createSocketAuth(database, tokens, guards, options.now);
  const jobs = new JobQueue(database, app.log, { now: options.now, lockTimeoutMs: config.JOB_LOCK_TIMEOUT_MS });
  const events = new EventBus(database, jobs, app.log, options.now);
  // every process hears socket pushes and closes through Redis when REDIS_URL is set; in this process otherwise
  const cluster = createClusterBus(config.REDIS_URL, app.log);
  // sign-in and abuse limits count in Redis for every process when it is there, in memory otherwise
  const limitStore = { redis: cluster.redis, log: app.log, now: options.now };
  const outbound = createOutboundClient({ allowPrivate: config.OUTBOUND_HTTP_ALLOW_PRIVATE, ...options.outbound });
  const storage = createLocalStorage(path.join(config.dataDir, 'media'));
  const ctx: AppContext = {
    config,
    database,
    tokens,
    settings,
    secrets,
    graph: createGraphClient(config.GRAPH_API_URL, { outbound, timeoutMs: config.GRAPH_TIMEOUT_MS }),
    stripe: createStripeGateway(
      config.STRIPE_API_URL,
      async () => (await settings.values(['stripe.secret_key']))['stripe.secret_key'],
    ),
    llm: createLlmGateway(settings, options.llm),
    outbound,
    storage,
    guards,
    socketAuth,
    sockets: new SocketHub(socketAuth, app.log, cluster, options.now),
    now: options.now ?? Date.now,
    cluster,
    jobs,
    events,
    audit: createAuditLog(database),
    mailer: options.mailer ?? createQueuedMailer(jobs, createMailer(settings, app.log, storage)),
    google: options.google ?? createGoogleVerifier(config.GOOGLE_JWKS_URL),
    oneTimeTokens: createOneTimeTokens(database),
    loginLimits: {
      perIp: createRateLimiter('login:ip', config.LOGIN_LIMIT_PER_IP, 60_000, limitStore),
      perAccount: createRateLimiter('login:account', config.LOGIN_LIMIT_PER_ACCOUNT, 15 * 60_000, limitStore),
    },
    abuseLimits: createAbuseLimits(limitStore),
    pacing: createPacingLimiter({ redis: cluster.redis, database, now: options.now }),
    hooks: hooksOf(MODULES),
  };

  // jobs and listeners are defined in every process (they run where the worker runs); routes where HTTP is served
  registerModuleWork(ctx, [defineModule({ name: 'platform', committed: accountListeners }), ...MODULES]);

  // A worker serves only /healthz, /readyz and /metrics: no API, OpenAPI document or sockets
  const servesApi = config.ROLE !== 'worker';
  if (servesApi) {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'OmniChat API',
          version: '0.1.0',
          description: 'Envelope: {success, data, page?} or {success:false, error, trace_id}.',
        },
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearerAuth: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  }

  app.decorate('sockets', ctx.sockets);
  app.decorate('jobs', ctx.jobs);
  app.decorate('events', ctx.events);
  const readiness = new Readiness().add(databaseCheck(database));
  if (cluster.readiness) readiness.add(cluster.readiness);
  if (config.ROLE === 'worker') readiness.add(jobWorkerCheck(jobs));
  app.decorate('readiness', readiness);
  registerHealthRoutes(app, readiness);
  registerMetrics(app, { token: config.METRICS_TOKEN, database, sockets: ctx.sockets, events });
  // shutdown: /readyz answers 503 at once, and sockets close with 1001 so clients reconnect to another process
  // (before @fastify/websocket's own preClose, which would close them without a code)
  app.addHook('preClose', async () => {
    readiness.drain();
    ctx.sockets.closeAll(SOCKET_CLOSE.goingAway);
  });
  // a request still in flight during shutdown ends its keep-alive connection, so closing need not wait for it
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.isDraining) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await cluster.close();
  });
  // One transaction per member request: the member guard and the handler run in one transaction of the token's
  // organization (tenancy set once), which every withWorkspace of that organization in the handler joins.
  app.addHook('onRoute', (route) => {
    const permission = memberGuardOf(route.preHandler);
    if (permission === undefined) return;
    const handler = route.handler;
    delete route.preHandler;
    route.handler = function (request, reply) {
      return guards.inMember(request, permission ?? undefined, async () => handler.call(this, request, reply));
    };
  });
  if (servesApi) {
    await registerSocketGateway(app, ctx.sockets, socketAuth);
    await registerModuleSurface(app, ctx, MODULES);
  }

  const hasWebApp = servesApi && (await serveWebApp(app, config.webDist));
  if (hasWebApp)
    serveMarketingPages(app, config.webDist, async () => {
      const keys = ['system.name', 'system.logo', 'system.contact.email', 'system.source.url'];
      const found = new Map((await settings.list(keys, { publicOnly: true })).map((entry) => [entry.key, entry.value]));
      const source = found.get('system.source.url')?.trim() ?? '';
      return {
        name: found.get('system.name')?.trim() ?? '',
        logo: found.get('system.logo')?.trim() ?? '',
        email: found.get('system.contact.email')?.trim() ?? '',
        // an address a browser opens, never a script
        source: /^https?:\/\//i.test(source) ? source : '',
      };
    });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (hasWebApp && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, 404, translate('not_found', localeOf(request)));
  });

  return app;
}
