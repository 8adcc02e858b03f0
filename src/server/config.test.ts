import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('has embedded defaults: PGlite in ./data, local media, test payments, demo data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.storage).toEqual({ kind: 'local', root: `${config.dataDir}/media` });
    expect(config.payments).toEqual({ provider: 'test' });
    expect(config.demoData).toBe(true);
    expect(config.maxClipBytes).toBe(100 * 1024 * 1024);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.trustedOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(config.checkoutLimits).toEqual({ maxUnitsPerOrder: 10, maxHeldUnitsPerAddress: 20 });
  });

  it('reads the shop caps', () => {
    expect(loadConfig({ MAX_UNITS_PER_ORDER: '4', MAX_HELD_UNITS_PER_ADDRESS: '4' }).checkoutLimits).toEqual({
      maxUnitsPerOrder: 4,
      maxHeldUnitsPerAddress: 4,
    });
  });

  it("reads the bucket's settings: keys with their session token, or none for the AWS SDK's credential chain", () => {
    const bucket = { STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PRESIGNED_REDIRECT: 'true' };
    expect(loadConfig({ ...bucket, S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_SESSION_TOKEN: 'token' }).storage).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'media',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret', sessionToken: 'token' },
      forcePathStyle: true,
    });
    const chain = loadConfig(bucket);
    expect(chain.storage).toMatchObject({ kind: 's3', credentials: undefined });
    expect(chain.mediaDelivery).toEqual({ kind: 's3-redirect', ttlSeconds: 300 });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT="abc": must be a port number'],
    [{ PORT: '70000' }, 'PORT="70000"'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL="mysql://x": must be a postgres:// or postgresql:// URL'],
    [{ STORAGE: 'ftp' }, 'STORAGE="ftp"'],
    [{ MAX_CLIP_BYTES: '-5' }, 'MAX_CLIP_BYTES="-5"'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY="maybe"'],
    [{ STORAGE: 's3' }, 'S3_BUCKET: required when STORAGE=s3'],
    [{ PAYMENT_PROVIDER: 'stripe' }, 'STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe'],
    [{ ADMIN_EMAIL: 'a@b.co' }, 'ADMIN_EMAIL / ADMIN_PASSWORD: set both or neither'],
    [{ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, 'S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both or neither'],
    [{ STORAGE: 's3', S3_BUCKET: 'b', S3_SESSION_TOKEN: 't' }, 'S3_SESSION_TOKEN: only with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'],
    [{ S3_PRESIGNED_REDIRECT: 'true' }, 'S3_PRESIGNED_REDIRECT: only with STORAGE=s3'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL="not a url": must be an absolute http(s) URL'],
    [{ MAX_UNITS_PER_ORDER: '0' }, 'MAX_UNITS_PER_ORDER="0"'],
    [{ MAX_UNITS_PER_ORDER: 'ten' }, 'MAX_UNITS_PER_ORDER="ten": must be a whole number'],
    [{ MAX_HELD_UNITS_PER_ADDRESS: '2.5' }, 'MAX_HELD_UNITS_PER_ADDRESS="2.5"'],
    [
      { MAX_UNITS_PER_ORDER: '30', MAX_HELD_UNITS_PER_ADDRESS: '20' },
      'MAX_HELD_UNITS_PER_ADDRESS: must be at least MAX_UNITS_PER_ORDER (30), or no order that large could start',
    ],
  ])('refuses %o with a one-line explanation', (env, expected) => {
    const problems = problemsOf(env);
    expect(problems.some((line) => line.startsWith(expected))).toBe(true);
    for (const line of problems) expect(line).not.toContain('\n');
  });

  it('reports every bad value at once', () => {
    expect(problemsOf({ PORT: 'abc', STORAGE: 'ftp', LOG_LEVEL: 'loud' })).toHaveLength(3);
  });

  it('treats empty values as unset and chooses Stripe when a secret key is given', () => {
    const config = loadConfig({ PORT: '', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    expect(config.port).toBe(3000);
    expect(config.payments.provider).toBe('stripe');
  });

  it('turns demo data off by default for PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/mingo' }).demoData).toBe(false);
  });

  it('keeps PostgreSQL statements prepared unless DATABASE_PREPARED_STATEMENTS=false', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/mingo' }).databasePreparedStatements).toBe(true);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://localhost/mingo', DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements,
    ).toBe(false);
  });
});
