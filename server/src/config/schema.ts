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
  LEADFORGE_DB_POOL_SIZE: z.coerce.number().int('must be a whole number').min(1).max(200).default(10),
  LEADFORGE_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int('must be a whole number')
    .min(1024)
    .default(16 * 1024 * 1024),
  LEADFORGE_FIRST_START: boolFlag.default(true),
  LEADFORGE_WEBHOOK_ALLOW_LOOPBACK: boolFlag.default(false),
  LEADFORGE_WORKER_POLL_MS: z.coerce.number().int('must be a whole number').min(10).max(60_000).default(250),
  LEADFORGE_SHUTDOWN_GRACE_MS: z.coerce.number().int('must be a whole number').min(0).max(600_000).default(10_000),
});

export type Env = z.infer<typeof envSchema>;
