/**
 * PostgreSQL conditions that mean "the database is not there right now" rather than "this query
 * is wrong": class 08 (connection exceptions), 57P01–57P03 (shut down by the administrator, crash
 * shutdown, cannot connect now: starting up or shutting down).
 */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1-3])$/;
/** Socket-level failures node-postgres passes through from net. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres raises these as plain Errors without a code. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Client has encountered a connection error|connection timeout|Client was closed/i;

/**
 * Whether `error` (or anything in its `cause` chain: drizzle wraps the driver's error) says the
 * database cannot be reached, so the request may succeed once it is back (503, not 500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    }
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
