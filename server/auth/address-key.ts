/**
 * The requesting address as the per-address limits count it: an IPv4
 * address as it is, an IPv6 address by its /64 network. One IPv6 host
 * usually holds a whole /64, so counting single IPv6 addresses would give
 * it billions of fresh limits. IPv4-mapped IPv6 (`::ffff:192.0.2.1`)
 * counts as the IPv4 address.
 */
import { isIPv6 } from 'node:net';

function expandIPv6(ip: string): string[] | undefined {
  const [head = '', tail, extra] = ip.split('::');
  if (extra !== undefined) return undefined;
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
}

export function addressKey(ip: string): string {
  const plain = ip.replace(/%.*$/, '').toLowerCase(); // zone index (fe80::1%eth0)
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (!isIPv6(plain) || plain.includes('.')) return plain;
  const groups = expandIPv6(plain);
  if (!groups) return plain;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
