import { z } from 'zod';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { ENTRANCES, type Entrance } from '@tcm/contract';
import type { LoginGuardSettings } from './modules/auth/login-guard.service.js';
import type { UploadGateSettings } from './http/upload-gate.js';
import type { AdmissionSettings } from './http/admission.js';
import type { HttpServerSettings } from './http/http-server.js';

/**
 * A whole number read from the environment (where it is a string): at least `min`, at most `max`
 * when given, `fallback` when the variable is unset.
 */
function wholeNumber(fallback: number, { min, max }: { min: number; max?: number }) {
  const n = z.coerce.number().int().min(min);
  return (max === undefined ? n : n.max(max)).default(fallback);
}

/**
 * The one typed, validated configuration of the server, read from the environment.
 * Defaults make `npm start` work on a bare machine; docs/server.md lists every variable.
 */
const envSchema = z.object({
  PORT: wholeNumber(8080, { min: 0, max: 65535 }),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Fixed client of the web app behind the Basic header (docs/auth.md). */
  CLIENT_ID: z.string().min(1).default('tcm-web'),
  CLIENT_SECRET: z.string().min(1).default('tcm-web-secret'),
  /** HS256 key for access tokens; unset: generated once into DATA_DIR/secrets.json. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_S: wholeNumber(900, { min: 30, max: 86400 }),
  REFRESH_TOKEN_TTL_S: wholeNumber(14 * 86400, { min: 60 }),
  SEED_PASSWORD: z.string().min(8).optional(),
  /** WeChat OAuth endpoint (official: https://api.weixin.qq.com) and the official-account app. */
  WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
  WECHAT_APP_ID: z.string().default(''),
  WECHAT_APP_SECRET: z.string().default(''),
  /** The official account's server token (signature of event pushes, docs/member.md "WeChat binding"). */
  WECHAT_MP_TOKEN: z.string().default(''),
  /** Template id of the "report ready" template message; empty: pushing a report answers 503. */
  WECHAT_REPORT_TEMPLATE_ID: z.string().default(''),
  /** Public address of the web app (with its /pc base) that template messages link to. */
  PUBLIC_WEB_URL: z.string().url().optional(),
  /** Comma-separated origins allowed by CORS; empty: no CORS headers at all. */
  CORS_ORIGINS: z.string().default(''),
  /** Folder of the built web app served under /pc/; empty: not served. */
  WEB_DIST: z.string().default(''),
  /** Trust X-Forwarded-For (only behind your own reverse proxy): the per-IP lockout reads the client IP. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** The deployment is reached over HTTPS (TLS at this server or at its proxy): Secure cookies and HSTS. */
  TLS: z.enum(['true', 'false']).default('false'),
  /** HSTS max-age in seconds when TLS=true (default 180 days); 0 sends no HSTS header. */
  HSTS_MAX_AGE_S: wholeNumber(180 * 86400, { min: 0 }),
  /** Image resizes (file URLs with w/h) per client IP and minute; 0 = no limit. Cached sizes are free. */
  IMAGE_RESIZES_PER_MIN: wholeNumber(60, { min: 0 }),
  /** Image resizes running at once in this process; more wait, and past a short queue answer 429. */
  IMAGE_RESIZE_CONCURRENCY: wholeNumber(2, { min: 1, max: 16 }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: wholeNumber(12 * 1024 * 1024, { min: 1024 }),
  /** Sign-in guard (docs/auth.md "Passwords and lockout"): per account+address, account, address. */
  LOGIN_FREE_ATTEMPTS: wholeNumber(2, { min: 1 }),
  LOGIN_DELAY_BASE_S: wholeNumber(2, { min: 0 }),
  LOGIN_DELAY_MAX_S: wholeNumber(60, { min: 0 }),
  LOGIN_CAPTCHA_AFTER: wholeNumber(3, { min: 1 }),
  LOGIN_MAX_FAILURES: wholeNumber(10, { min: 1 }),
  LOGIN_IP_MAX_FAILURES: wholeNumber(30, { min: 1 }),
  LOGIN_LOCK_S: wholeNumber(900, { min: 1 }),
  /** Entrances whose password sign-in always needs a solved captcha (comma list, or `none`). */
  LOGIN_CAPTCHA_ENTRANCES: z.string().default('sys'),
  /** Proof-of-work zero bits every captcha answer must carry (docs/security.md §14d; 0 = none). */
  CAPTCHA_POW_BITS: wholeNumber(16, { min: 0, max: 28 }),
  /** Doctor self-registration calls per client address and hour (register, duplicate check). */
  REGISTER_PER_HOUR: wholeNumber(5, { min: 1 }),
  REGISTER_CHECKS_PER_HOUR: wholeNumber(30, { min: 1 }),
  /** Cooperation enquiries per client address and hour, in the database (docs/site.md). */
  ENQUIRIES_PER_HOUR: wholeNumber(5, { min: 1 }),
  /** Physicians' assistant (docs/site.md "AI assistant"): questions per account and hour. */
  ASSISTANT_PER_HOUR: wholeNumber(60, { min: 1 }),
  /** Optional OpenAI-compatible endpoint that phrases the retrieved answer (base URL, …/v1). */
  ASSISTANT_API_URL: z.string().url().optional(),
  ASSISTANT_API_KEY: z.string().optional(),
  ASSISTANT_MODEL: z.string().default('gpt-4o-mini'),
  ASSISTANT_TIMEOUT_MS: wholeNumber(20000, { min: 100 }),
  /** File storage (docs/records.md): a local folder under DATA_DIR, or S3-compatible object storage. */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z.string().default(''),
  /** Uploads without sign-in per client IP and minute (visitor capture, portal upload); 0 = no limit. */
  PUBLIC_UPLOADS_PER_MIN: wholeNumber(30, { min: 0 }),
  /** Analysis workers in this process (0: none, e.g. an API-only process). */
  ANALYSIS_WORKERS: wholeNumber(1, { min: 0, max: 16 }),
  /** Engine pool child processes (docs/records.md); 0 runs engines on the API thread (measuring only). */
  ENGINE_POOL_SIZE: wholeNumber(Math.max(1, Math.min(2, availableParallelism() - 1)), { min: 0, max: 32 }),
  /** Jobs waiting for a free engine child before uploads answer 4003001 (busy). */
  ENGINE_QUEUE_MAX: wholeNumber(64, { min: 0 }),
  /** Multipart uploads read and checked at once, waiting for a slot, longest wait (http/upload-gate.ts). */
  UPLOADS_IN_FLIGHT: wholeNumber(8, { min: 0 }),
  UPLOADS_WAITING: wholeNumber(64, { min: 0 }),
  UPLOAD_WAIT_MS: wholeNumber(15000, { min: 0 }),
  /**
   * Admission (http/admission.ts, docs/server.md "Mixed traffic"): requests worked on at once in
   * this process (0 = no limit), requests waiting for a place, longest wait; beyond: 503 4009101.
   */
  ADMISSION_IN_FLIGHT: wholeNumber(64, { min: 0 }),
  ADMISSION_WAITING: wholeNumber(128, { min: 0 }),
  ADMISSION_WAIT_MS: wholeNumber(1000, { min: 0 }),
  /** The listener (http/http-server.ts): connections held at once, keep-alive, header and request limits. */
  HTTP_MAX_CONNECTIONS: wholeNumber(2048, { min: 1 }),
  HTTP_KEEP_ALIVE_TIMEOUT_S: wholeNumber(65, { min: 1, max: 3600 }),
  HTTP_HEADERS_TIMEOUT_S: wholeNumber(15, { min: 1, max: 3600 }),
  HTTP_REQUEST_TIMEOUT_S: wholeNumber(120, { min: 1, max: 3600 }),
  /** PostgreSQL pool of this process (DATABASE_URL; embedded PGlite is always 1) and the longest wait for a connection (then 503 4009102). */
  DATABASE_POOL_MAX: wholeNumber(10, { min: 1, max: 500 }),
  DATABASE_POOL_TIMEOUT_MS: wholeNumber(5000, { min: 100 }),
  /** Records waiting for analysis, deployment-wide, beyond which a new one is refused (503 4009103); 0 = no limit. */
  ANALYSIS_QUEUE_MAX: wholeNumber(500, { min: 0 }),
  /** First retry of a failed analysis job after this many seconds, doubling (pg-boss backoff). */
  ANALYSIS_RETRY_DELAY_S: wholeNumber(2, { min: 1, max: 3600 }),
  /** Niceness of the engine children (0-19): they yield the CPU to the API process. */
  ENGINE_NICE: wholeNumber(10, { min: 0, max: 19 }),
  /** Record list: matching rows counted past the page's first row before the total says "more than". */
  LIST_COUNT_AHEAD: wholeNumber(10_000, { min: 100 }),
  /** Memory for answered record details kept while their record is unchanged, MB; 0 = none (modules/records/detail-cache.ts). */
  DETAIL_CACHE_MB: wholeNumber(64, { min: 0, max: 4096 }),
  /** Heap limit of one engine child, MB. */
  ENGINE_WORKER_HEAP_MB: wholeNumber(1536, { min: 128 }),
  /** Records queued or running at once per user (or device), and per client address; 0 = no limit. */
  QUEUED_RECORDS_PER_USER: wholeNumber(20, { min: 0 }),
  QUEUED_RECORDS_PER_ADDRESS: wholeNumber(60, { min: 0 }),
  /** Key of the app-key secrets at rest (AES-256-GCM; 32+ characters); unset: generated into DATA_DIR/secrets.json. */
  OPEN_API_SECRET_KEY: z.string().min(32).optional(),
  /** Webhook deliveries after the first, and the first retry's delay in seconds (doubling). */
  OPEN_API_WEBHOOK_RETRIES: wholeNumber(6, { min: 0, max: 20 }),
  OPEN_API_WEBHOOK_RETRY_DELAY_S: wholeNumber(10, { min: 1, max: 3600 }),
  /** Allow webhook URLs on loopback and private addresses (a partner's receiver on the same network; tests). */
  OPEN_API_WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  /** Scheduled backups (docs/deploy.md "Backups"): hours between dumps, 0 = none; first slot of the day (UTC). */
  BACKUP_INTERVAL_H: wholeNumber(0, { min: 0, max: 168 }),
  BACKUP_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM (UTC)')
    .default('03:00'),
  /** Folder of the dumps (default DATA_DIR/backups) and how many of the newest to keep (0 = all). */
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP: wholeNumber(7, { min: 0 }),
  /** Seals the server's keys into each scheduled backup (scrypt + AES-256-GCM); unset: backups without them. */
  BACKUP_PASSPHRASE: z.string().min(12).optional(),
  /** Seconds SIGTERM waits for in-flight requests, jobs and a running backup before the process exits 1. */
  SHUTDOWN_GRACE_S: wholeNumber(25, { min: 1, max: 3600 }),
  /** Prometheus metrics listener (docs/server.md "Production mode"): port (0 = off) and its address. */
  METRICS_PORT: wholeNumber(0, { min: 0, max: 65535 }),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** App processes on this host sharing PORT (node cluster); 1 = this process serves alone. */
  WORKERS: wholeNumber(1, { min: 1, max: 64 }),
  /** HMAC key of signed file URLs (32+ characters); unset: generated into DATA_DIR/secrets.json. */
  FILE_URL_KEY: z.string().min(32).optional(),
  /** Life of a signed file URL in seconds (at most 900: 15 minutes). */
  FILE_URL_TTL_S: wholeNumber(600, { min: 10, max: 900 }),
  /** Days an audit log row is kept; older rows are deleted by the hourly purge (0 = keep for ever). */
  AUDIT_RETENTION_DAYS: wholeNumber(365, { min: 0, max: 36500 }),
});

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  clientId: string;
  clientSecret: string;
  jwtSecret: string | undefined;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  seedPassword: string | undefined;
  wechat: {
    apiBase: string;
    appId: string;
    appSecret: string;
    mpToken: string;
    reportTemplateId: string;
    publicWebUrl: string | undefined;
  };
  corsOrigins: string[];
  webDist: string;
  trustProxy: boolean;
  /** HTTPS deployment: Secure cookies and, when hstsMaxAgeS > 0, the HSTS header. */
  tls: boolean;
  hstsMaxAgeS: number;
  imageResize: { perMinute: number; concurrency: number };
  uploads: UploadGateSettings;
  admission: AdmissionSettings;
  http: HttpServerSettings;
  /** Pool of DATABASE_URL (size, longest wait for a connection, ms). */
  databasePool: { max: number; timeoutMs: number };
  /** Records queued for analysis deployment-wide before a new one is refused; 0 = no limit. */
  analysisQueueMax: number;
  /** Record list: rows counted past the page's first row before `totalCapped` (records.service.ts). */
  listCountAhead: number;
  detailCacheMb: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  bodyLimitBytes: number;
  login: LoginGuardSettings;
  captchaPowBits: number;
  register: { perHour: number; checksPerHour: number };
  enquiriesPerHour: number;
  assistant: {
    perHour: number;
    apiUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    timeoutMs: number;
  };
  storage: StorageConfig;
  analysisWorkers: number;
  /** Seconds before an analysis job's first retry (then doubling). */
  analysisRetryDelayS: number;
  publicUploadsPerMin: number;
  engines: { poolSize: number; maxQueue: number; heapMb: number; nice: number };
  queuedRecords: { perUser: number; perAddress: number };
  openApi: {
    secretKey: string | undefined;
    webhookRetries: number;
    webhookRetryDelayS: number;
    webhookAllowPrivate: boolean;
  };
  backup: {
    intervalH: number;
    at: { h: number; m: number };
    dir: string;
    keep: number;
    passphrase: string | undefined;
  };
  shutdownGraceS: number;
  metrics: { port: number; host: string };
  workers: number;
  files: { urlKey: string | undefined; urlTtlS: number };
  audit: { retentionDays: number };
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      s3: {
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        prefix: string;
      };
    };

function storageConfig(e: z.infer<typeof envSchema>): StorageConfig {
  if (e.STORAGE === 'local') return { kind: 'local' };
  const missing = (['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (k) => !e[k],
  );
  if (missing.length) throw new Error(`Invalid configuration:\n  STORAGE=s3 needs ${missing.join(', ')}`);
  return {
    kind: 's3',
    s3: {
      endpoint: e.S3_ENDPOINT!,
      bucket: e.S3_BUCKET!,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID!,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
      prefix: e.S3_PREFIX,
    },
  };
}

/** Node refuses a headers limit longer than the request limit: say so by name. */
function httpSettings(e: z.infer<typeof envSchema>): HttpServerSettings {
  if (e.HTTP_HEADERS_TIMEOUT_S > e.HTTP_REQUEST_TIMEOUT_S)
    throw new Error('Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_S must not exceed HTTP_REQUEST_TIMEOUT_S');
  return {
    maxConnections: e.HTTP_MAX_CONNECTIONS,
    keepAliveTimeoutS: e.HTTP_KEEP_ALIVE_TIMEOUT_S,
    headersTimeoutS: e.HTTP_HEADERS_TIMEOUT_S,
    requestTimeoutS: e.HTTP_REQUEST_TIMEOUT_S,
  };
}

/** `sys,member` → those entrances; `none` → none. Unknown names fail loudly. */
function captchaEntrances(v: string): Entrance[] {
  if (v.trim() === 'none') return [];
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((s) => !(ENTRANCES as readonly string[]).includes(s));
  if (bad.length)
    throw new Error(`Invalid configuration:\n  LOGIN_CAPTCHA_ENTRANCES: unknown entrance ${bad.join(', ')}`);
  return list as Entrance[];
}

/** Reads and validates the configuration; throws naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    clientId: e.CLIENT_ID,
    clientSecret: e.CLIENT_SECRET,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    refreshTokenTtlS: e.REFRESH_TOKEN_TTL_S,
    seedPassword: e.SEED_PASSWORD,
    wechat: {
      apiBase: e.WECHAT_API_BASE.replace(/\/$/, ''),
      appId: e.WECHAT_APP_ID,
      appSecret: e.WECHAT_APP_SECRET,
      mpToken: e.WECHAT_MP_TOKEN,
      reportTemplateId: e.WECHAT_REPORT_TEMPLATE_ID,
      publicWebUrl: e.PUBLIC_WEB_URL?.replace(/\/$/, ''),
    },
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY === 'true',
    tls: e.TLS === 'true',
    hstsMaxAgeS: e.HSTS_MAX_AGE_S,
    imageResize: { perMinute: e.IMAGE_RESIZES_PER_MIN, concurrency: e.IMAGE_RESIZE_CONCURRENCY },
    uploads: { inFlight: e.UPLOADS_IN_FLIGHT, waiting: e.UPLOADS_WAITING, waitMs: e.UPLOAD_WAIT_MS },
    admission: { inFlight: e.ADMISSION_IN_FLIGHT, waiting: e.ADMISSION_WAITING, waitMs: e.ADMISSION_WAIT_MS },
    http: httpSettings(e),
    databasePool: { max: e.DATABASE_POOL_MAX, timeoutMs: e.DATABASE_POOL_TIMEOUT_MS },
    analysisQueueMax: e.ANALYSIS_QUEUE_MAX,
    listCountAhead: e.LIST_COUNT_AHEAD,
    detailCacheMb: e.DETAIL_CACHE_MB,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    login: {
      freeAttempts: e.LOGIN_FREE_ATTEMPTS,
      delayBaseS: e.LOGIN_DELAY_BASE_S,
      delayMaxS: e.LOGIN_DELAY_MAX_S,
      captchaAfter: e.LOGIN_CAPTCHA_AFTER,
      maxFailures: e.LOGIN_MAX_FAILURES,
      ipMaxFailures: e.LOGIN_IP_MAX_FAILURES,
      lockS: e.LOGIN_LOCK_S,
      captchaEntrances: captchaEntrances(e.LOGIN_CAPTCHA_ENTRANCES),
    },
    captchaPowBits: e.CAPTCHA_POW_BITS,
    register: { perHour: e.REGISTER_PER_HOUR, checksPerHour: e.REGISTER_CHECKS_PER_HOUR },
    enquiriesPerHour: e.ENQUIRIES_PER_HOUR,
    assistant: {
      perHour: e.ASSISTANT_PER_HOUR,
      apiUrl: e.ASSISTANT_API_URL,
      apiKey: e.ASSISTANT_API_KEY,
      model: e.ASSISTANT_MODEL,
      timeoutMs: e.ASSISTANT_TIMEOUT_MS,
    },
    storage: storageConfig(e),
    analysisWorkers: e.ANALYSIS_WORKERS,
    analysisRetryDelayS: e.ANALYSIS_RETRY_DELAY_S,
    publicUploadsPerMin: e.PUBLIC_UPLOADS_PER_MIN,
    engines: {
      poolSize: e.ENGINE_POOL_SIZE,
      maxQueue: e.ENGINE_QUEUE_MAX,
      heapMb: e.ENGINE_WORKER_HEAP_MB,
      nice: e.ENGINE_NICE,
    },
    queuedRecords: { perUser: e.QUEUED_RECORDS_PER_USER, perAddress: e.QUEUED_RECORDS_PER_ADDRESS },
    openApi: {
      secretKey: e.OPEN_API_SECRET_KEY,
      webhookRetries: e.OPEN_API_WEBHOOK_RETRIES,
      webhookRetryDelayS: e.OPEN_API_WEBHOOK_RETRY_DELAY_S,
      webhookAllowPrivate: e.OPEN_API_WEBHOOK_ALLOW_PRIVATE === 'true',
    },
    backup: {
      intervalH: e.BACKUP_INTERVAL_H,
      at: { h: Number(e.BACKUP_AT.slice(0, 2)), m: Number(e.BACKUP_AT.slice(3, 5)) },
      dir: resolve(e.BACKUP_DIR ?? join(e.DATA_DIR, 'backups')),
      keep: e.BACKUP_KEEP,
      passphrase: e.BACKUP_PASSPHRASE,
    },
    shutdownGraceS: e.SHUTDOWN_GRACE_S,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    workers: e.WORKERS,
    files: { urlKey: e.FILE_URL_KEY, urlTtlS: e.FILE_URL_TTL_S },
    audit: { retentionDays: e.AUDIT_RETENTION_DAYS },
  };
}
