/**
 * SQLSTATEs of a database that is away, busy or shutting down rather than of a statement that is wrong: class 08
 * (connection), 53 (out of resources), 57P (shutdown), serialization failures and deadlocks, a lock not available,
 * a statement timeout.
 */
const TRANSIENT_STATE = /^(08|53|57P)|^(40001|40P01|55P03|57014)$/;
/** Node's socket errors: ECONNRESET, ECONNREFUSED, ETIMEDOUT, EPIPE… */
const SOCKET_CODE = /^E[A-Z]{3,}$/;
/** node-postgres's own words when its connection is gone (no code then). */
const CONNECTION_GONE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect)/i;

/**
 * Whether `error` (or one of its causes: drizzle wraps the driver's) says the database could not be reached or
 * asked for another try, so the work should be retried as it is; any other error is the work's own.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  let cause: unknown = error;
  for (let depth = 0; depth < 8 && typeof cause === 'object' && cause !== null; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (TRANSIENT_STATE.test(code) || SOCKET_CODE.test(code))) return true;
    if (typeof message === 'string' && CONNECTION_GONE.test(message)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
