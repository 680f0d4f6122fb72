import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Every setting of the service, read from environment variables. This schema is the only place
 * that knows their names; README.md documents each with its default.
 */
const port = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be from 1 to 65535 (or 0 for any free port)')
  .max(65535, 'must be from 1 to 65535 (or 0 for any free port)');

const boolFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(8080),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/, 'must be a postgres:// URL or sqlite:<path>')
    .optional(),
  LEADFORGE_DATA_DIR: z.string().min(1).default('./.leadforge'),
  LEADFORGE_SECRET_KEY: z
    .string()
    .regex(/^([A-Za-z0-9+/_-]{43}=?|[0-9a-fA-F]{64})$/, 'must be 32 bytes, as 64 hex digits or base64')
    .optional(),
  LEADFORGE_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LEADFORGE_CORS_ORIGINS: z.string().default('chrome-extension://*'),
  LEADFORGE_SEAT_DAILY_LIMIT: z.coerce.number().int('must be a whole number').min(1).max(1_000_000).default(2500),
  LEADFORGE_SANDBOX_CREDITS: z.coerce.number().int('must be a whole number').min(0).max(1_000_000_000).default(1000),
  // Added to every DNS answer and SMTP reply of the sandbox mail world, so that sandbox jobs can be watched.
  // The sandbox's sales tool, served over HTTPS as www.linkedin.com (0: any free port).
  LEADFORGE_SANDBOX_SALESTOOL_PORT: z.coerce.number().int('must be a whole number').min(0).max(65_535).default(8443),
  LEADFORGE_SANDBOX_LATENCY_MS: z.coerce.number().int('must be a whole number').min(0).max(60_000).default(0),
  LEADFORGE_DB_POOL_SIZE: z.coerce.number().int('must be a whole number').min(1).max(200).default(10),
  LEADFORGE_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int('must be a whole number')
    .min(1024)
    .default(16 * 1024 * 1024),
  LEADFORGE_FIRST_START: boolFlag.default(true),
  LEADFORGE_WEBHOOK_ALLOW_LOOPBACK: boolFlag.default(false),
  LEADFORGE_WORKER_POLL_MS: z.coerce.number().int('must be a whole number').min(10).max(60_000).default(250),
  // How often a worker looks for recurring runs that have come due (server/src/recurring/scheduler.ts).
  LEADFORGE_SCHEDULER_TICK_MS: z.coerce.number().int('must be a whole number').min(100).max(600_000).default(10_000),
  LEADFORGE_SHUTDOWN_GRACE_MS: z.coerce.number().int('must be a whole number').min(0).max(600_000).default(10_000),
  // How far V8 lets the heap grow past the live data before a full collection (server/src/core/heap.ts); 0: V8's own.
  LEADFORGE_HEAP_GROWING_PERCENT: z.coerce.number().int('must be a whole number').min(0).max(400).default(30),
  // The sales tool (server/src/salestool): where live seats reach it, and how their requests are spaced.
  LEADFORGE_SALESTOOL_URL: z
    .string()
    .regex(/^https:\/\/[^/?#\s]+\/?$/, 'must be an https:// origin, like https://www.linkedin.com')
    .default('https://www.linkedin.com'),
  LEADFORGE_SALESTOOL_PACING: z.enum(['human', 'off'], { error: 'must be human or off' }).default('human'),
  // A PEM file of certificates to trust for the sales tool besides the system's roots (a TLS-inspecting proxy).
  LEADFORGE_SALESTOOL_CA: z.string().min(1).optional(),
  // Email verification (server/src/verify).
  LEADFORGE_DNS_SERVERS: z
    .string()
    .refine((v) => v.split(',').every((s) => isDnsServer(s.trim())), 'must be comma-separated ip or ip:port entries')
    .optional(),
  LEADFORGE_SMTP_PORT: port.refine((p) => p > 0, 'must be from 1 to 65535').default(25),
  LEADFORGE_SMTP_HELO_NAME: z
    .string()
    .regex(
      /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/,
      'must be a host name',
    )
    .optional(),
  LEADFORGE_SMTP_MAIL_FROM: z
    .string()
    .regex(/^(<>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address, or <> for the null sender')
    .optional(),
  LEADFORGE_SMTP_PROXY: z
    .string()
    .regex(/^socks5h?:\/\/[^/]+\/?$/, 'must be a socks5://[user:pass@]host:port URL')
    .optional(),
  LEADFORGE_SMTP_ALLOW_PRIVATE_MX: boolFlag.default(false),
  LEADFORGE_SMTP_MAX_CONNECTIONS_PER_MX: z.coerce.number().int('must be a whole number').min(1).max(20).default(2),
  LEADFORGE_GREYLIST_RETRY_DELAYS: z
    .string()
    .regex(/^\s*\d+(ms|s|m|h)\s*(,\s*\d+(ms|s|m|h)\s*)*$/, 'must be comma-separated durations like 60s,5m,15m')
    .transform((v) => v.split(',').map(durationMs))
    .default([60_000, 300_000, 900_000]),
  LEADFORGE_VERIFY_MAX_DURATION: z
    .string()
    .regex(/^\d+(ms|s|m|h)$/, 'must be a duration like 30m')
    .transform(durationMs)
    .default(30 * 60_000),
});

/** `60s`, `5m`, `1h`, `250ms` in milliseconds. */
function durationMs(text: string): number {
  const m = /^\s*(\d+)(ms|s|m|h)\s*$/.exec(text) as RegExpExecArray;
  return Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
}

/** `1.1.1.1`, `1.1.1.1:53`, `::1` or `[::1]:53`: what node's Resolver.setServers accepts. */
function isDnsServer(entry: string): boolean {
  const v6 = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  if (v6) return isIP(v6[1] as string) === 6 && (!v6[2] || Number(v6[2]) <= 65535);
  if (isIP(entry) === 6) return true;
  const [ip, portText, extra] = entry.split(':');
  return extra === undefined && isIP(ip ?? '') === 4 && (portText === undefined || /^\d{1,5}$/.test(portText));
}

export type Env = z.infer<typeof envSchema>;
