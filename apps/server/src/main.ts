import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type ProcessRole } from './config.ts';
import { ensureFirstAdmin } from './modules/admins/index.ts';
import { openDatabase } from './platform/db/database.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const app = await buildApp({ config, database, logger: { level: config.LOG_LEVEL } });
  await ensureFirstAdmin(database, config, app.log);

  const stop = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    // /readyz answers 503 from now on; app.close() stops accepting, lets in-flight requests finish, closes the
    // general sockets with 1001 (going away) and waits for running jobs (JobQueue.stop)
    app.readiness.drain();
    // A request or connection that never ends must not keep the process alive: exit anyway after the timeout.
    setTimeout(() => {
      app.log.warn(`shutdown took longer than ${config.SHUTDOWN_TIMEOUT_MS} ms, exiting anyway`);
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.ROLE !== 'api') await app.jobs.start();
  if (config.ROLE !== 'all' && !config.REDIS_URL)
    app.log.warn(
      `ROLE=${config.ROLE} without REDIS_URL: socket pushes made by the worker's jobs and listeners reach no browser, and each process counts sign-in limits alone`,
    );
  app.log.info(
    { role: config.ROLE },
    `OmniChat is running on ${config.ROLE === 'worker' ? `port ${config.PORT}` : config.publicUrl} (role: ${config.ROLE}, ${ROLE_WORK[config.ROLE]}; database: ${database.kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

const ROLE_WORK: Record<ProcessRole, string> = {
  all: 'the API, sockets, web app and jobs',
  api: 'the API, sockets and web app; no jobs',
  worker: 'jobs, durable listeners and cron; HTTP only for /healthz, /readyz and /metrics',
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
