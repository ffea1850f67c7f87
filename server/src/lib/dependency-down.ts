/** Network error codes of a dependency that cannot be reached right now. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);

/** PostgreSQL: connection exceptions (08...) and the server shutting down or starting (57P01..57P03). */
const POSTGRES_DOWN = /^(08|57P0[123])/;

const MESSAGES = [
  /Connection terminated/i, // pg
  /timeout exceeded when trying to connect/i, // pg pool
  /Connection is closed/i, // ioredis
  /enableOfflineQueue options is false/i, // ioredis while Redis is away
  /Reached the max retries per request limit/i, // ioredis
  /Client has encountered a connection error/i, // pg
];

/**
 * Whether an error means the database, Redis or the image store is away for now, rather than a fault in this
 * request: such requests answer 503 so people and load balancers try again, and the process carries on.
 * Drivers wrap each other's errors (Drizzle wraps pg's), so the whole `cause` chain is looked at.
 */
export function isDependencyDown(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, name, message } = e as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_DOWN.test(code))) return true;
    if (name === 'MaxRetriesPerRequestError') return true;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
