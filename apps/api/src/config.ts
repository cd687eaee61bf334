import { resolve } from 'node:path';

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  smtpUrl?: string;
  smtpFrom: string;
  /** undefined: seed when the embedded database is new. */
  seedDemo?: boolean;
  isProduction: boolean;
  trustProxy: boolean;
  version: string;
  /** Mollie is used when a key is set; otherwise the built-in sandbox provider. */
  mollieApiKey?: string;
  /** Mollie's API root; only changed to point tests at a stand-in server. */
  mollieApiEndpoint?: string;
};

/** Reads the runtime configuration from the environment (architecture.md). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM ?? 'Praxia <no-reply@praxia.local>',
    seedDemo: env.SEED_DEMO === undefined ? undefined : env.SEED_DEMO === '1' || env.SEED_DEMO === 'true',
    isProduction: env.NODE_ENV === 'production',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    version: env.APP_VERSION ?? '0.1.0',
    mollieApiKey: env.MOLLIE_API_KEY || undefined,
    mollieApiEndpoint: env.MOLLIE_API_ENDPOINT || undefined,
  };
}
