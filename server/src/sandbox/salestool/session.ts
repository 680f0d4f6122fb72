/**
 * Sessions of the simulated tool: the cookies LinkedIn sets at sign-in (§2.1) and how a request
 * proves one. `li_at` is a signed token naming the member, the time of sign-in and the session's
 * JSESSIONID, so any simulator process with the same secret accepts it (a restarted sandbox keeps
 * its members signed in); sign-outs and revocations are remembered by the process that saw them.
 * The API also wants the `csrf-token` header equal to JSESSIONID without its quotes (§2.1).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { findMember, MEMBERS, type Member } from '../world/members.ts';

/** [inf] LinkedIn's li_at lives about a year. */
export const DEFAULT_SESSION_TTL_MS = 365 * 86_400_000;
const PREFIX = 'AQEDA';
const SIG_LENGTH = 32;

export interface Session {
  readonly member: Member;
  readonly liAt: string;
  /** `ajax:<19 digits>`, the value without the quotes the cookie carries. */
  readonly jsessionId: string;
  readonly liA: string;
  readonly issuedAt: number;
}

export type SessionCheck =
  | { ok: true; session: Session }
  | { ok: false; why: 'missing' | 'invalid' | 'expired' | 'revoked' | 'csrf' };

export class SessionStore {
  private readonly revoked = new Set<string>();
  /** Sessions issued before this time are dead, per member (revokeMember). */
  private readonly revokedBefore = new Map<string, number>();
  /** The latest issuedAt per member, so that a revocation also ends sessions issued at its very instant. */
  private readonly lastIssued = new Map<string, number>();

  constructor(
    private readonly secret: Buffer,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  /** Signs a member in: the three cookies' values. */
  issue(member: Member): Session {
    // A sign-in after a revocation is alive even within the same millisecond (a ManualClock that
    // has not moved, a fast test): it counts as issued at the revocation's edge, not before it.
    const issuedAt = Math.max(this.now(), this.revokedBefore.get(member.key) ?? Number.NEGATIVE_INFINITY);
    this.lastIssued.set(member.key, Math.max(issuedAt, this.lastIssued.get(member.key) ?? issuedAt));
    const digits = Array.from(randomBytes(19), (b) => String(b % 10)).join('');
    const jsessionId = `ajax:${digits.replace(/^0/, '1')}`;
    const body = Buffer.from(
      JSON.stringify({ m: member.memberId, i: issuedAt, j: jsessionId, n: randomBytes(9).toString('base64url') }),
    ).toString('base64url');
    const liAt = `${PREFIX}${body}${this.sign(body)}`;
    // li_a is the sales tool's own cookie; nothing checks it (§2.1 names li_at and JSESSIONID only).
    const liA = `AQJ2PTEmc2FsZXNfY2lkPTk${randomBytes(24).toString('base64url')}`;
    return { member, liAt, jsessionId, liA, issuedAt };
  }

  /** The session a cookie header carries; `csrf` is the header's value, or undefined for pages. */
  check(cookieHeader: string | undefined, csrf?: string | null): SessionCheck {
    const cookies = parseCookies(cookieHeader);
    const liAt = cookies.get('li_at');
    if (!liAt) return { ok: false, why: 'missing' };
    const token = this.read(liAt);
    if (!token) return { ok: false, why: 'invalid' };
    const member = MEMBERS.find((m) => m.memberId === token.m);
    if (!member) return { ok: false, why: 'invalid' };
    if (this.revoked.has(liAt) || token.i < (this.revokedBefore.get(member.key) ?? Number.NEGATIVE_INFINITY)) {
      return { ok: false, why: 'revoked' };
    }
    if (this.now() - token.i > this.ttlMs) return { ok: false, why: 'expired' };
    const session: Session = { member, liAt, jsessionId: token.j, liA: cookies.get('li_a') ?? '', issuedAt: token.i };
    if (csrf !== undefined) {
      const jsession = unquote(cookies.get('JSESSIONID') ?? '');
      // The header must repeat the cookie, and the cookie must be this session's.
      if (!csrf || jsession !== token.j || csrf !== jsession) return { ok: false, why: 'csrf' };
    }
    return { ok: true, session };
  }

  revoke(liAt: string): void {
    this.revoked.add(liAt);
  }

  /** Ends every session of a member issued so far (tests: a session LinkedIn killed). */
  revokeMember(emailOrKey: string): void {
    const member = findMember(emailOrKey);
    if (!member) return;
    const latest = this.lastIssued.get(member.key) ?? Number.NEGATIVE_INFINITY;
    this.revokedBefore.set(member.key, Math.max(this.now(), latest) + 1);
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url').slice(0, SIG_LENGTH);
  }

  private read(liAt: string): { m: number; i: number; j: string } | undefined {
    if (!liAt.startsWith(PREFIX) || liAt.length < PREFIX.length + SIG_LENGTH + 4) return undefined;
    const body = liAt.slice(PREFIX.length, -SIG_LENGTH);
    const sig = Buffer.from(liAt.slice(-SIG_LENGTH));
    const expected = Buffer.from(this.sign(body));
    if (sig.length !== expected.length || !timingSafeEqual(sig, expected)) return undefined;
    try {
      const token = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
        m: unknown;
        i: unknown;
        j: unknown;
      };
      if (typeof token.m !== 'number' || typeof token.i !== 'number' || typeof token.j !== 'string') return undefined;
      return { m: token.m, i: token.i, j: token.j };
    } catch {
      return undefined;
    }
  }
}

export const unquote = (value: string): string => value.replace(/^"(.*)"$/, '$1');

export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!out.has(name)) out.set(name, part.slice(eq + 1).trim());
  }
  return out;
}

const COOKIE = 'Domain=.linkedin.com; Path=/; Secure; SameSite=None';

/** The Set-Cookie lines of a sign-in, as LinkedIn writes them: JSESSIONID quoted and readable by scripts. */
export function signInCookies(session: Session, ttlMs: number): string[] {
  const age = `Max-Age=${Math.floor(ttlMs / 1000)}`;
  return [
    `li_at=${session.liAt}; ${COOKIE}; HttpOnly; ${age}`,
    `JSESSIONID="${session.jsessionId}"; ${COOKIE}; ${age}`,
    `li_a=${session.liA}; ${COOKIE}; HttpOnly; ${age}`,
  ];
}

export function signOutCookies(): string[] {
  const gone = 'Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
  return [
    `li_at=; ${COOKIE}; HttpOnly; ${gone}`,
    `JSESSIONID=; ${COOKIE}; ${gone}`,
    `li_a=; ${COOKIE}; HttpOnly; ${gone}`,
  ];
}
