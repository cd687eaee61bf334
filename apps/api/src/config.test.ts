import { describe, expect, it } from 'vitest';
import { assertProductionSafety, ConfigError, mapTileOrigin, readConfig } from './config.js';
import { keyIdOf } from './modules/auth/totp-secret-box.js';

/** Two keys as `openssl rand -base64 32` prints them. */
const SECOND_FACTOR_KEY = Buffer.alloc(32, 1).toString('base64');
const OLDER_SECOND_FACTOR_KEY = Buffer.alloc(32, 2).toString('base64');

describe('readConfig', () => {
  it('uses the local directory unless STORAGE_BUCKET names a bucket, with encryption requested by default', () => {
    expect(readConfig({}).objectStorage).toBeNull();
    expect(readConfig({ STORAGE_BUCKET: 'praxia-files' }).objectStorage).toEqual({
      bucket: 'praxia-files',
      forcePathStyle: false,
      serverSideEncryption: 'AES256',
      hasCustomEndpoint: false,
    });
    expect(
      readConfig({
        STORAGE_BUCKET: 'praxia-files',
        S3_FORCE_PATH_STYLE: '1',
        S3_SERVER_SIDE_ENCRYPTION: 'none',
        AWS_ENDPOINT_URL_S3: 'https://minio.example.org',
      }).objectStorage,
    ).toEqual({ bucket: 'praxia-files', forcePathStyle: true, serverSideEncryption: null, hasCustomEndpoint: true });
  });

  it('refuses an object storage setup that cannot work, naming the variable', () => {
    expect(() => readConfig({ STORAGE_BUCKET: 'Praxia_Files' })).toThrow(/STORAGE_BUCKET: must be an S3 bucket name/);
    expect(() => readConfig({ S3_FORCE_PATH_STYLE: '1' })).toThrow(/S3_FORCE_PATH_STYLE need STORAGE_BUCKET/);
    expect(() => readConfig({ STORAGE_BUCKET: 'praxia-files', S3_SERVER_SIDE_ENCRYPTION: 'DES' })).toThrow(
      /S3_SERVER_SIDE_ENCRYPTION/,
    );
    expect(() => readConfig({ STORAGE_BUCKET: 'praxia-files', AWS_ENDPOINT_URL_S3: 'minio:9000' })).toThrow(
      /AWS_ENDPOINT_URL_S3/,
    );
    expect(() => readConfig({ STORAGE_BUCKET: 'praxia-files', AWS_ACCESS_KEY_ID: 'key' })).toThrow(
      /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together/,
    );
  });

  it('listens on loopback unless HOST says otherwise', () => {
    expect(readConfig({}).host).toBe('127.0.0.1');
    expect(readConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('refuses a port that is not a port, with one readable line', () => {
    expect(() => readConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => readConfig({ PORT: '70000' })).toThrow(ConfigError);
  });

  it('keeps the audit log 10 years for billing and changes, 3 for reads; longer on request, never below the law', () => {
    expect(readConfig({}).auditRetention).toEqual({ billingYears: 10, readsYears: 3 });
    expect(
      readConfig({ AUDIT_RETENTION_BILLING_YEARS: '12', AUDIT_RETENTION_READS_YEARS: '1' }).auditRetention,
    ).toEqual({ billingYears: 12, readsYears: 1 });
    expect(() => readConfig({ AUDIT_RETENTION_BILLING_YEARS: '8' })).toThrow(/AUDIT_RETENTION_BILLING_YEARS/);
    expect(() => readConfig({ AUDIT_RETENTION_READS_YEARS: '0' })).toThrow(/AUDIT_RETENTION_READS_YEARS/);
    expect(() => readConfig({ AUDIT_RETENTION_READS_YEARS: 'drei' })).toThrow(ConfigError);
  });

  it('takes TRUST_PROXY as a hop count or an address list, never as "trust everything"', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('takes the map tiles from OpenStreetMap unless MAP_TILE_URL names another server or a path of ours', () => {
    expect(readConfig({})).toMatchObject({
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapTileAttribution: '© OpenStreetMap-Mitwirkende',
    });
    const own = readConfig({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'Eigene Karte' });
    expect(own).toMatchObject({ mapTileUrl: '/tiles/{z}/{x}/{y}.png', mapTileAttribution: 'Eigene Karte' });
    expect(mapTileOrigin(own)).toBeNull();
    expect(mapTileOrigin(readConfig({}))).toBe('https://tile.openstreetmap.org');
    const ours = readConfig({
      PUBLIC_URL: 'https://praxia.example',
      MAP_TILE_URL: 'https://praxia.example/t/{z}/{x}/{y}',
    });
    expect(mapTileOrigin(ours)).toBeNull();
    for (const bad of [
      'https://tiles.example.org/{z}/{x}.png',
      'https://{s}.tile.example.org/{z}/{x}/{y}.png',
      '//tiles.example.org/{z}/{x}/{y}.png',
      'ftp://tiles.example.org/{z}/{x}/{y}.png',
      'javascript:alert(1)//{z}/{x}/{y}',
    ]) {
      expect(() => readConfig({ MAP_TILE_URL: bad }), bad).toThrow(/MAP_TILE_URL/);
    }
  });

  it('gives each therapist 2 GiB of document storage unless STORAGE_QUOTA_BYTES says otherwise', () => {
    expect(readConfig({}).storageQuotaBytes).toBe(2_147_483_648);
    expect(readConfig({ STORAGE_QUOTA_BYTES: '1048576' }).storageQuotaBytes).toBe(1_048_576);
    expect(() => readConfig({ STORAGE_QUOTA_BYTES: '-1' })).toThrow(/STORAGE_QUOTA_BYTES/);
  });

  it('takes ICE_SERVERS as a JSON array of STUN/TURN URLs without credentials, and TURN_SECRET with TURN_URLS', () => {
    expect(readConfig({})).toMatchObject({ iceServers: [], turn: null });
    const configured = readConfig({
      ICE_SERVERS: '[{"urls":"stun:stun.example.org:3478"},{"urls":["stun:a.example.org","stuns:b.example.org"]}]',
      TURN_SECRET: 'a-long-shared-secret',
      TURN_URLS: 'turn:turn.example.org:3478, turns:turn.example.org:5349',
    });
    expect(configured.iceServers).toEqual([
      { urls: 'stun:stun.example.org:3478' },
      { urls: ['stun:a.example.org', 'stuns:b.example.org'] },
    ]);
    expect(configured.turn).toEqual({
      secret: 'a-long-shared-secret',
      urls: ['turn:turn.example.org:3478', 'turns:turn.example.org:5349'],
    });
    for (const bad of [
      'not json',
      '{"urls":"stun:x"}',
      '[{"urls":"https://stun.example.org"}]',
      '[{"urls":"turn:t.example.org","username":"u","credential":"fixed"}]',
    ]) {
      expect(() => readConfig({ ICE_SERVERS: bad }), bad).toThrow(/ICE_SERVERS/);
    }
    expect(() => readConfig({ TURN_SECRET: 'a-long-shared-secret' })).toThrow(/TURN_URLS/);
    expect(() => readConfig({ TURN_URLS: 'turn:t.example.org', TURN_SECRET: 'short' })).toThrow(/TURN_SECRET/);
    expect(() => readConfig({ TURN_URLS: 'stun:t.example.org', TURN_SECRET: 'a-long-shared-secret' })).toThrow(
      /TURN_URLS/,
    );
  });

  it('encrypts second-factor secrets with SECOND_FACTOR_KEY, the development key when unset', () => {
    const development = readConfig({});
    expect(development.isSecondFactorKeyConfigured).toBe(false);
    expect(Buffer.from(development.secondFactorKeys.current).toString()).toBe('praxia-development-only-2fa-key!');
    expect(development.secondFactorKeys.previous).toBeNull();
    const rotating = readConfig({
      SECOND_FACTOR_KEY,
      SECOND_FACTOR_KEY_PREVIOUS: ` ${OLDER_SECOND_FACTOR_KEY} `,
    });
    expect(rotating.isSecondFactorKeyConfigured).toBe(true);
    expect(rotating.secondFactorKeys.current).toEqual(new Uint8Array(32).fill(1));
    expect(rotating.secondFactorKeys.previous).toEqual(new Uint8Array(32).fill(2));
    expect(keyIdOf(rotating.secondFactorKeys.current)).not.toBe(keyIdOf(development.secondFactorKeys.current));
  });

  it('refuses a SECOND_FACTOR_KEY that is not 32 bytes in base64, and a previous key alone', () => {
    for (const bad of [
      Buffer.alloc(16, 1).toString('base64'),
      Buffer.alloc(33, 1).toString('base64'),
      'not base64 at all, but long enough to be 32 bytes!!',
      '0123456789abcdef0123456789abcdef',
    ]) {
      expect(() => readConfig({ SECOND_FACTOR_KEY: bad }), bad).toThrow(
        /^Invalid configuration: SECOND_FACTOR_KEY: must be 32 random bytes in base64 \(openssl rand -base64 32\)$/,
      );
      expect(() => readConfig({ SECOND_FACTOR_KEY, SECOND_FACTOR_KEY_PREVIOUS: bad }), bad).toThrow(
        /SECOND_FACTOR_KEY_PREVIOUS: must be 32 random bytes/,
      );
    }
    expect(() => readConfig({ SECOND_FACTOR_KEY_PREVIOUS: OLDER_SECOND_FACTOR_KEY })).toThrow(
      /SECOND_FACTOR_KEY_PREVIOUS needs SECOND_FACTOR_KEY/,
    );
  });

  it('serves the API docs outside production, and in production only when enabled', () => {
    expect(readConfig({}).isApiDocsEnabled).toBe(true);
    expect(readConfig({ NODE_ENV: 'production' }).isApiDocsEnabled).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', API_DOCS: '1' }).isApiDocsEnabled).toBe(true);
  });
});

describe('assertProductionSafety', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://db/praxia',
    MOLLIE_API_KEY: 'live_x',
    PUBLIC_URL: 'https://praxia.example',
    OPERATOR_NAME: 'Praxia GmbH',
    OPERATOR_ADDRESS: 'Hauptstraße 5, 10827 Berlin',
    OPERATOR_VAT_ID: 'DE811907980',
    SECOND_FACTOR_KEY,
  };

  it('accepts a production start with PostgreSQL, a real payment provider and an https PUBLIC_URL', () => {
    expect(() => assertProductionSafety(readConfig(production))).not.toThrow();
  });

  it('refuses demo data in production unless it is a demo installation with the sandbox', () => {
    expect(() => assertProductionSafety(readConfig({ ...production, SEED_DEMO: '1' }))).toThrow(
      /^SEED_DEMO=1 .*PAYMENT_PROVIDER=sandbox/,
    );
    const { MOLLIE_API_KEY: _, ...withoutMollie } = production;
    const demo = { ...withoutMollie, PAYMENT_PROVIDER: 'sandbox', SEED_DEMO: '1' };
    expect(() => assertProductionSafety(readConfig(demo))).not.toThrow();
  });

  it('refuses a production start without an https PUBLIC_URL (cookies would not be Secure)', () => {
    const { PUBLIC_URL: _, ...withoutPublicUrl } = production;
    expect(() => assertProductionSafety(readConfig(withoutPublicUrl))).toThrow(/^Production needs PUBLIC_URL/);
    expect(() => assertProductionSafety(readConfig({ ...production, PUBLIC_URL: 'http://praxia.example' }))).toThrow(
      /^Production needs PUBLIC_URL/,
    );
    // Development keeps its default.
    expect(readConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(() => assertProductionSafety(readConfig({}))).not.toThrow();
  });

  it('refuses the sandbox payment provider unless it is named explicitly', () => {
    const { MOLLIE_API_KEY: _, ...withoutMollie } = production;
    expect(() => assertProductionSafety(readConfig(withoutMollie))).toThrow(/PAYMENT_PROVIDER=sandbox/);
    expect(() => assertProductionSafety(readConfig({ ...withoutMollie, PAYMENT_PROVIDER: 'sandbox' }))).not.toThrow();
  });

  it('refuses real payments without the operator who issues the plan invoices (§14 Abs. 4 Nr. 1, 2 UStG)', () => {
    const { OPERATOR_NAME: _, OPERATOR_ADDRESS: __, OPERATOR_VAT_ID: ___, ...withoutOperator } = production;
    expect(() => assertProductionSafety(readConfig(withoutOperator))).toThrow(/OPERATOR_NAME, OPERATOR_ADDRESS/);
    // Set together or not at all, the VAT id in its German form.
    expect(() => readConfig({ OPERATOR_NAME: 'Praxia GmbH' })).toThrow(/set together/);
    expect(() => readConfig({ ...production, OPERATOR_VAT_ID: '811907980' })).toThrow(/OPERATOR_VAT_ID/);
    expect(readConfig(production).operator).toEqual({
      name: 'Praxia GmbH',
      addressLines: ['Hauptstraße 5', '10827 Berlin'],
      vatId: 'DE811907980',
    });
    // A demo installation without payments prints the example operator.
    const { MOLLIE_API_KEY: ____, ...demo } = withoutOperator;
    const demoConfig = readConfig({ ...demo, PAYMENT_PROVIDER: 'sandbox' });
    expect(() => assertProductionSafety(demoConfig)).not.toThrow();
    expect(demoConfig.operator.name).toBe('Praxia Beispielbetreiber');
  });

  it('refuses to encrypt second factors with the published development key', () => {
    const { SECOND_FACTOR_KEY: _, ...withoutKey } = production;
    expect(() => assertProductionSafety(readConfig(withoutKey))).toThrow(/^Production needs SECOND_FACTOR_KEY/);
    // A demo installation keeps real secrets of whoever enrols too.
    const { MOLLIE_API_KEY: __, ...demo } = withoutKey;
    expect(() => assertProductionSafety(readConfig({ ...demo, PAYMENT_PROVIDER: 'sandbox', SEED_DEMO: '1' }))).toThrow(
      /SECOND_FACTOR_KEY/,
    );
  });

  it('refuses the embedded database unless explicitly allowed', () => {
    const { DATABASE_URL: _, ...embedded } = production;
    expect(() => assertProductionSafety(readConfig(embedded))).toThrow(/ALLOW_EMBEDDED_DATABASE/);
    expect(() => assertProductionSafety(readConfig({ ...embedded, ALLOW_EMBEDDED_DATABASE: '1' }))).not.toThrow();
  });
});
