import { BlockList, isIP } from 'node:net';
import type { Agent } from 'undici';

/**
 * Where a customer webhook may point. On a deployed stage: https only, and never a host that is
 * (or resolves, any of its addresses, to) a private, loopback, link-local or otherwise internal
 * address. Locally (stage `local`) also http or https to localhost/127.0.0.1, whose addresses must
 * all be loopback. Checked when the URL is saved and again right before each delivery, and the delivery
 * then connects to an address that check accepted (`pinnedAgent`), never to a second DNS answer.
 */
const internal = new BlockList();
/** Apart: Node matches IPv4 addresses against an IPv4-mapped IPv6 rule too. */
const internal6 = new BlockList();

/**
 * IPv4: every block of IANA's IPv4 Special-Purpose Address Registry (the globally reachable ones
 * too: AS112 and AMT anycast are no one's webhook), plus multicast and the deprecated 6to4 relays.
 */
export const blockedIPv4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.31.196.0', 24], // AS112-v4
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // AS112 direct delegation
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast 255.255.255.255
];

/**
 * IPv6: only global unicast (2000::/3) is reachable; everything outside it is blocked as a whole,
 * which covers ::/128, ::1, IPv4-compatible ::/96, IPv4-mapped ::ffff:0:0/96, IPv4-translated
 * ::ffff:0:0:0/96, NAT64 64:ff9b::/96 (its embedded IPv4 could be anything) and 64:ff9b:1::/48,
 * discard-only 100::/64, SRv6 5f00::/16, unique-local fc00::/7, link-local fe80::/10, site-local
 * fec0::/10 and multicast ff00::/8. Inside 2000::/3, IANA's IPv6 Special-Purpose Address Registry
 * leaves these, blocked too (the tunnels embed an IPv4 address we would not have checked):
 */
export const blockedIPv6: ReadonlyArray<readonly [string, number]> = [
  ['::', 3], // 0000::/3: unspecified, loopback, IPv4-compatible, -mapped, -translated, NAT64, discard
  ['4000::', 2], // 4000::/2: unassigned, SRv6 SIDs
  ['8000::', 1], // 8000::/1: unassigned, unique-local, link-local, site-local, multicast
  ['2001::', 23], // IETF protocol assignments, Teredo 2001::/32 among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['2620:4f:8000::', 48], // AS112 direct delegation
  ['3ffe::', 16], // the former 6bone
  ['3fff::', 20], // documentation
];

for (const [net, prefix] of blockedIPv4) internal.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of blockedIPv6) internal6.addSubnet(net, prefix, 'ipv6');

/** An address without its IPv6 zone (`fe80::1%eth0`), which BlockList does not parse. */
const withoutZone = (address: string) => address.replace(/%.*$/, '');

/** True for an address a webhook must not reach (private, loopback, link-local, mapped, tunnelled, multicast, reserved). */
export function isInternalAddress(address: string): boolean {
  const bare = withoutZone(address);
  const family = isIP(bare);
  if (family === 4) return internal.check(bare, 'ipv4');
  if (family === 6) return internal6.check(bare, 'ipv6');
  return true; // not an address at all: refuse
}

/** 127.0.0.0/8 or ::1: what a local-stage webhook may reach. */
function isLoopbackAddress(address: string): boolean {
  const bare = withoutZone(address);
  return isIP(bare) === 4 ? bare.startsWith('127.') : bare === '::1';
}

export type Resolver = (host: string) => Promise<Array<{ address: string }>>;

export const systemResolver: Resolver = async (host) => {
  const { lookup } = await import('node:dns/promises');
  return lookup(host, { all: true, verbatim: true });
};

export const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** A URL's verdict: why it is refused, or the addresses it may be reached at (every one checked). */
export type WebhookTarget = { problem: string } | { problem: null; addresses: CheckedAddress[] };

const checked = (addresses: Array<{ address: string }>): CheckedAddress[] =>
  addresses.map(({ address }) => ({ address, family: isIP(withoutZone(address)) === 6 ? 6 : 4 }));

/**
 * The schemes a URL may use: `https` (webhooks, push endpoints: the default), or `http-or-https` for
 * a partner's SIM-bank agent, whose protocol allows plain http; the address rules are the same.
 */
export type UrlSchemes = 'https' | 'http-or-https';

export interface UrlCheckOptions {
  local: boolean;
  resolve?: Resolver;
  schemes?: UrlSchemes;
}

/** Checks a webhook URL and resolves its host once; a delivery connects only to the addresses answered. */
export async function checkWebhookUrl(raw: string, options: UrlCheckOptions): Promise<WebhookTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: 'Not a valid URL' };
  }
  if (url.username || url.password) return { problem: 'The URL must not contain credentials' };
  const host = url.hostname;
  const httpAllowed = options.schemes === 'http-or-https';
  const schemeProblem = httpAllowed ? 'The URL must use http or https' : 'The URL must use https';
  if (url.protocol === 'http:') {
    if (!httpAllowed && !(options.local && localHosts.has(host))) return { problem: schemeProblem };
  } else if (url.protocol !== 'https:') return { problem: schemeProblem };
  // Locally a receiver on this machine is the point; any other host is held to the deployed rules.
  const loopback = options.local && localHosts.has(host);
  const refused = loopback ? (address: string) => !isLoopbackAddress(address) : isInternalAddress;
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (isIP(bare)) return refused(bare) ? { problem: 'The URL points to a private address' } : { problem: null, addresses: checked([{ address: bare }]) };
  if (!loopback && (bare === 'localhost' || bare.endsWith('.localhost') || bare.endsWith('.internal') || bare.endsWith('.local'))) {
    return { problem: 'The URL points to a private address' };
  }
  let addresses: Array<{ address: string }>;
  try {
    addresses = await (options.resolve ?? systemResolver)(bare);
  } catch {
    return { problem: 'The host does not resolve' };
  }
  if (addresses.length === 0) return { problem: 'The host does not resolve' };
  if (addresses.some((a) => refused(a.address))) return { problem: 'The URL points to a private address' };
  return { problem: null, addresses: checked(addresses) };
}

/** Why a webhook URL is refused, or null when it may be used. */
export async function webhookUrlProblem(raw: string, options: UrlCheckOptions): Promise<string | null> {
  return (await checkWebhookUrl(raw, options)).problem;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | CheckedAddress[], family?: number) => void;

/**
 * An undici dispatcher whose every connection goes to the checked addresses and nowhere else: its
 * DNS lookup answers them without asking DNS again, so a name that resolves to a public address for
 * the check and to an internal one a moment later (DNS rebinding) still reaches the checked one.
 * The URL's host name stays what TLS (SNI, the certificate's name) and the Host header use.
 * Loaded on the delivery path only (undici is large for the API's functions).
 */
export async function pinnedAgent(addresses: CheckedAddress[], options: { timeoutMs: number }): Promise<Agent> {
  if (addresses.length === 0) throw new Error('No checked address to connect to');
  const { Agent } = await import('undici');
  const pinned = addresses.map(({ address, family }) => ({ address: withoutZone(address), family }));
  const lookup = (_hostname: string, lookupOptions: { all?: boolean }, callback: LookupCallback) => {
    if (lookupOptions.all) callback(null, pinned);
    else callback(null, pinned[0]!.address, pinned[0]!.family);
  };
  return new Agent({
    connect: { lookup: lookup as never, timeout: options.timeoutMs },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
}
