// Link tokens travel in paths and queries; request logs must never carry them (security.md).
const TOKEN_PATHS = [
  /(\/api\/user\/password\/)[^/?#]+/,
  /(\/api\/user\/confirm-registration\/)[^/?#]+/,
  /(\/password\/set\/)[^/?#]+/,
  /(\/email\/set\/)[^/?#]+/,
  /(\/registration\/confirm\/)[^/?#]+/,
];
const TOKEN_QUERY = /([?&]token=)[^&#]*/g;

/** The URL with link tokens replaced by "***". */
export function redactUrl(url: string): string {
  let redacted = url.replace(TOKEN_QUERY, '$1***');
  for (const pattern of TOKEN_PATHS) redacted = redacted.replace(pattern, '$1***');
  return redacted;
}

/** Text from elsewhere (an SMTP server's refusal quotes the recipient) with e-mail addresses replaced by "***". */
export function redactEmails(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '***');
}

type LoggedRequest = { method: string; url: string; ip?: string; id?: string };

/** What a logged error keeps: names and codes to find the cause, never the values of the failed statement. */
export type LoggedError = {
  type: string;
  message: string;
  /** SQLSTATE of a database error, e.g. 23505. */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** Frames only for database errors; '' when the error had none. */
  stack: string;
  cause?: LoggedError;
};

type ErrorFields = {
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
  code?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  query?: unknown;
  params?: unknown;
};

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * A database error, from drizzle (carries the statement and its parameters) or from the driver (PostgreSQL's or
 * PGlite's, whose message and detail quote the values, e.g. 'Key (email)=(anna@…) already exists').
 */
const isDatabaseError = (error: ErrorFields) =>
  'params' in error || (typeof error.severity === 'string' && typeof error.code === 'string');

/** Only the stack's frames: its head repeats the message, which may run over several lines. */
const framesOf = (stack: unknown) =>
  text(stack)
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

/**
 * Pino's error serializer: keeps the class, the message (for database errors only their kind), the SQLSTATE and the
 * names of constraint, table and column, the stack frames and the cause. Statement parameters, detail texts and any
 * other property of the error (which may hold personal data or password hashes) are left out.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: '(not an Error)', stack: '' };
  const fields = error as ErrorFields;
  const type = error.constructor?.name ?? 'Object';
  const isDatabase = isDatabaseError(fields);
  const code = text(fields.code);
  const serialized: LoggedError = {
    type,
    message: isDatabase ? `database error${code ? ` ${code}` : ''} (values not logged)` : String(fields.message ?? ''),
    code,
    constraint: text(fields.constraint),
    table: text(fields.table),
    column: text(fields.column),
    stack: (isDatabase ? framesOf(fields.stack) : text(fields.stack)) ?? '',
  };
  if (fields.cause !== undefined && depth < 3) serialized.cause = serializeError(fields.cause, depth + 1);
  return Object.fromEntries(Object.entries(serialized).filter(([, value]) => value !== undefined)) as LoggedError;
}

export const logSerializers = {
  req: (request: LoggedRequest) => ({ method: request.method, url: redactUrl(request.url), id: request.id }),
  err: (error: Error) => serializeError(error),
};
