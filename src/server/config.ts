import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATA_DIR } from './db/pglite-location';

const DEFAULT_MAX_CLIP_BYTES = 100 * 1024 * 1024;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const optionalString = z.string().trim().min(1).optional();

const TRUST_PROXY_HELP =
  'use the number of proxies in front of the app (1 for one nginx) or their addresses/CIDRs, e.g. TRUST_PROXY=1 or TRUST_PROXY=127.0.0.1,10.0.0.0/8';

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may set X-Forwarded-For (decision 070): `false`/`0` none, a hop count, or
 * addresses/CIDRs. The client address is then read from the right, past the trusted proxies only,
 * so a forged leftmost entry changes nothing. The old `true` (trust every hop) is refused.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === 'false' || value === 'no' || value === 'off') return false;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Math.min(Number(value), 100);
    if (['true', 'yes', 'on'].includes(value)) {
      ctx.addIssue({ code: 'custom', message: `trusting every proxy lets clients forge their address; ${TRUST_PROXY_HELP}` });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.find((entry) => !isAddressOrCidr(entry));
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: `"${bad}" is not an address or CIDR; ${TRUST_PROXY_HELP}` });
      return z.NEVER;
    }
    return entries;
  });

const EnvSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100).default(5),
  DATABASE_PREPARED_STATEMENTS: booleanFlag.default(true),
  AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  ADMIN_PASSWORD: optionalString,
  TRUST_PROXY: TrustProxySchema.default(false),
  MAX_CLIP_BYTES: z.coerce.number({ error: 'must be a number of bytes' }).int().positive().default(DEFAULT_MAX_CLIP_BYTES),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Temporary credentials (STS, an assumed role) come with a session token. */
  S3_SESSION_TOKEN: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  MEDIA_ACCEL: z.enum(['off', 'nginx']).default('off'),
  MEDIA_ACCEL_PREFIX: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*\/$/, { error: 'must be a path that starts and ends with /' })
    .default('/_mingo_media/'),
  S3_PRESIGNED_REDIRECT: booleanFlag.default(false),
  S3_PRESIGNED_TTL_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(10).max(3600).default(300),
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).optional(),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_API_BASE: z.url().optional(),
  TMDB_API_KEY: optionalString,
  TMDB_API_URL: z.url().default('https://api.themoviedb.org/3'),
  TMDB_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(100).max(60_000).default(8_000),
  SHIP_COUNTRIES: z
    .string()
    .default('US')
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((code) => code.trim().toUpperCase())
          .filter((code) => code !== ''),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(/^[A-Z]{2}$/, { error: 'must be comma-separated two-letter country codes, e.g. US,CA' }))
        .min(1, { error: 'must name at least one country, e.g. US' }),
    ),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587' })
    .optional(),
  MAIL_FROM: optionalString,
  /** How often each instance's mail worker looks for due e-mails (a request that queues one also wakes it). */
  MAIL_POLL_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(1).max(3600).default(5),
  /** The first retry's delay; each further one doubles it, up to an hour. */
  MAIL_RETRY_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(1).max(3600).default(30),
  /** Attempts before an e-mail becomes a dead letter (shown to admins, who can send it again). */
  MAIL_MAX_ATTEMPTS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(50).default(10),
  /** The SMTP connection, greeting and socket-idle timeouts. */
  SMTP_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(1).max(120).default(30),
  SHUTDOWN_DRAIN_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(60_000).default(0),
  ORDER_SWEEP_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(0).max(86_400).default(300),
  /** Units one order (and so one cart line) may hold (decision 192). */
  MAX_UNITS_PER_ORDER: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(100_000).default(10),
  /** Units one client address may hold in open (unpaid, unexpired) checkout sessions together (decision 192). */
  MAX_HELD_UNITS_PER_ADDRESS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(1_000_000).default(20),
  /** Members a friends' league may have (the organisers' community league has no limit). */
  LEAGUE_MAX_MEMBERS: z.coerce.number({ error: 'must be a whole number' }).int().min(2).max(10_000).default(50),
  /** Live league pages (event streams) one browser, and one client address, may hold open on one instance. */
  LEAGUE_STREAMS_PER_PLAYER: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(1_000).default(10),
  LEAGUE_STREAMS_PER_ADDRESS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(1_000_000).default(200),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_DATA: booleanFlag.optional(),
  STATIC_DIR: optionalString,
});

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

type Env = z.output<typeof EnvSchema>;

/**
 * The S3 bucket's settings. Without S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY the SDK's own
 * credential chain answers (AWS_* variables, a shared profile, the instance's or task's IAM role),
 * temporary credentials included.
 */
function s3SettingsOf(e: Env) {
  const keys =
    e.S3_ACCESS_KEY_ID === undefined || e.S3_SECRET_ACCESS_KEY === undefined
      ? undefined
      : { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY, sessionToken: e.S3_SESSION_TOKEN };
  return {
    kind: 's3' as const,
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET ?? '',
    region: e.S3_REGION,
    /** Undefined: the SDK's default credential chain. */
    credentials: keys,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

export type S3Settings = ReturnType<typeof s3SettingsOf>;
type StorageSettings = { kind: 'local'; root: string } | S3Settings;
/**
 * How /media bytes leave: `app` streams them; `nginx` (MEDIA_ACCEL=nginx, local storage) hands the
 * file to nginx with X-Accel-Redirect under `prefix`; `s3-redirect` answers 302 to a presigned URL.
 */
type MediaDelivery = { kind: 'app' } | { kind: 'nginx'; prefix: string } | { kind: 's3-redirect'; ttlSeconds: number };
type Payments =
  | { provider: 'test' }
  | { provider: 'stripe'; secretKey: string; webhookSecret: string; publishableKey: string | undefined; apiBase: string | undefined };

/** The checked environment as the app reads it; each cross-field problem is an issue without a path. */
const ConfigSchema = EnvSchema.transform((e, ctx) => {
  const problems: string[] = [];

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(e.DATA_DIR);

  let storage: StorageSettings = { kind: 'local', root: path.join(dataDir, 'media') };
  if (e.STORAGE === 's3') {
    if (e.S3_BUCKET === undefined) problems.push('S3_BUCKET: required when STORAGE=s3');
    storage = s3SettingsOf(e);
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push("S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both or neither (neither: the AWS SDK's credential chain)");
  }
  if (e.S3_SESSION_TOKEN !== undefined && e.S3_ACCESS_KEY_ID === undefined) {
    problems.push('S3_SESSION_TOKEN: only with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }

  let mediaDelivery: MediaDelivery = { kind: 'app' };
  if (e.MEDIA_ACCEL === 'nginx') {
    if (e.STORAGE !== 'local') problems.push('MEDIA_ACCEL=nginx: only with STORAGE=local (use S3_PRESIGNED_REDIRECT for S3)');
    mediaDelivery = { kind: 'nginx', prefix: e.MEDIA_ACCEL_PREFIX };
  }
  if (e.S3_PRESIGNED_REDIRECT) {
    if (e.STORAGE !== 's3') problems.push('S3_PRESIGNED_REDIRECT: only with STORAGE=s3');
    mediaDelivery = { kind: 's3-redirect', ttlSeconds: e.S3_PRESIGNED_TTL_SECONDS };
  }

  const provider = e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY === undefined ? 'test' : 'stripe');
  let payments: Payments = { provider: 'test' };
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
  if (e.MAX_HELD_UNITS_PER_ADDRESS < e.MAX_UNITS_PER_ORDER) {
    problems.push(
      `MAX_HELD_UNITS_PER_ADDRESS: must be at least MAX_UNITS_PER_ORDER (${e.MAX_UNITS_PER_ORDER}), or no order that large could start`,
    );
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    problems.push('ADMIN_EMAIL / ADMIN_PASSWORD: set both or neither');
  }
  for (const message of problems) ctx.addIssue({ code: 'custom', message, path: [] });
  if (problems.length > 0) return z.NEVER;

  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    /** Origins that count as "this site". */
    trustedOrigins: originsFor(publicUrl),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    /** Shared rate-limit counters in Redis instead of PostgreSQL (see rate-limit-store.ts). */
    redisUrl: e.REDIS_URL,
    /** PostgreSQL connections per process. */
    databasePoolSize: e.DATABASE_POOL_SIZE,
    /** Whether PostgreSQL connections keep their statements prepared (decision 209; off behind a pooler that cannot). */
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    authSecret: e.AUTH_SECRET,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    /** Fastify's trustProxy: false, a hop count, or proxy addresses/CIDRs. */
    trustProxy: e.TRUST_PROXY,
    maxClipBytes: e.MAX_CLIP_BYTES,
    storage,
    mediaDelivery,
    payments,
    /** The optional TMDB look-up of the board editor (TMDB_API_KEY); undefined = the movie form is manual. */
    tmdb:
      e.TMDB_API_KEY === undefined
        ? undefined
        : { apiKey: e.TMDB_API_KEY, apiUrl: e.TMDB_API_URL.replace(/\/+$/, ''), timeoutMs: e.TMDB_TIMEOUT_MS },
    /** ISO country codes an order may ship to (Stripe's allowed_countries, the test page's choices). */
    shipCountries: e.SHIP_COUNTRIES,
    /** The shop's hoarding caps: units per order, and units one address may hold in open checkouts. */
    checkoutLimits: { maxUnitsPerOrder: e.MAX_UNITS_PER_ORDER, maxHeldUnitsPerAddress: e.MAX_HELD_UNITS_PER_ADDRESS },
    /** How often pending orders are expired; 0 = never (tests drive it). */
    orderSweepMs: e.ORDER_SWEEP_SECONDS * 1000,
    /** How long a stopping process keeps listening so a load balancer can move off it (see drain.ts). */
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    /** LEAGUE_MAX_MEMBERS: the size of a friends' league. */
    leagueMaxMembers: e.LEAGUE_MAX_MEMBERS,
    /** Open league event streams per player and per client address, on one instance. */
    leagueStreams: { perPlayer: e.LEAGUE_STREAMS_PER_PLAYER, perAddress: e.LEAGUE_STREAMS_PER_ADDRESS },
    /**
     * SMTP when smtpUrl is set, otherwise .eml files under DATA_DIR/outbox; sent by each instance's
     * mail worker (see orders/order-outbox.ts).
     */
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `MINGO shop <shop@${new URL(publicUrl).hostname}>`,
      outboxDir: path.join(dataDir, 'outbox'),
      smtpTimeoutMs: e.SMTP_TIMEOUT_SECONDS * 1000,
      pollMs: e.MAIL_POLL_SECONDS * 1000,
      retryBaseMs: e.MAIL_RETRY_SECONDS * 1000,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
    },
    logLevel: e.LOG_LEVEL,
    // Demo content is on by default for the embedded setup, off for PostgreSQL.
    demoData: e.DEMO_DATA ?? e.DATABASE_URL === undefined,
    staticDir: path.resolve(e.STATIC_DIR ?? 'dist/client'),
  };
});

/** The app's configuration: the environment as ConfigSchema reads it. */
export type Config = z.output<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in an .env file mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      if (issue.path.length === 0) return issue.message;
      const key = issue.path.join('.');
      return `${key}=${JSON.stringify(env[key] ?? '')}: ${issue.message}`;
    }),
  );
}
