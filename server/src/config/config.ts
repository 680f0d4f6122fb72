import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { envSchema } from './schema.ts';

export type DatabaseConfig =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; url: string; poolSize: number };

export interface Config {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly database: DatabaseConfig;
  readonly logLevel: string;
  readonly corsOrigins: readonly string[];
  readonly seatDailyLimit: number;
  readonly sandboxCredits: number;
  /** Delay added to every DNS answer and SMTP reply of the sandbox mail world (lf_test_ keys). */
  readonly sandboxLatencyMs: number;
  /** Where the sandbox's simulated sales tool listens (HTTPS, as www.linkedin.com); 0: any free port. */
  readonly sandboxSalesToolPort: number;
  readonly bodyLimitBytes: number;
  readonly firstStart: boolean;
  /** Webhooks to loopback addresses (over http too) for sandbox keys: local testing only. */
  readonly webhookAllowLoopback: boolean;
  readonly workerPollMs: number;
  readonly schedulerTickMs: number;
  readonly shutdownGraceMs: number;
  /** LEADFORGE_HEAP_GROWING_PERCENT: applied by applyHeapSettings (core/heap.ts); 0 leaves V8's heuristics. */
  readonly heapGrowingPercent: number;
  /** Where the 32-byte secret key comes from; loaded lazily by loadSecretKey(). */
  readonly secretKeySetting: string | undefined;
  /** The sales tool for live seats: its origin and the pacing between a run's requests (sandbox seats are never paced). */
  readonly salesTool: { readonly url: string; readonly pacing: 'human' | 'off'; readonly caFile?: string };
  /** Email verification (server/src/verify/settings.ts turns these into engine options). */
  readonly verify: {
    readonly dnsServers: readonly string[]; // empty: the system's
    readonly smtpPort: number;
    readonly heloName: string | undefined;
    readonly mailFrom: string | undefined;
    readonly socksProxy: string | undefined;
    readonly allowPrivateMx: boolean;
    readonly maxConnectionsPerMx: number;
    readonly greylistRetryDelaysMs: readonly number[];
    readonly maxDurationMs: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once into a frozen Config, or throws ConfigError naming every bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty variables count as unset, as shells and .env files often leave them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0]);
        return `${name}: ${i.message} (got ${JSON.stringify(cleaned[name] ?? '')})`;
      }),
    );
  }
  const e = parsed.data;
  const dataDir = resolve(e.LEADFORGE_DATA_DIR);
  return Object.freeze({
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database: databaseFrom(e.DATABASE_URL, dataDir, e.LEADFORGE_DB_POOL_SIZE),
    logLevel: e.LEADFORGE_LOG_LEVEL,
    corsOrigins: Object.freeze(
      e.LEADFORGE_CORS_ORIGINS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
    seatDailyLimit: e.LEADFORGE_SEAT_DAILY_LIMIT,
    sandboxCredits: e.LEADFORGE_SANDBOX_CREDITS,
    sandboxLatencyMs: e.LEADFORGE_SANDBOX_LATENCY_MS,
    sandboxSalesToolPort: e.LEADFORGE_SANDBOX_SALESTOOL_PORT,
    bodyLimitBytes: e.LEADFORGE_BODY_LIMIT_BYTES,
    firstStart: e.LEADFORGE_FIRST_START,
    webhookAllowLoopback: e.LEADFORGE_WEBHOOK_ALLOW_LOOPBACK,
    workerPollMs: e.LEADFORGE_WORKER_POLL_MS,
    schedulerTickMs: e.LEADFORGE_SCHEDULER_TICK_MS,
    shutdownGraceMs: e.LEADFORGE_SHUTDOWN_GRACE_MS,
    heapGrowingPercent: e.LEADFORGE_HEAP_GROWING_PERCENT,
    secretKeySetting: e.LEADFORGE_SECRET_KEY,
    salesTool: Object.freeze({
      url: e.LEADFORGE_SALESTOOL_URL.replace(/\/$/, ''),
      pacing: e.LEADFORGE_SALESTOOL_PACING,
      ...(e.LEADFORGE_SALESTOOL_CA ? { caFile: e.LEADFORGE_SALESTOOL_CA } : {}),
    }),
    verify: Object.freeze({
      dnsServers: Object.freeze(
        (e.LEADFORGE_DNS_SERVERS ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
      smtpPort: e.LEADFORGE_SMTP_PORT,
      heloName: e.LEADFORGE_SMTP_HELO_NAME,
      mailFrom: e.LEADFORGE_SMTP_MAIL_FROM,
      socksProxy: e.LEADFORGE_SMTP_PROXY,
      allowPrivateMx: e.LEADFORGE_SMTP_ALLOW_PRIVATE_MX,
      maxConnectionsPerMx: e.LEADFORGE_SMTP_MAX_CONNECTIONS_PER_MX,
      greylistRetryDelaysMs: Object.freeze(e.LEADFORGE_GREYLIST_RETRY_DELAYS),
      maxDurationMs: e.LEADFORGE_VERIFY_MAX_DURATION,
    }),
  });
}

function databaseFrom(url: string | undefined, dataDir: string, poolSize: number): DatabaseConfig {
  if (!url) return { dialect: 'sqlite', file: join(dataDir, 'leadforge.db') };
  if (url.startsWith('postgres')) return { dialect: 'postgres', url, poolSize };
  const path = url.replace(/^(sqlite|file):(\/\/)?/, '');
  if (path === ':memory:') return { dialect: 'sqlite', file: ':memory:' };
  return { dialect: 'sqlite', file: isAbsolute(path) ? path : resolve(path) };
}

/**
 * The key that encrypts seat sessions at rest. From LEADFORGE_SECRET_KEY when set; otherwise made
 * once and kept in the data directory (mode 0600), so a zero-configuration install still encrypts.
 * Processes that share a PostgreSQL database on different machines must share this key.
 */
export function loadSecretKey(config: Config): Buffer {
  const setting = config.secretKeySetting;
  if (setting) return /^[0-9a-fA-F]{64}$/.test(setting) ? Buffer.from(setting, 'hex') : Buffer.from(setting, 'base64');
  const file = join(config.dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    // Written whole to a private temp file, then linked into place: a process starting at the same
    // time either wins the link or reads the winner's complete file, never a half-written one.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    try {
      linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(tmp);
    }
  }
  chmodSync(file, 0o600);
  const hex = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new ConfigError([`${file}: must hold 64 hex digits`]);
  return Buffer.from(hex, 'hex');
}
