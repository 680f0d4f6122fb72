/**
 * The simulated sales tool over HTTPS, as `www.linkedin.com`: the internal API (`/sales-api/…`,
 * `/voyager/api/…`) and the pages, with a self-signed certificate for that name. A browser reaches
 * it with `--host-resolver-rules=MAP www.linkedin.com 127.0.0.1:<port>`; the connector reaches it
 * by pinning `certificatePem` as its only root and sending `www.linkedin.com` as the TLS name.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { apiReply } from './api.ts';
import { pageReply } from './pages.ts';
import type { Reply, ToolState } from './state.ts';
import { createToolState, type ToolOptions } from './tool.ts';

export const SALES_TOOL_HOST = 'www.linkedin.com';
/** LEADFORGE_SANDBOX_SALESTOOL_PORT's default. */
export const DEFAULT_SALES_TOOL_PORT = 8443;
/** Form bodies of long queries (§2.1) stay far below this; a bigger body is not the protocol's. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface SalesToolOptions extends ToolOptions {
  /** Default 0: any free port (read it back from `port`). */
  readonly port?: number;
  readonly host?: string;
}

export interface SalesToolServer {
  readonly port: number;
  /** `https://127.0.0.1:<port>`: where to connect; the TLS name is SALES_TOOL_HOST. */
  readonly baseUrl: string;
  /** The self-signed certificate to trust for SALES_TOOL_HOST. */
  readonly certificatePem: string;
  readonly state: ToolState;
  close(): Promise<void>;
}

let certificate: Promise<{ key: string; cert: string }> | undefined;

/** One certificate per process: making an RSA key takes a moment, and every simulator may share it. */
function salesToolCertificate(): Promise<{ key: string; cert: string }> {
  certificate ??= generate([{ name: 'commonName', value: SALES_TOOL_HOST }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 825 * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: SALES_TOOL_HOST },
          { type: 2, value: 'linkedin.com' },
          // Also valid at https://127.0.0.1:<port>, for a service told to trust it (LEADFORGE_SALESTOOL_CA).
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  }).then((pems) => ({ key: pems.private, cert: pems.cert }));
  return certificate;
}

export async function startSalesTool(options: SalesToolOptions): Promise<SalesToolServer> {
  const state = createToolState(options);
  const { key, cert } = await salesToolCertificate();
  const server: Server = createServer({ key, cert }, (req, res) => {
    void handle(state, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end('{"status":500,"message":"Internal Server Error"}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    baseUrl: `https://127.0.0.1:${port}`,
    certificatePem: cert,
    state,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handle(state: ToolState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBody(req);
  if (body === undefined) return send(res, { status: 413, body: { status: 413, message: 'Payload Too Large' } });
  if (state.latencyMs > 0) await new Promise((r) => setTimeout(r, state.latencyMs));
  const url = req.url ?? '/';
  const api = url.startsWith('/sales-api/') || url.startsWith('/voyager/api/');
  const reply = api
    ? apiReply(state, { method: req.method ?? 'GET', url, headers: req.headers, body })
    : pageReply(state, { method: req.method ?? 'GET', url, cookie: req.headers.cookie, body });
  send(res, reply);
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string | string[]> = { ...reply.headers };
  let payload = '';
  if (typeof reply.body === 'string') payload = reply.body;
  else if (reply.body !== undefined) {
    payload = JSON.stringify(reply.body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = 'application/json';
    }
  }
  res.writeHead(reply.status, headers);
  res.end(payload);
}

/** Starts the sales tool and says where it listens and how to browse it (`leadforge sandbox serve`). */
export async function serveSalesTool(
  options: SalesToolOptions,
  print: (line: string) => void = console.log,
): Promise<SalesToolServer> {
  const tool = await startSalesTool(options);
  const { sales } = tool.state.tool;
  print(
    `Sales tool ${tool.baseUrl} (HTTPS, as https://${SALES_TOOL_HOST}): ${sales.leads.length} leads, ${sales.accounts.length} accounts`,
  );
  print(
    `        Chromium: --host-resolver-rules="MAP ${SALES_TOOL_HOST} 127.0.0.1:${tool.port}" --ignore-certificate-errors`,
  );
  print(`        then https://${SALES_TOOL_HOST}/login?as=demo (members: docs/sandbox.md)`);
  return tool;
}
