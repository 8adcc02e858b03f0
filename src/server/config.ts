import path from 'node:path';
import { z } from 'zod';

const DEFAULT_MAX_CLIP_BYTES = 100 * 1024 * 1024;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const optionalString = z.string().trim().min(1).optional();

const EnvSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  ADMIN_PASSWORD: optionalString,
  TRUST_PROXY: booleanFlag.default(false),
  MAX_CLIP_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int()
    .positive()
    .default(DEFAULT_MAX_CLIP_BYTES),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).optional(),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_API_BASE: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_DATA: booleanFlag.optional(),
  STATIC_DIR: optionalString,
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  trustedOrigins: string[];
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  trustProxy: boolean;
  maxClipBytes: number;
  storage:
    | { kind: 'local'; root: string }
    | {
        kind: 's3';
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
  payments:
    | { provider: 'test' }
    | {
        provider: 'stripe';
        secretKey: string;
        webhookSecret: string;
        publishableKey: string | undefined;
        apiBase: string | undefined;
      };
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  demoData: boolean;
  staticDir: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Origins that count as "this site": the public URL plus its localhost/127.0.0.1 twin. */
function originsFor(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  const twins: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };
  const twin = twins[url.hostname];
  if (twin !== undefined) {
    const other = new URL(url.origin);
    other.hostname = twin;
    origins.add(other.origin);
  }
  return [...origins];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in an .env file mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = issue.path.join('.');
        const raw = env[key];
        return `${key}=${JSON.stringify(raw ?? '')}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(e.DATA_DIR);

  let storage: Config['storage'] = { kind: 'local', root: path.join(dataDir, 'media') };
  if (e.STORAGE === 's3') {
    if (e.S3_BUCKET === undefined) problems.push('S3_BUCKET: required when STORAGE=s3');
    storage = {
      kind: 's3',
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET ?? '',
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    };
  }

  const provider = e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY === undefined ? 'test' : 'stripe');
  let payments: Config['payments'] = { provider: 'test' };
  if (provider === 'stripe') {
    if (e.STRIPE_SECRET_KEY === undefined) problems.push('STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe');
    if (e.STRIPE_WEBHOOK_SECRET === undefined) {
      problems.push('STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe');
    }
    payments = {
      provider: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY ?? '',
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      apiBase: e.STRIPE_API_BASE,
    };
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    problems.push('ADMIN_EMAIL / ADMIN_PASSWORD: set both or neither');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    trustedOrigins: originsFor(publicUrl),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    authSecret: e.AUTH_SECRET,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY,
    maxClipBytes: e.MAX_CLIP_BYTES,
    storage,
    payments,
    logLevel: e.LOG_LEVEL,
    // Demo content is on by default for the embedded setup, off for PostgreSQL.
    demoData: e.DEMO_DATA ?? e.DATABASE_URL === undefined,
    staticDir: path.resolve(e.STATIC_DIR ?? 'dist/client'),
  };
}
