import http from 'node:http';
import https from 'node:https';
import type { WebhookBody } from './sign.ts';
import { guardedLookup, type WebhookTargetPolicy, WebhookTargetRefused } from './ssrf-guard.ts';

export const WEBHOOK_TIMEOUT_MS = 15_000;
const BODY_KEPT_BYTES = 1024;

export interface PostResult {
  outcome: 'success' | 'http_error' | 'timeout' | 'network_error' | 'blocked';
  status: number | null;
  /** The first 1 KB of the response body. */
  body: string | null;
  error: string | null;
  retryAfter: string | undefined;
  durationMs: number;
}

/**
 * One delivery attempt: a POST through the SSRF guard's lookup, no redirects followed (a 3xx is a
 * failed attempt), a 2xx within the timeout is success.
 */
export function postWebhook(
  url: URL,
  headers: Record<string, string>,
  body: { bytes: number; body: WebhookBody },
  policy: WebhookTargetPolicy,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<PostResult> {
  const started = Date.now();
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<PostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: Date.now() - started });
    };
    const req = lib.request(url, {
      method: 'POST',
      lookup: guardedLookup(url.protocol, policy),
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(body.bytes),
        'user-agent': 'Leadforge-Webhooks/1.0',
      },
      agent: false, // a fresh connection each time: the guard runs on every attempt
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish({
        outcome: 'timeout',
        status: null,
        body: null,
        error: `no answer within ${timeoutMs / 1000} s`,
        retryAfter: undefined,
      });
    }, timeoutMs);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (c: Buffer) => {
        if (kept < BODY_KEPT_BYTES) {
          chunks.push(c.subarray(0, BODY_KEPT_BYTES - kept));
          kept += Math.min(c.length, BODY_KEPT_BYTES - kept);
        }
        if (kept >= BODY_KEPT_BYTES) res.destroy(); // the rest is not needed
      });
      const done = () => {
        const status = res.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        finish({
          outcome: ok ? 'success' : 'http_error',
          status,
          body: Buffer.concat(chunks).toString('utf8'),
          error: ok ? null : `answered HTTP ${status}`,
          retryAfter: typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : undefined,
        });
      };
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
    });
    req.on('error', (err) => {
      const blocked = err instanceof WebhookTargetRefused;
      finish({
        outcome: blocked ? 'blocked' : 'network_error',
        status: null,
        body: null,
        error: err.message,
        retryAfter: undefined,
      });
    });
    void writeBody(req, body.body).catch((err: unknown) => req.destroy(err as Error));
  });
}

/** Streams the body with backpressure; stops when the request has ended (timeout, refusal, an early answer). */
async function writeBody(req: http.ClientRequest, body: WebhookBody): Promise<void> {
  for await (const chunk of body.chunks()) {
    if (req.destroyed) return;
    if (!req.write(chunk))
      await new Promise<void>((resolve) => {
        const done = () => {
          req.off('drain', done);
          req.off('close', done);
          resolve();
        };
        req.on('drain', done);
        req.on('close', done);
      });
  }
  if (!req.destroyed) req.end();
}
