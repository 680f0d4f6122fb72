/**
 * Mail providers as recognised by their MX host names (reacher's routing, verification.md §1.2),
 * each with how much probing it tolerates. Limits are [inference] from §1.7 and §4: Microsoft
 * answers `452 4.5.3 Too many recipients` after a couple of RCPTs; gateways tarpit; Google and
 * Microsoft rate-limit per egress IP. An unknown provider is keyed by its MX host's last two
 * labels, so each small provider gets its own cap.
 */
export interface ProviderProfile {
  id: string;
  /** RCPT commands per session, the catch-all probe included. */
  maxRcptPerSession: number;
  /** New sessions per minute across the whole provider (all its MX hosts). */
  sessionsPerMinute: number;
}

interface KnownProvider extends ProviderProfile {
  mxSuffixes: string[];
}

export const KNOWN_PROVIDERS: readonly KnownProvider[] = [
  { id: 'google', mxSuffixes: ['google.com', 'googlemail.com'], maxRcptPerSession: 6, sessionsPerMinute: 30 },
  { id: 'microsoft', mxSuffixes: ['protection.outlook.com'], maxRcptPerSession: 2, sessionsPerMinute: 20 },
  { id: 'yahoo', mxSuffixes: ['yahoodns.net'], maxRcptPerSession: 6, sessionsPerMinute: 20 },
  { id: 'proofpoint', mxSuffixes: ['pphosted.com', 'ppe-hosted.com'], maxRcptPerSession: 6, sessionsPerMinute: 20 },
  { id: 'mimecast', mxSuffixes: ['mimecast.com'], maxRcptPerSession: 6, sessionsPerMinute: 20 },
  { id: 'barracuda', mxSuffixes: ['barracudanetworks.com'], maxRcptPerSession: 6, sessionsPerMinute: 20 },
  { id: 'antispamcloud', mxSuffixes: ['antispamcloud.com'], maxRcptPerSession: 4, sessionsPerMinute: 10 },
];

export const DEFAULT_PROFILE: Omit<ProviderProfile, 'id'> = { maxRcptPerSession: 6, sessionsPerMinute: 60 };

const endsWithLabel = (host: string, suffix: string): boolean => host === suffix || host.endsWith(`.${suffix}`);

/** The provider behind an MX host; `overrides` (by provider id, or '*' for all) replace the defaults. */
export function providerOf(
  mxHost: string,
  overrides: Readonly<Record<string, Partial<ProviderProfile>>> = {},
): ProviderProfile {
  const host = mxHost.toLowerCase().replace(/\.$/, '');
  const known = KNOWN_PROVIDERS.find((p) => p.mxSuffixes.some((s) => endsWithLabel(host, s)));
  const id = known?.id ?? host.split('.').slice(-2).join('.');
  const base = known
    ? { maxRcptPerSession: known.maxRcptPerSession, sessionsPerMinute: known.sessionsPerMinute }
    : DEFAULT_PROFILE;
  return { id, ...base, ...overrides['*'], ...overrides[id] };
}
