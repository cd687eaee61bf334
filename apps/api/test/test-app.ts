import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Role } from '@praxia/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type AppConfig, readConfig } from '../src/config.js';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { customers } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { practiceScope } from '../src/lib/scope.js';
import { linkUserToCustomer } from '../src/modules/users/user-customers.repo.js';
import { insertUser } from '../src/modules/users/users.repo.js';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture.js';

/** The migrated database every PGlite test file starts from (global-setup.ts); none on PostgreSQL. */
export function pgliteTemplate(): Blob | undefined {
  if (process.env.DATABASE_URL) return undefined;
  return new Blob([readFileSync(inject('pgliteTemplatePath'))]);
}

export const PASSWORD = 'Richtig-Geheim-2026!';
const PRODUCTION_TEST_KEY = Buffer.alloc(32, 7).toString('base64');
const passwordHash = hashPassword(PASSWORD);

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  close: () => Promise<void>;
};

/**
 * The real app on a real database: in-memory PGlite per test file, or the shared PostgreSQL
 * database when DATABASE_URL is set (CI runs both). Tests create their own practices and users.
 */
export async function createTestApp(
  options: {
    smtpUrl?: string;
    rateLimitScale?: number;
    config?: Partial<AppConfig>;
    webRoot?: string;
    /** On PostgreSQL, a database of its own (its queue jobs must not be taken by other files' apps). */
    isOwnDatabase?: boolean;
    /** Routes only a test has (registered under /api before the app is ready). */
    extraRoutes?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  // Production refuses a database holding the demo accounts, which other files seed into the shared PostgreSQL one.
  const own =
    (options.config?.isProduction || options.isOwnDatabase) && process.env.DATABASE_URL
      ? await createPostgresDatabase(process.env.DATABASE_URL)
      : undefined;
  const databaseUrl = own?.url ?? process.env.DATABASE_URL;
  const database = await openDatabase({ databaseUrl, initialData: pgliteTemplate() });
  const dataDir = mkdtempSync(join(tmpdir(), 'praxia-api-test-'));
  const config = {
    // Production refuses the published development key of the second factors.
    ...readConfig(options.config?.isProduction ? { SECOND_FACTOR_KEY: PRODUCTION_TEST_KEY } : {}),
    dataDir,
    databaseUrl,
    // Production needs https (Secure cookies); development tests keep plain http.
    publicUrl: options.config?.isProduction ? 'https://praxia.test' : 'http://praxia.test',
    smtpUrl: options.smtpUrl,
    seedDemo: false,
    ...options.config,
  };
  const app = await buildApp({
    config,
    database,
    rateLimits: { scale: options.rateLimitScale ?? 1000, keyPrefix: randomUUID() },
    // The web app is served only from a folder the test made (the real build may be missing or stale).
    serveWeb: options.webRoot !== undefined,
    webRoot: options.webRoot,
  });
  actAsSameOriginPage(app);
  if (options.extraRoutes) await app.register(async (api) => options.extraRoutes?.(api), { prefix: '/api' });
  await app.ready();
  return {
    app,
    // Fixtures and checks read and write every practice's rows; the app's own work keeps its row scope.
    database: { ...database, db: database.systemDb },
    close: async () => {
      await app.close();
      await database.close();
      await own?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new, empty database on the PostgreSQL server of `serverUrl`, for tests that must not share one. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `praxia_test_${randomUUID().slice(0, 8)}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/**
 * Browsers mark requests from our own page with `Sec-Fetch-Site: same-origin`, and the API refuses state-changing
 * requests that show neither it nor an Origin. Test requests act like the web app unless they set the header
 * themselves (a header given as undefined is left out, to act as another server or an old client).
 */
function asSameOriginPage(options: InjectOptions): InjectOptions {
  const headers = { 'sec-fetch-site': 'same-origin', ...options.headers };
  return {
    ...options,
    headers: Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)),
  };
}

/** Every request injected into this app acts like the web app (see asSameOriginPage). */
export function actAsSameOriginPage(app: FastifyInstance): void {
  const inject = app.inject.bind(app);
  app.inject = ((options: InjectOptions) => inject(asSameOriginPage(options))) as typeof app.inject;
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@test.example.org`;

export async function createPractice(
  database: DatabaseHandle,
  values: Partial<typeof customers.$inferInsert> = {},
): Promise<number> {
  const [row] = await database.db
    .insert(customers)
    .values({
      name: `Praxis ${randomUUID().slice(0, 6)}`,
      street: 'Weg 1',
      postalCode: '10115',
      city: 'Berlin',
      ...values,
    })
    .returning({ id: customers.id });
  if (!row) throw new Error('no practice row');
  return row.id;
}

export type TestUser = { id: number; email: string };

export async function createUser(
  database: DatabaseHandle,
  options: {
    roles: number;
    practiceId?: number;
    pinByEmail?: boolean;
    isConfirmed?: boolean;
    deactivated?: boolean;
    language?: 'de' | 'en';
    /** A name of its own, to find the user by search in a list that other files' users share (PostgreSQL pass). */
    lastName?: string;
    /** A therapist is a psychological psychotherapist unless a test says otherwise (the field is required for them). */
    jobTitleType?: string | null;
  },
): Promise<TestUser> {
  const isTherapist = (options.roles & (Role.THERAPIST | Role.THERAPIST_DRS)) !== 0;
  const email = uniqueEmail();
  const user = await insertUser(database.db, {
    email,
    passwordHash: await passwordHash,
    roles: options.roles,
    firstName: 'Erika',
    lastName: options.lastName ?? 'Muster',
    language: options.language ?? 'de',
    pinTransportMethod: options.pinByEmail ? 'email' : 'none',
    isConfirmed: options.isConfirmed ?? true,
    deactivated: options.deactivated ?? false,
    jobTitleType:
      options.jobTitleType !== undefined ? options.jobTitleType : isTherapist ? 'psychologicalPsychotherapist' : null,
  });
  if (options.practiceId) await linkUserToCustomer(database.db, practiceScope(options.practiceId), user.id);
  return { id: user.id, email };
}

/** The session cookie from a response, ready for the Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'praxia_session');
  if (!cookie) throw new Error(`no session cookie (status ${response.statusCode}: ${response.body})`);
  return `praxia_session=${cookie.value}`;
}

export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const response = await app.inject(
    asSameOriginPage({ method: 'POST', url: '/api/user/login/credentials', payload: { email, password } }),
  );
  return sessionCookie(response);
}

export function call(app: FastifyInstance, cookie: string | undefined, options: InjectOptions) {
  return app.inject(asSameOriginPage({ ...options, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } }));
}

/** The test app with its mails going over SMTP to a capture server; closing closes both. */
export async function createTestAppWithMail(): Promise<TestApp & { smtp: SmtpCapture }> {
  const smtp = await startSmtpCapture();
  const t = await createTestApp({ smtpUrl: smtp.url });
  return {
    ...t,
    smtp,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}

/** What a payment provider does: POST the payment id as a form to the webhook path. */
export function notifyPaymentWebhook(app: FastifyInstance, providerPaymentId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${encodeURIComponent(providerPaymentId)}`,
  });
}

/** A multipart body as a browser sends it: text and file parts (`filename`, optional `type`). */
export function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = '----praxia-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
