import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { SecondFactorKeys } from './modules/auth/totp-secret-box.js';
import type { ObjectStorageSettings } from './storage/s3-file-storage.js';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

/**
 * TRUST_PROXY: a hop count ('1' = one reverse proxy in front) or a comma-separated list of proxy addresses/CIDRs.
 * Fastify then takes the right-most address that is not a trusted hop as the client, so a client cannot choose its
 * own address by sending X-Forwarded-For. 'true' (trust every hop) is refused on purpose.
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value, context): number | string[] | false => {
    if (value === '' || value === '0' || value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const isAddress = (entry: string) => isIP(entry.split('/')[0] ?? '') !== 0 || entry === 'loopback';
    if (entries.every(isAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message: 'TRUST_PROXY must be a hop count (e.g. 1) or a comma-separated list of proxy addresses',
    });
    return z.NEVER;
  });

/**
 * MAP_TILE_URL: a Leaflet tile template, absolute (https://tiles.example.org/{z}/{x}/{y}.png) or on our own origin
 * (/tiles/{z}/{x}/{y}.png). It must name {z}, {x} and {y}, or the map would draw the same tile everywhere.
 */
const mapTileUrlSchema = z
  .string()
  .trim()
  .refine((value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), 'must contain {z}, {x} and {y}')
  .refine(
    (value) =>
      value.startsWith('/') ? !value.startsWith('//') : /^https?:\/\/[^/{}]+\//.test(value) && URL.canParse(value),
    'must be an http(s) URL with a fixed host (no {s}), or a path on this server starting with /',
  );

const iceUrl = z
  .string()
  .trim()
  .regex(/^(stun|stuns|turn|turns):[^\s]+$/, 'must be a stun:, stuns:, turn: or turns: URL');

/**
 * ICE_SERVERS: a JSON array of RTCIceServer entries for the video page ([{"urls":"stun:stun.example.org:3478"}]).
 * Credentials are refused here on purpose: a fixed TURN password would be handed to every visitor; TURN_SECRET makes
 * short-lived ones instead.
 */
const iceServersSchema = z
  .string()
  .trim()
  .transform((value, context) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be a JSON array' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(z.strictObject({ urls: z.union([iceUrl, z.array(iceUrl).min(1).max(10)]) }), {
        error: 'must be a JSON array of {"urls": …} without username or credential',
      })
      .max(10),
  );

/** TURN_URLS: the TURN servers that share TURN_SECRET, comma-separated (turn:turn.example.org:3478,turns:…:5349). */
const turnUrlsSchema = z
  .string()
  .trim()
  .transform((value) => value.split(',').map((url) => url.trim()))
  .pipe(
    z
      .array(iceUrl.regex(/^turns?:/, 'must be a turn: or turns: URL'))
      .min(1)
      .max(10),
  );

const httpUrl = z
  .string()
  .trim()
  .url()
  .regex(/^https?:\/\//, 'must be an http:// or https:// URL');

/** S3's bucket naming rules: 3–63 lowercase letters, digits, dots and hyphens, starting and ending alphanumeric. */
const bucketSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3–63 lowercase letters, digits, . and -)');

/** SECOND_FACTOR_KEY(_PREVIOUS): an AES-256 key, 32 random bytes in base64 as `openssl rand -base64 32` prints them. */
const secondFactorKeySchema = z
  .string()
  .trim()
  .transform((value, context) => {
    const bytes = Buffer.from(value, 'base64');
    if (/^[A-Za-z0-9+/]+={0,2}$/.test(value) && bytes.length === 32) return new Uint8Array(bytes);
    context.addIssue({ code: 'custom', message: 'must be 32 random bytes in base64 (openssl rand -base64 32)' });
    return z.NEVER;
  });

/**
 * Seals the authenticator apps' secrets outside production when SECOND_FACTOR_KEY is unset. Published here, so it
 * protects nothing: production refuses to start with it.
 */
const DEVELOPMENT_SECOND_FACTOR_KEY = new Uint8Array(Buffer.from('praxia-development-only-2fa-key!', 'utf8'));

/** Every environment variable the app reads, checked once at start-up (architecture.md). */
const environmentSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z.string().trim().url().optional(),
  PUBLIC_URL: z.string().trim().url().optional(),
  SMTP_URL: z.string().trim().url().optional(),
  SMTP_FROM: z.string().trim().min(3).default('Praxia <no-reply@praxia.local>'),
  SEED_DEMO: flag.optional(),
  TRUST_PROXY: trustProxySchema.default(false),
  APP_VERSION: z.string().trim().min(1).default('0.1.0'),
  MOLLIE_API_KEY: z.string().trim().min(1).optional(),
  MOLLIE_API_ENDPOINT: z.string().trim().url().optional(),
  /** Naming the sandbox explicitly is the only way to run it in production (a demo installation). */
  PAYMENT_PROVIDER: z.enum(['mollie', 'sandbox']).optional(),
  /** SMS codes for the invoice download: Vonage when its key is set; 'outbox' keeps them (the only way in production). */
  SMS_PROVIDER: z.enum(['vonage', 'outbox']).optional(),
  VONAGE_API_KEY: z.string().trim().min(1).optional(),
  VONAGE_API_SECRET: z.string().trim().min(1).optional(),
  VONAGE_API_HOST: z.string().trim().url().optional(),
  /** The sender shown on the phone: up to 11 letters and digits, or a number. */
  SMS_FROM: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9 ]{1,11}|\+?\d{4,15})$/, 'must be up to 11 letters/digits or a phone number')
    .default('Praxia'),
  ALLOW_EMBEDDED_DATABASE: flag.optional(),
  API_DOCS: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Bytes of medical-history documents each therapist may store (default 2 GiB). */
  STORAGE_QUOTA_BYTES: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(2_147_483_648),
  MAP_TILE_URL: mapTileUrlSchema.default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().trim().min(1).max(300).default('© OpenStreetMap-Mitwirkende'),
  ICE_SERVERS: iceServersSchema.optional(),
  /** coturn's static-auth-secret (use-auth-secret): TURN credentials are derived from it per video session. */
  TURN_SECRET: z.string().trim().min(16, 'must have at least 16 characters').optional(),
  TURN_URLS: turnUrlsSchema.optional(),
  /** Files in this S3-compatible bucket instead of DATA_DIR/files. */
  STORAGE_BUCKET: bucketSchema.optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  /** 'none' for a store that refuses the encryption header (it then encrypts at rest by itself, or not at all). */
  S3_SERVER_SIDE_ENCRYPTION: z.enum(['AES256', 'aws:kms', 'none']).optional(),
  // Read by the AWS SDK itself; named here only so a typo stops the start instead of the first upload.
  AWS_ENDPOINT_URL_S3: httpUrl.optional(),
  AWS_ENDPOINT_URL: httpUrl.optional(),
  AWS_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /**
   * Years the audit log keeps its rows, counted from the end of the row's calendar year. Billing-related rows and
   * changes: at least the 10 years of §147 AO; reads: at least 1 year, so that a patient's access report (DSGVO
   * Art. 15) can always show the past year. The database refuses shorter ones too (migration 0026).
   */
  AUDIT_RETENTION_BILLING_YEARS: z.coerce.number().int().min(10).max(100).default(10),
  AUDIT_RETENTION_READS_YEARS: z.coerce.number().int().min(1).max(100).default(3),
  /** The platform's operator, the issuer of the practices' plan invoices (§14 Abs. 4 Nr. 1 and 2 UStG). */
  OPERATOR_NAME: z.string().trim().min(2).max(120).optional(),
  /** Street and town, separated by commas: 'Musterstraße 1, 10115 Berlin'. */
  OPERATOR_ADDRESS: z.string().trim().min(5).max(200).optional(),
  OPERATOR_VAT_ID: z
    .string()
    .trim()
    .regex(/^DE\d{9}$/, 'must be a German VAT identification number (DE and 9 digits)')
    .optional(),
  /** Encrypts the authenticator apps' secrets in the database; the previous key only decrypts (rotation). */
  SECOND_FACTOR_KEY: secondFactorKeySchema.optional(),
  SECOND_FACTOR_KEY_PREVIOUS: secondFactorKeySchema.optional(),
});

/** The plan invoices' issuer outside production (and in a demo installation): plainly an example. */
const EXAMPLE_OPERATOR = {
  name: 'Praxia Beispielbetreiber',
  addressLines: ['Musterstraße 1', '10115 Berlin'],
  vatId: 'DE123456789',
};

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  smtpUrl?: string;
  smtpFrom: string;
  /** undefined: seed when the embedded database is new (never in production). */
  seedDemo?: boolean;
  isProduction: boolean;
  /** Fastify's trustProxy: false, a hop count or the trusted proxy addresses. */
  trustProxy: false | number | string[];
  version: string;
  /** Mollie is used when a key is set; otherwise the built-in sandbox provider (outside production). */
  mollieApiKey?: string;
  /** Mollie's API root; only changed to point tests at a stand-in server. */
  mollieApiEndpoint?: string;
  paymentProvider?: 'mollie' | 'sandbox';
  /**
   * The origin of a stand-in push service on this machine (plain http, a loopback address) that subscriptions may
   * name although every other private address is refused; set only by tests, never read from the environment.
   */
  pushServiceStandIn?: string;
  /** Vonage's key, secret and (for tests' stand-in only) its REST host; null without a key. */
  vonage: { apiKey: string; apiSecret: string; restHost?: string } | null;
  /** 'outbox' keeps text messages in a table (default outside production); unset in production = no SMS. */
  smsProvider?: 'vonage' | 'outbox';
  smsFrom: string;
  /** Production on the embedded database needs this explicit consent (README: durability). */
  allowEmbeddedDatabase: boolean;
  /** /api/docs: on outside production, off in production unless API_DOCS=1. */
  isApiDocsEnabled: boolean;
  logLevel: string;
  /** Per-therapist storage for medical-history documents (active, changed and deleted files count). */
  storageQuotaBytes: number;
  /** The profile map's tile URL template (absolute, or a path on this server) and the attribution its tiles need. */
  mapTileUrl: string;
  mapTileAttribution: string;
  /** STUN/TURN servers without credentials for the video page; empty works on a local network. */
  iceServers: { urls: string | string[] }[];
  /** TURN servers with coturn's shared secret (short-lived credentials per session), or null. */
  turn: { secret: string; urls: string[] } | null;
  /** An upload whose body sends nothing for this long is answered 408 and its connection closed. */
  uploadIdleTimeoutMs: number;
  /**
   * The longest an upload's body may take to arrive (a 20 MiB file on a slow uplink); also the server-wide limit for
   * receiving any request.
   */
  uploadTimeoutMs: number;
  /** The S3-compatible bucket holding the files, or null for the local directory DATA_DIR/files. */
  objectStorage: ObjectStorageSettings | null;
  /** Years the audit log keeps billing-related rows and changes, and reads (counted from the end of their year). */
  auditRetention: { billingYears: number; readsYears: number };
  /** The issuer of the practices' plan invoices. */
  operator: { name: string; addressLines: string[]; vatId: string };
  /** Whether `operator` was configured (production with real payments needs it) or is the example. */
  isOperatorConfigured: boolean;
  /** The keys of the authenticator apps' secrets (the development key unless SECOND_FACTOR_KEY is set). */
  secondFactorKeys: SecondFactorKeys;
  /** Whether SECOND_FACTOR_KEY was set (production needs it) or the development key is in use. */
  isSecondFactorKeyConfigured: boolean;
};

export class ConfigError extends Error {}

/** Reads and checks the runtime configuration from the environment; a wrong value stops the start with one line. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  if (Boolean(values.VONAGE_API_KEY) !== Boolean(values.VONAGE_API_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: VONAGE_API_KEY and VONAGE_API_SECRET are set together or not at all.',
    );
  }
  if (Boolean(values.TURN_SECRET) !== Boolean(values.TURN_URLS)) {
    throw new ConfigError('Invalid configuration: TURN_SECRET and TURN_URLS are set together or not at all.');
  }
  const isProduction = values.NODE_ENV === 'production';
  const objectStorage = objectStorageOf(values);
  return {
    port: values.PORT,
    // Development listens on loopback only; a server reachable from the network says so with HOST.
    host: values.HOST ?? '127.0.0.1',
    dataDir: resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    smtpUrl: values.SMTP_URL,
    smtpFrom: values.SMTP_FROM,
    seedDemo: values.SEED_DEMO,
    isProduction,
    trustProxy: values.TRUST_PROXY,
    version: values.APP_VERSION,
    mollieApiKey: values.MOLLIE_API_KEY,
    mollieApiEndpoint: values.MOLLIE_API_ENDPOINT,
    paymentProvider: values.PAYMENT_PROVIDER,
    vonage:
      values.VONAGE_API_KEY && values.VONAGE_API_SECRET
        ? { apiKey: values.VONAGE_API_KEY, apiSecret: values.VONAGE_API_SECRET, restHost: values.VONAGE_API_HOST }
        : null,
    smsProvider: values.SMS_PROVIDER,
    smsFrom: values.SMS_FROM,
    allowEmbeddedDatabase: values.ALLOW_EMBEDDED_DATABASE ?? false,
    isApiDocsEnabled: values.API_DOCS ?? !isProduction,
    logLevel: values.LOG_LEVEL ?? 'warn',
    storageQuotaBytes: values.STORAGE_QUOTA_BYTES,
    mapTileUrl: values.MAP_TILE_URL,
    mapTileAttribution: values.MAP_TILE_ATTRIBUTION,
    iceServers: values.ICE_SERVERS ?? [],
    turn: values.TURN_SECRET && values.TURN_URLS ? { secret: values.TURN_SECRET, urls: values.TURN_URLS } : null,
    uploadIdleTimeoutMs: 30_000,
    uploadTimeoutMs: 600_000,
    objectStorage,
    auditRetention: {
      billingYears: values.AUDIT_RETENTION_BILLING_YEARS,
      readsYears: values.AUDIT_RETENTION_READS_YEARS,
    },
    ...operatorOf(values),
    ...secondFactorKeysOf(values),
  };
}

function secondFactorKeysOf(values: z.infer<typeof environmentSchema>) {
  const { SECOND_FACTOR_KEY: current, SECOND_FACTOR_KEY_PREVIOUS: previous } = values;
  if (previous && !current) {
    throw new ConfigError(
      'Invalid configuration: SECOND_FACTOR_KEY_PREVIOUS needs SECOND_FACTOR_KEY, the key new secrets are encrypted with.',
    );
  }
  return {
    secondFactorKeys: { current: current ?? DEVELOPMENT_SECOND_FACTOR_KEY, previous: previous ?? null },
    isSecondFactorKeyConfigured: Boolean(current),
  };
}

function objectStorageOf(values: z.infer<typeof environmentSchema>): ObjectStorageSettings | null {
  if (Boolean(values.AWS_ACCESS_KEY_ID) !== Boolean(values.AWS_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together or not at all.',
    );
  }
  if (!values.STORAGE_BUCKET) {
    const stray = (['S3_FORCE_PATH_STYLE', 'S3_SERVER_SIDE_ENCRYPTION'] as const).filter((name) => values[name]);
    if (stray.length > 0) {
      throw new ConfigError(`Invalid configuration: ${stray.join(' and ')} need STORAGE_BUCKET (the object storage).`);
    }
    return null;
  }
  const encryption = values.S3_SERVER_SIDE_ENCRYPTION ?? 'AES256';
  return {
    bucket: values.STORAGE_BUCKET,
    forcePathStyle: values.S3_FORCE_PATH_STYLE ?? false,
    serverSideEncryption: encryption === 'none' ? null : encryption,
    hasCustomEndpoint: Boolean(values.AWS_ENDPOINT_URL_S3 ?? values.AWS_ENDPOINT_URL),
  };
}

function operatorOf(values: z.infer<typeof environmentSchema>) {
  const { OPERATOR_NAME: name, OPERATOR_ADDRESS: address, OPERATOR_VAT_ID: vatId } = values;
  const given = [name, address, vatId].filter(Boolean).length;
  if (given !== 0 && given !== 3) {
    throw new ConfigError(
      'Invalid configuration: OPERATOR_NAME, OPERATOR_ADDRESS and OPERATOR_VAT_ID are set together or not at all.',
    );
  }
  if (!name || !address || !vatId) return { operator: EXAMPLE_OPERATOR, isOperatorConfigured: false };
  const addressLines = address
    .split(',')
    .map((line) => line.trim())
    .filter(Boolean);
  return { operator: { name, addressLines, vatId }, isOperatorConfigured: true };
}

/** A demo installation (the sandbox named as payment provider, SEED_DEMO=1) keeps and seeds the demo accounts. */
export function isDemoInstallation(config: Pick<AppConfig, 'seedDemo' | 'paymentProvider'>): boolean {
  return config.seedDemo === true && config.paymentProvider === 'sandbox';
}

/**
 * What a production start refuses: demo data (known passwords) outside a demo installation, the sandbox payment
 * provider (anyone holding a payment id could mark it paid) unless named explicitly, the published development key
 * of the second factors, the embedded database unless explicitly allowed, and a PUBLIC_URL without https (the
 * session cookie is Secure only then).
 */
export function assertProductionSafety(config: AppConfig): void {
  if (!config.isProduction) return;
  if (config.seedDemo && !isDemoInstallation(config)) {
    throw new ConfigError(
      'SEED_DEMO=1 in production is only for a demo installation (demo users have published passwords): set PAYMENT_PROVIDER=sandbox too, or leave SEED_DEMO unset.',
    );
  }
  if (!config.mollieApiKey && config.paymentProvider !== 'sandbox') {
    throw new ConfigError(
      'No payment provider: set MOLLIE_API_KEY, or PAYMENT_PROVIDER=sandbox for a demo installation without payments.',
    );
  }
  // Real payments get real invoices: the issuer's name, address and VAT id must be the operator's own.
  if (config.mollieApiKey && !config.isOperatorConfigured) {
    throw new ConfigError(
      'Production with payments issues the practices’ plan invoices: set OPERATOR_NAME, OPERATOR_ADDRESS and OPERATOR_VAT_ID.',
    );
  }
  // The development key is published: with it, a database dump would give away every authenticator app's secret.
  if (!config.isSecondFactorKeyConfigured) {
    throw new ConfigError(
      'Production needs SECOND_FACTOR_KEY, the key the authenticator apps’ secrets are encrypted with: 32 random bytes in base64 (openssl rand -base64 32); keep it apart from the database backups.',
    );
  }
  if (!config.databaseUrl && !config.allowEmbeddedDatabase) {
    throw new ConfigError(
      'Production needs PostgreSQL (DATABASE_URL). The embedded database is for trying Praxia; ALLOW_EMBEDDED_DATABASE=1 runs it anyway (see README: durability).',
    );
  }
  // Unset, PUBLIC_URL is http://localhost:$PORT, so one check covers both a missing and an http address.
  if (!config.publicUrl.startsWith('https://')) {
    throw new ConfigError(
      `Production needs PUBLIC_URL set to the https:// address Praxia is reached at (without it session cookies are not Secure); it is ${config.publicUrl}.`,
    );
  }
}

/**
 * Where the map tiles come from, as the browser sees it: null when they are served by this server (a path, or an
 * absolute URL on our public origin), else the tile server's origin (for the CSP and the visitor's consent).
 */
export function mapTileOrigin(config: Pick<AppConfig, 'mapTileUrl' | 'publicUrl'>): string | null {
  if (config.mapTileUrl.startsWith('/')) return null;
  // The template's braces are not valid in a host but are fine in the path, which URL leaves alone here.
  const origin = new URL(config.mapTileUrl).origin;
  return origin === new URL(config.publicUrl).origin ? null : origin;
}
