import type { LoggerOptions } from 'pino';

/**
 * pino settings for every process. Secrets never reach a log line: request logs carry no headers
 * or bodies, and these paths are redacted wherever they appear in a logged object.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'authorization',
        'key',
        'apiKey',
        'li_at',
        'li_a',
        'jsessionid',
        'session',
        '*.li_at',
        '*.li_a',
        '*.jsessionid',
        '*.session',
        '*.key',
      ],
      censor: '[redacted]',
    },
  };
}
