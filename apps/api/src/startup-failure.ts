import { ConfigError } from './config.js';

export type StartupSettings = { dataDir: string; databaseUrl?: string; port: number };

/**
 * One line for a start-up failure with a known cause: what is wrong and what to do. Undefined for anything else,
 * which is then shown in full (a bug needs its stack). Never repeats the database password.
 */
export function describeStartupFailure(error: unknown, settings: StartupSettings): string | undefined {
  if (error instanceof ConfigError) return error.message;
  const cause = findCause(error);
  if (!cause) return undefined;
  const database = settings.databaseUrl ? describeDatabase(settings.databaseUrl) : undefined;
  const { code, syscall } = cause;
  if (code === 'ENOSPC' || code === '53100') {
    return `The disk is full (${database ? `PostgreSQL at ${database}` : `DATA_DIR ${settings.dataDir}`}): free space, then start again.`;
  }
  if (code === 'EADDRINUSE' && syscall === 'listen') {
    return `Port ${settings.port} is already in use: stop the other program or choose another PORT.`;
  }
  if (!database && (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')) {
    return `DATA_DIR ${settings.dataDir} is not writable (${code}): give the user running Praxia write access, or set DATA_DIR to a writable directory.`;
  }
  if (!database) return undefined;
  switch (code) {
    case '3D000':
      return `The database at ${database} does not exist: create it (createdb), or correct DATABASE_URL.`;
    case '28P01':
    case '28000':
      return `PostgreSQL at ${database} refused the user name or password: correct the credentials in DATABASE_URL.`;
    case 'ECONNREFUSED':
      return `PostgreSQL at ${database} refuses connections: start PostgreSQL, or correct host and port in DATABASE_URL.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The PostgreSQL host in DATABASE_URL (${database}) is unknown: correct the host name.`;
    case 'TIMEOUT':
      return `PostgreSQL at ${database} did not answer in time: check that it runs and is reachable, then start again.`;
    default:
      return undefined;
  }
}

type Cause = { code: string; syscall?: string };

/** The first error in the cause chain (Drizzle wraps driver errors) that says what went wrong. */
function findCause(error: unknown): Cause | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const { code, syscall } = current as { code?: unknown; syscall?: unknown };
    if (typeof code === 'string') return { code, syscall: typeof syscall === 'string' ? syscall : undefined };
    // node-postgres reports a connect timeout by message only.
    if (/timeout/i.test(current.message)) return { code: 'TIMEOUT' };
    current = current.cause;
  }
  return undefined;
}

/** host:port/database of a connection URL, without user or password. */
function describeDatabase(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}
