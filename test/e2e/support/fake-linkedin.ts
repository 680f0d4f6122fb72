/**
 * A stand-in for www.linkedin.com: an HTTPS server with a self-signed certificate (made with the
 * openssl CLI at test time) that the browser reaches through --host-resolver-rules. Its pages set
 * and clear the Sales Navigator session cookies the way LinkedIn does: for .linkedin.com, Secure,
 * li_at HttpOnly, JSESSIONID quoted.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FakeLinkedIn {
  port: number;
  /** The li_at value the server set last (null after a logout). */
  liAt(): string | null;
  close(): Promise<void>;
}

const COOKIE = 'Domain=.linkedin.com; Path=/; Secure; SameSite=None';

export async function startFakeLinkedIn(): Promise<FakeLinkedIn> {
  const { key, cert } = selfSignedCertificate('www.linkedin.com');
  let liAt: string | null = null;
  const newLiAt = () => {
    liAt = `AQEDA${randomBytes(48).toString('base64url')}`;
    return `li_at=${liAt}; ${COOKIE}; HttpOnly; Max-Age=86400`;
  };

  const server: Server = createServer({ key, cert }, (request, response) => {
    const path = new URL(request.url ?? '/', 'https://www.linkedin.com').pathname;
    const page = (title: string, cookies: string[] = []) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Set-Cookie': cookies });
      response.end(`<!doctype html><title>${title}</title><h1>${title}</h1>`);
    };
    if (path === '/sales/login') {
      const jsessionid = `JSESSIONID="ajax:${randomDigits(19)}"; ${COOKIE}; Max-Age=86400`;
      const liA = `li_a=AQJ2PTEmc2FsZXNfY2lkPTk${randomBytes(24).toString('base64url')}; ${COOKIE}; HttpOnly; Max-Age=86400`;
      return page('Sales Navigator: logged in', [newLiAt(), jsessionid, liA]);
    }
    // LinkedIn renews li_at now and then: the browser reports it as an overwrite, then the new value.
    if (path === '/sales/rotate') return page('Sales Navigator: session renewed', [newLiAt()]);
    // A logout expires li_at from the server's side.
    if (path === '/sales/logout') {
      liAt = null;
      return page('Signed out', [`li_at=; ${COOKIE}; HttpOnly; Max-Age=0`]);
    }
    if (path.startsWith('/sales/')) return page('Sales Navigator');
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    liAt: () => liAt,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function randomDigits(n: number): string {
  return Array.from(randomBytes(n), (b) => String(b % 10)).join('');
}

/** A throwaway certificate for `host`, made by the openssl CLI (an EC key: fast to generate). */
export function selfSignedCertificate(host: string): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'lf-e2e-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '2',
        '-subj',
        `/CN=${host}`,
        '-addext',
        `subjectAltName=DNS:${host}`,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
