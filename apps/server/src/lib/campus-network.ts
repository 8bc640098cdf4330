import { BlockList, isIP } from 'node:net';

/**
 * An institution's campus networks (CIDR blocks, set by administrators with the e-resource settings,
 * `e_resource_setting.campus_networks`): a caller on one of them is on campus — a database opens
 * directly rather than through the proxy, a thesis kept for the campus opens its full text.
 */

/** Whether `network` is a CIDR block (IPv4 /0–32 or IPv6 /0–128) or a lone address. */
export function parseNetwork(network: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', bits, extra] = network.trim().split('/');
  if (extra !== undefined) return null;
  const version = isIP(address);
  if (!version) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** Whether `ip` is on one of the campus networks (IPv4-mapped IPv6 addresses count as IPv4). */
export function isOnCampus(ip: string, networks: string[]): boolean {
  const list = new BlockList();
  for (const n of networks) {
    const p = parseNetwork(n);
    if (p) list.addSubnet(p.address, p.prefix, p.family);
  }
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
