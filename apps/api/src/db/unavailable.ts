/**
 * Whether an error means "the database cannot serve us right now" rather than "this request is wrong": the caller
 * should answer 503 and try again later. Drizzle wraps driver errors (DrizzleQueryError with `.cause`), so the whole
 * cause chain is inspected.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (isUnavailableItself(current)) return true;
    current = current.cause;
  }
  return false;
}

// Network failures reaching the server (Node's errno codes).
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);

// SQLSTATEs of a server that is going away, overloaded, or did not answer in time.
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown (also pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '40P01', // deadlock_detected: this transaction was chosen to give way; the same request may succeed again
  '25P03', // idle_in_transaction_session_timeout
  '25006', // read_only_sql_transaction: a standby or a database switched to read-only cannot take writes now
]);

// node-postgres reports a lost or never-made connection with these messages and no code.
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
];

function isUnavailableItself(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    // Class 08: connection exception; class 53: insufficient resources (too many connections, disk full).
    if (/^(08|53)[0-9A-Z]{3}$/.test(code)) return true;
  }
  return DRIVER_MESSAGES.some((message) => error.message.startsWith(message));
}
