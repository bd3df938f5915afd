import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

/*
 * TRUST_PROXY (issue 15 #4): which `X-Forwarded-For` entries name the client. The forms are
 * Fastify's `trustProxy` (proxy-addr):
 *
 *   unset, false, 0     the socket's peer is the client (no proxy in front)
 *   1, 2, …             hop count: that many proxies in front; the client is the entry that many
 *                       places from the right (what the outermost trusted proxy saw). Only when
 *                       the socket's peer is on a private network (loopback, 10/8, 172.16/12,
 *                       192.168/16, 100.64/10, link-local, fc00::/7): a request from a public
 *                       address came past the proxies, so its X-Forwarded-For is ignored.
 *                       (Fastify 5.12 itself treats a number as "trust nothing", because a bare
 *                       count cannot tell a proxy from a direct client; `trustProxyOption` turns
 *                       the count into a function with that check.) A proxy that connects from
 *                       a public address: list its addresses instead.
 *   10.0.0.1,10.1.0.0/16, loopback, linklocal, uniquelocal
 *                       the proxies' addresses or CIDR ranges: entries added by them are skipped,
 *                       the first address from the right that is not theirs is the client
 *   true                every entry is believed: the LEFTMOST one, which any client can write.
 *                       Refused in production (see `trustProxyProblem`); allowed in development
 *                       and test, where nobody is attacking the server.
 */
export type TrustProxy = boolean | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const FORMS =
  'must be a hop count (e.g. 1), a comma-separated list of proxy addresses or CIDR ranges ' +
  '(e.g. 10.0.0.1,10.1.0.0/16, or loopback / linklocal / uniquelocal), or true / false';

/** The TRUST_PROXY variable: empty counts as unset. */
export const trustProxySetting = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string()
    .transform((raw, context): TrustProxy => {
      const value = raw.trim().toLowerCase();
      if (['false', 'no', '0'].includes(value)) return false;
      if (['true', 'yes'].includes(value)) return true;
      if (/^\d{1,2}$/.test(value)) return Number(value);
      const entries = value.split(',').map((entry) => entry.trim());
      const invalid = entries.filter((entry) => !isAddressOrRange(entry));
      if (entries.length === 0 || invalid.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `${FORMS}; not an address or range: ${invalid.map((entry) => JSON.stringify(entry)).join(', ')}`,
        });
        return z.NEVER;
      }
      return entries;
    })
    .optional(),
);

/** The start-up refusal of `true` in production, or undefined when the setting is acceptable. */
export function trustProxyProblem(nodeEnv: string, trustProxy: TrustProxy): string | undefined {
  if (trustProxy !== true || nodeEnv !== 'production') return undefined;
  return (
    'TRUST_PROXY: "true" is refused in production: it believes the first X-Forwarded-For entry, which ' +
    'any client can forge (sign-in and booking limits evaded, forged IPs in the audit log). Give the ' +
    'number of proxies in front of the server (TRUST_PROXY=1 behind one load balancer) or their ' +
    'addresses/CIDR ranges (TRUST_PROXY=10.0.0.0/8), or leave it unset when clients connect directly.'
  );
}

/** Networks a load balancer in front of the server connects from. */
const privateNetworks = new BlockList();
privateNetworks.addSubnet('127.0.0.0', 8, 'ipv4');
privateNetworks.addSubnet('10.0.0.0', 8, 'ipv4');
privateNetworks.addSubnet('172.16.0.0', 12, 'ipv4');
privateNetworks.addSubnet('192.168.0.0', 16, 'ipv4');
privateNetworks.addSubnet('100.64.0.0', 10, 'ipv4');
privateNetworks.addSubnet('169.254.0.0', 16, 'ipv4');
privateNetworks.addAddress('::1', 'ipv6');
privateNetworks.addSubnet('fc00::', 7, 'ipv6');
privateNetworks.addSubnet('fe80::', 10, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  const plain = mapped?.[1] ?? address;
  const version = isIP(plain);
  if (version === 0) return false;
  return privateNetworks.check(plain, version === 4 ? 'ipv4' : 'ipv6');
}

/** What Fastify's `trustProxy` option gets: a hop count becomes a function (see above). */
export function trustProxyOption(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  // proxy-addr walks from the socket's peer (hop 0) leftwards through X-Forwarded-For; the first
  // address not trusted is the client.
  return (address, hop) => (hop === 0 ? hops > 0 && isPrivateAddress(address) : hop < hops);
}
