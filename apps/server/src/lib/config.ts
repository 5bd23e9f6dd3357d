import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_LIST_COUNT_CAP } from './list-query.ts';

/** The development application key, used (with a warning) when APP_KEY is not set. */
export const DEV_APP_KEY = 'chemtrack-dev-app-key';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  STORAGE_URL: z.string().optional(),
  APP_KEY: z.string().min(1).optional(),
  APP_URL: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('ChemTrack <no-reply@chemtrack.local>'),
  UPLOAD_MAX_MB: z.coerce.number().positive().default(25),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  WEB_DIST: z.string().optional(),
  SESSION_HOURS: z.coerce.number().positive().default(12),
  REMEMBERED_SESSION_DAYS: z.coerce.number().positive().default(30),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(120),
  REMEMBERED_SESSION_IDLE_DAYS: z.coerce.number().positive().default(7),
  DATABASE_WAIT_SECONDS: z.coerce.number().min(0).default(60),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(300),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().min(0).default(2000),
  LIST_COUNT_CAP: z.coerce.number().int().min(1).default(DEFAULT_LIST_COUNT_CAP),
  LIST_CURSOR_SECRET: z.string().min(16).optional(),
  REPORT_WORKERS: z.coerce.number().int().min(1).default(2),
  REPORT_WORKER_HEAP_MB: z.coerce.number().int().min(1).default(1024),
  BACKUP_DIR: z.string().optional(),
  /** `24h`, `90m`, `7d`, or `off`/`0`. */
  BACKUP_EVERY: z
    .string()
    .regex(/^(off|0|\d+(\.\d+)?\s*[mhd])$/i, 'BACKUP_EVERY must be like 24h, 90m, 7d or off')
    .optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
});

const DURATION_UNIT_MS = { m: 60 * 1000, h: 60 * 60 * 1000, d: 24 * 60 * 60 * 1000 } as const;

/** `24h` → ms; `off`/`0` → 0. Unset: on (24 h) for the embedded database, off for PostgreSQL. */
function backupEveryMs(value: string | undefined, databaseUrl: string | undefined): number {
  if (value === undefined) return databaseUrl?.startsWith('postgres') ? 0 : DURATION_UNIT_MS.h * 24;
  const match = /^(\d+(?:\.\d+)?)\s*([mhd])$/i.exec(value);
  if (!match) return 0;
  return (
    Number(match[1]) * DURATION_UNIT_MS[(match[2] ?? 'h').toLowerCase() as keyof typeof DURATION_UNIT_MS]
  );
}

/** A prefix in a bucket: path segments, no `..`, `/` at the end. */
const BACKUP_PREFIX = /^([A-Za-z0-9][A-Za-z0-9._-]*\/)+$/;

/**
 * Where archives go. Without a bucket: the folder `BACKUP_DIR` (default `DATA_DIR/backups`).
 * With `STORAGE_URL=s3://…`: beside the files in the bucket, under `BACKUP_DIR` read as a key
 * prefix (default `backups/`), spooled in `DATA_DIR/backups` first; an absolute `BACKUP_DIR`
 * keeps them in that local folder instead.
 */
function backupPlace(
  value: string | undefined,
  storageUrl: string | undefined,
  dataDir: string,
): Pick<Config, 'backupDir' | 'backupPrefix'> {
  const spool = path.resolve(dataDir, 'backups');
  if (storageUrl === undefined || (value !== undefined && path.isAbsolute(value))) {
    return { backupDir: value === undefined ? spool : path.resolve(value), backupPrefix: undefined };
  }
  const prefix = value === undefined ? 'backups/' : value.endsWith('/') ? value : `${value}/`;
  if (!BACKUP_PREFIX.test(prefix) || prefix.split('/').includes('..')) {
    throw new Error(
      'BACKUP_DIR must be an absolute folder, or with STORAGE_URL=s3://… a key prefix like backups/',
    );
  }
  return { backupDir: spool, backupPrefix: prefix };
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset → embedded PGlite in `dataDir/db`; `memory://` → in-memory PGlite (tests). */
  databaseUrl: string | undefined;
  /** Unset → uploads under `dataDir/files`; `s3://bucket?endpoint=…` → an S3-compatible bucket. */
  storageUrl: string | undefined;
  appKey: string;
  isDevAppKey: boolean;
  appUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  uploadMaxBytes: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Readable lines for a person at a terminal, JSON lines for a log collector (lib/pretty-log.ts). */
  logFormat: 'pretty' | 'json';
  webDist: string | undefined;
  /** Sessions without "remember me" last this long at most (the absolute timeout). */
  sessionTtlMs: number;
  rememberedSessionTtlMs: number;
  /** A session unused this long ends (the idle timeout); a remembered one has its own. */
  sessionIdleMs: number;
  rememberedSessionIdleMs: number;
  resetTokenTtlMs: number;
  /** Failed sign-ins allowed per e-mail within the window before 429. */
  loginMaxFailuresPerEmail: number;
  /**
   * Failed sign-ins allowed per client address within the window before 429. Much higher than
   * per e-mail: an office behind one NAT shares an address, and one person's typos must not lock
   * out the others.
   */
  loginMaxFailuresPerIp: number;
  loginWindowMs: number;
  /**
   * Reset links asked for one e-mail within the window (each one sends a mail, so this stops a
   * mailbox being flooded), and from one address across any e-mails.
   */
  resetMaxPerEmail: number;
  resetMaxPerIp: number;
  /** Set-password calls with a link that is not valid, per account the link was for and per address. */
  setPasswordMaxFailuresPerAccount: number;
  setPasswordMaxFailuresPerIp: number;
  /** How long the server retries an unreachable PostgreSQL at start before it gives up. */
  databaseWaitMs: number;
  /**
   * The time a client has to send a whole request, headers and body (Node's `requestTimeout`):
   * a body trickling in byte by byte is cut with a 408 instead of holding a connection for ever.
   */
  requestTimeoutMs: number;
  /** How long SIGTERM waits for open requests before closing them. */
  shutdownTimeoutMs: number;
  /** Past this mean event-loop delay, requests get 503 with Retry-After (`lib/event-loop-delay.ts`). */
  maxEventLoopDelayMs: number;
  /** Lists count matching rows exactly up to this many, then estimate (lib/list-query.ts `countUpTo`). */
  listCountCap: number;
  /**
   * Signs the big lists' cursors (decision 041); unset, a random secret per process, so a cursor
   * lasts as long as the process that made it. Processes sharing one address need the same one.
   */
  listCursorSecret?: string | undefined;
  /** Report worker threads drawing at once (modules/reports/workers/); more wait in a short queue. */
  reportWorkers: number;
  /** Each report worker's heap ceiling: a report that outgrows it fails alone (503), not the server. */
  reportWorkerHeapMb: number;
  /**
   * The local folder backup archives are written in (`POST /backups/create`, the schedule):
   * `DATA_DIR/backups` by default. With `backupPrefix` set it only spools them.
   */
  backupDir: string;
  /**
   * A key prefix in the bucket (`backups/`, after STORAGE_URL's own prefix) where finished
   * archives are kept, listed and downloaded from; undefined: they stay in `backupDir`.
   */
  backupPrefix: string | undefined;
  /** Scheduled backups this far apart; 0: off. */
  backupEveryMs: number;
  /** Archives kept in `backupDir`: older ones are removed after each good backup. */
  backupKeep: number;
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
  isTerminal: boolean = process.stdout.isTTY === true,
): Config {
  const parsed = EnvSchema.parse(env);
  const port = parsed.PORT;
  return {
    port,
    host: parsed.HOST,
    dataDir: path.resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL,
    storageUrl: parsed.STORAGE_URL || undefined,
    appKey: parsed.APP_KEY ?? DEV_APP_KEY,
    isDevAppKey: parsed.APP_KEY === undefined,
    appUrl: parsed.APP_URL ?? `http://localhost:${port}`,
    adminEmail: parsed.ADMIN_EMAIL,
    adminPassword: parsed.ADMIN_PASSWORD,
    seedDemo: parsed.SEED_DEMO === undefined ? undefined : parsed.SEED_DEMO === '1',
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    uploadMaxBytes: Math.round(parsed.UPLOAD_MAX_MB * 1024 * 1024),
    logLevel: parsed.LOG_LEVEL,
    logFormat: parsed.LOG_FORMAT ?? (isTerminal ? 'pretty' : 'json'),
    webDist: parsed.WEB_DIST,
    sessionTtlMs: parsed.SESSION_HOURS * HOUR_MS,
    rememberedSessionTtlMs: parsed.REMEMBERED_SESSION_DAYS * DAY_MS,
    sessionIdleMs: parsed.SESSION_IDLE_MINUTES * MINUTE_MS,
    rememberedSessionIdleMs: parsed.REMEMBERED_SESSION_IDLE_DAYS * DAY_MS,
    resetTokenTtlMs: 60 * 60 * 1000,
    loginMaxFailuresPerEmail: 5,
    loginMaxFailuresPerIp: 50,
    loginWindowMs: 15 * MINUTE_MS,
    resetMaxPerEmail: 3,
    resetMaxPerIp: 30,
    setPasswordMaxFailuresPerAccount: 5,
    setPasswordMaxFailuresPerIp: 20,
    databaseWaitMs: parsed.DATABASE_WAIT_SECONDS * 1000,
    requestTimeoutMs: parsed.REQUEST_TIMEOUT_SECONDS * 1000,
    shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    maxEventLoopDelayMs: parsed.MAX_EVENT_LOOP_DELAY_MS,
    listCountCap: parsed.LIST_COUNT_CAP,
    listCursorSecret: parsed.LIST_CURSOR_SECRET,
    reportWorkers: parsed.REPORT_WORKERS,
    reportWorkerHeapMb: parsed.REPORT_WORKER_HEAP_MB,
    ...backupPlace(parsed.BACKUP_DIR, parsed.STORAGE_URL || undefined, parsed.DATA_DIR),
    backupEveryMs: backupEveryMs(parsed.BACKUP_EVERY, parsed.DATABASE_URL),
    backupKeep: parsed.BACKUP_KEEP,
    ...overrides,
  };
}
