/**
 * One HTTPS GET to the sales tool: a timeout, a cap on the body, no redirects followed (a redirect
 * is how the tool says a session has ended, so the caller must see it). TLS is always verified:
 * live against the system's roots; the sandbox by pinning the simulator's own certificate as the
 * only root (`ca`), never by turning the check off.
 */

import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

export interface SalesToolEndpoint {
  /** `https://www.linkedin.com` live; the simulator's address in the sandbox. */
  baseUrl: string;
  /** Trust these certificates instead of the system's roots (the sandbox simulator's self-signed one). */
  ca?: string | Buffer;
  /** The TLS name to expect when baseUrl is an address (`www.linkedin.com` for the simulator on 127.0.0.1). */
  servername?: string;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** No page of 100 hits, profile or company comes near this; a bigger answer is not the protocol's. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

export class HttpFailure extends Error {
  override readonly name = 'HttpFailure';
  constructor(
    message: string,
    readonly kind: 'timeout' | 'network' | 'too-large',
  ) {
    super(message);
  }
}

/** One agent per endpoint: keep-alive, as a browser tab keeps its connection to the tool. */
export function agentFor(endpoint: SalesToolEndpoint): https.Agent {
  return new https.Agent({
    keepAlive: true,
    maxSockets: 4,
    ...(endpoint.ca !== undefined && { ca: endpoint.ca }),
  });
}

/** A GET, or a POST of a JSON body (`opts.json`). */
export function httpRequest(
  url: URL,
  headers: Record<string, string>,
  opts: { agent: https.Agent; servername?: string; timeoutMs: number; json?: unknown },
): Promise<RawResponse> {
  if (url.protocol !== 'https:') return Promise.reject(new HttpFailure(`${url.protocol} is not https`, 'network'));
  const body = opts.json === undefined ? undefined : JSON.stringify(opts.json);
  if (body !== undefined) {
    headers = { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
  }
  return new Promise((resolve, reject) => {
    const req = https.request(url, {
      method: body === undefined ? 'GET' : 'POST',
      agent: opts.agent,
      headers: opts.servername ? { ...headers, host: opts.servername } : headers,
      ...(opts.servername && { servername: opts.servername }),
      timeout: opts.timeoutMs,
    });
    req.on('timeout', () => req.destroy(new HttpFailure(`no answer within ${opts.timeoutMs / 1000} s`, 'timeout')));
    req.on('error', (error) =>
      reject(error instanceof HttpFailure ? error : new HttpFailure(error.message, 'network')),
    );
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          req.destroy(new HttpFailure(`the answer is larger than ${MAX_BODY_BYTES} bytes`, 'too-large'));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', (error) => reject(new HttpFailure(error.message, 'network')));
    });
    req.end(body);
  });
}
