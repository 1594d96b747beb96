import path from 'node:path';
import { z } from 'zod';

/** An optional variable for which an empty value (`S3_ENDPOINT=` in a compose file) means unset. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const ZEnv = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().default('localhost'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().default('./data'),
  // The only source of absolute links: the request's Host is never used for them.
  SITE_URL: optional(
    z
      .string()
      .url()
      .refine((v) => /^https?:\/\//i.test(v), 'must be an http:// or https:// address'),
  ),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Classifieds <no-reply@localhost>'),
  TRUST_PROXY: z.string().optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  // STORAGE=s3 (api/storage/s3.ts). Keys unset: the AWS SDK's own credential chain.
  S3_BUCKET: optional(z.string()),
  S3_ENDPOINT: optional(z.string().url('must be a URL such as http://127.0.0.1:9000')),
  S3_REGION: optional(z.string()).transform((v) => v ?? 'us-east-1'),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  // /metrics (api/lib/metrics-access.ts): the bearer token that reads it on the site's port (and
  // on METRICS_PORT, when set); unset, the site's port answers 404 there.
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters (e.g. openssl rand -hex 32)')),
  // A second listener of the production server that serves only /metrics (keep it private).
  METRICS_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  // The JSON log's level (api/lib/log.ts): default info; silent under the test runner.
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  // Where the SQL migrations are when neither ./drizzle nor the folder beside the code has them.
  MIGRATIONS_DIR: optional(z.string()),
  // Streaming replicas of DATABASE_URL for the public reads, comma-separated (api/db/replicas.ts).
  DATABASE_REPLICA_URLS: optional(
    z
      .string()
      .refine(
        (v) => v.split(',').every((u) => /^postgres(ql)?:\/\//.test(u.trim())),
        'must be postgres:// URLs, separated by commas',
      ),
  ),
  // A replica further behind the primary than this is skipped.
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).default(5000),
  // After a write, its author reads from the primary this long.
  REPLICA_READ_YOUR_WRITES_MS: z.coerce.number().int().min(0).default(10_000),
  // The shared caches (Varnish, a CDN) a write purges, comma-separated (deploy/varnish/).
  CACHE_PURGE_URLS: optional(
    z
      .string()
      .refine(
        (v) => v.split(',').every((u) => /^https?:\/\/[^\s]+$/i.test(u.trim())),
        'must be http:// or https:// addresses, separated by commas',
      ),
  ),
});

/** Rules across variables. */
const ZEnvChecked = ZEnv.refine((e) => e.STORAGE !== 's3' || !!e.S3_BUCKET, {
  path: ['S3_BUCKET'],
  message: 'required when STORAGE=s3 (the bucket that holds the uploads)',
})
  .refine((e) => !e.S3_ACCESS_KEY_ID === !e.S3_SECRET_ACCESS_KEY, {
    path: ['S3_SECRET_ACCESS_KEY'],
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither',
  })
  .refine((e) => e.METRICS_PORT === undefined || e.METRICS_PORT !== e.PORT, {
    path: ['METRICS_PORT'],
    message: 'must differ from PORT (it is a second listener that serves only /metrics)',
  });

export type TEnv = z.infer<typeof ZEnv> & {
  dataDir: string;
  siteUrl: string;
  /** LOG_LEVEL, else `info`; `silent` under the test runner (Vitest) unless LOG_LEVEL asks. */
  logLevel: NonNullable<z.infer<typeof ZEnv>['LOG_LEVEL']>;
};

function parseEnv(): TEnv {
  const parsed = ZEnvChecked.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    console.error(`Invalid environment variables:\n${lines.join('\n')}`);
    throw new Error('Invalid environment variables');
  }
  const e = parsed.data;
  return {
    ...e,
    dataDir: path.resolve(e.DATA_DIR),
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL ?? (process.env.VITEST ? 'silent' : 'info'),
  };
}

let cached: TEnv | undefined;

/** Parsed once, on first use; tests may call resetEnv() after changing process.env. */
export function env(): TEnv {
  cached ??= parseEnv();
  return cached;
}

export function resetEnv() {
  cached = undefined;
}

/** The tuning settings that may change while the process runs; see runtimeEnv(). */
export type TRuntimeEnv = {
  /** PAGE_CACHE_TTL_MS: how long an anonymous page stays cached (0 turns the cache off; at most a minute). */
  pageCacheTtlMs: number;
  /** PAGE_CACHE_MAX_BYTES: the page cache's byte budget. */
  pageCacheMaxBytes: number;
  /** RATE_LIMIT_SCALE: multiplies every rate limit's allowance. */
  rateLimitScale: number;
  /** SEARCH_COUNT_CAP: counting a search's matches stops past this many (api/services/search/search-settings.ts). */
  searchCountCap: number;
  /** SEARCH_TIMEOUT_MS: a search's statement timeout on PostgreSQL (0: none). */
  searchTimeoutMs: number;
  /** SEARCH_WALK_ROWS: rows of an order a search past the cap may walk for its page (0: never). */
  searchWalkRows: number;
  /** LIVE_STREAMS_MAX: open live-event streams per process; past it a new one gets 503 + Retry-After. */
  liveStreamsMax: number;
  /** MESSAGE_MAIL_DELAY_SECONDS: how long a "New message" mail waits; it goes out only if the message is still unread then. */
  messageMailDelaySeconds: number;
  /** HTTP_CACHE_S_MAXAGE: seconds a shared cache keeps an anonymous answer (api/middleware/shared-cache.ts). */
  sharedMaxAge: number;
  /** HTTP_CACHE_STALE_WHILE_REVALIDATE: seconds more it may serve it while it fetches a new copy. */
  sharedStale: number;
};

/** A whole number of at least `min` from the environment, else `fallback`. */
function wholeNumber(raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= min ? n : fallback;
}

const DEFAULT_PAGE_CACHE_TTL_MS = 3000;
const MAX_PAGE_CACHE_TTL_MS = 60_000;
const DEFAULT_PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Each open stream costs a socket and some kilobytes (docs/RELIABILITY.md, Live channel). */
const DEFAULT_LIVE_STREAMS_MAX = 5000;

/**
 * Tuning settings, read afresh on every call rather than parsed once like env(): tests and
 * benchmarks change them while the process runs, and each reader (the page cache, the rate
 * limiters) decides when to look again. A value that is not a usable number gives the
 * default (for the cache's lifetime: off), as these were always lenient.
 */
export function runtimeEnv(): TRuntimeEnv {
  const ttlRaw = process.env.PAGE_CACHE_TTL_MS;
  const ttl = ttlRaw === undefined || ttlRaw === '' ? DEFAULT_PAGE_CACHE_TTL_MS : Number(ttlRaw);
  const bytesRaw = process.env.PAGE_CACHE_MAX_BYTES;
  const bytes = bytesRaw === undefined || bytesRaw === '' ? DEFAULT_PAGE_CACHE_MAX_BYTES : Number(bytesRaw);
  const scale = Number(process.env.RATE_LIMIT_SCALE ?? 1);
  return {
    pageCacheTtlMs: Number.isFinite(ttl) && ttl > 0 ? Math.min(ttl, MAX_PAGE_CACHE_TTL_MS) : 0,
    pageCacheMaxBytes: Number.isFinite(bytes) && bytes >= 0 ? Math.floor(bytes) : DEFAULT_PAGE_CACHE_MAX_BYTES,
    rateLimitScale: Number.isFinite(scale) && scale > 0 ? scale : 1,
    searchCountCap: wholeNumber(process.env.SEARCH_COUNT_CAP, 1000, 1),
    searchTimeoutMs: wholeNumber(process.env.SEARCH_TIMEOUT_MS, 1000, 0),
    searchWalkRows: wholeNumber(process.env.SEARCH_WALK_ROWS, 3000, 0),
    liveStreamsMax: wholeNumber(process.env.LIVE_STREAMS_MAX, DEFAULT_LIVE_STREAMS_MAX, 0),
    messageMailDelaySeconds: wholeNumber(process.env.MESSAGE_MAIL_DELAY_SECONDS, 120, 0),
    sharedMaxAge: wholeNumber(process.env.HTTP_CACHE_S_MAXAGE, 60, 0),
    sharedStale: wholeNumber(process.env.HTTP_CACHE_STALE_WHILE_REVALIDATE, 300, 0),
  };
}
