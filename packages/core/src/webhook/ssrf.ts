import { BlockList, isIP } from 'node:net';

/**
 * Where a customer webhook may point. On a deployed stage: https only, and never a host that is
 * (or resolves, any of its addresses, to) a private, loopback, link-local or otherwise internal
 * address. Locally (stage `local`): http is allowed for localhost/127.0.0.1, and nothing is resolved.
 * Checked when the URL is saved and again right before each delivery (a DNS answer can change).
 */
const internal = new BlockList();
/** Apart: Node matches IPv4 addresses against an IPv4-mapped IPv6 rule too. */
const internal6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) internal.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) internal6.addSubnet(net, prefix, 'ipv6');

/** True for an address a webhook must not reach (private, loopback, link-local, mapped, multicast, reserved). */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return internal.check(address, 'ipv4');
  if (family === 6) return internal6.check(address, 'ipv6');
  return true; // not an address at all: refuse
}

export type Resolver = (host: string) => Promise<Array<{ address: string }>>;

export const systemResolver: Resolver = async (host) => {
  const { lookup } = await import('node:dns/promises');
  return lookup(host, { all: true, verbatim: true });
};

export const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why a webhook URL is refused, or null when it may be used. */
export async function webhookUrlProblem(raw: string, options: { local: boolean; resolve?: Resolver }): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Not a valid URL';
  }
  if (url.username || url.password) return 'The URL must not contain credentials';
  const host = url.hostname;
  if (url.protocol === 'http:') {
    if (!(options.local && localHosts.has(host))) return 'The URL must use https';
  } else if (url.protocol !== 'https:') return 'The URL must use https';
  if (options.local) return null;
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (isIP(bare)) return isInternalAddress(bare) ? 'The URL points to a private address' : null;
  if (bare === 'localhost' || bare.endsWith('.localhost') || bare.endsWith('.internal') || bare.endsWith('.local')) return 'The URL points to a private address';
  let addresses: Array<{ address: string }>;
  try {
    addresses = await (options.resolve ?? systemResolver)(bare);
  } catch {
    return 'The host does not resolve';
  }
  if (addresses.length === 0) return 'The host does not resolve';
  return addresses.some((a) => isInternalAddress(a.address)) ? 'The URL points to a private address' : null;
}
