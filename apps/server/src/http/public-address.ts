import { BlockList, isIP } from 'node:net';

/**
 * Which IP addresses an outbound request to a caller-chosen URL (a partner's webhook) may reach:
 * public unicast only (docs/security.md "Outbound requests"). Everything an attacker could use to
 * reach this host, its network or a cloud's metadata service is refused: loopback, private,
 * link-local, CGNAT (100.64.0.0/10 holds Alibaba's metadata 100.100.100.200), benchmarking,
 * documentation, multicast, reserved, unspecified, unique-local (fd00:ec2::254 is AWS's v6
 * metadata) and every IPv6 form that embeds an IPv4 address the v4 rules would refuse.
 */
const V4_REFUSED: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT, metadata 100.100.100.200
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments (Oracle's metadata 192.0.0.192)
  ['192.0.2.0', 24],
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
];
/** Public addresses that still answer as a cloud's instance metadata / host agent. */
const V4_METADATA = ['168.63.129.16']; // Azure WireServer

const v4Refused = new BlockList();
for (const [net, prefix] of V4_REFUSED) v4Refused.addSubnet(net, prefix, 'ipv4');
for (const a of V4_METADATA) v4Refused.addAddress(a, 'ipv4');

/** Global unicast IPv6 (2000::/3) minus the ranges below; anything outside 2000::/3 is refused. */
const v6Refused = new BlockList();
v6Refused.addSubnet('2001::', 32, 'ipv6'); // Teredo (embeds an IPv4 address and a relay)
v6Refused.addSubnet('2001:2::', 48, 'ipv6'); // benchmarking
v6Refused.addSubnet('2001:10::', 28, 'ipv6'); // ORCHID
v6Refused.addSubnet('2001:20::', 28, 'ipv6'); // ORCHIDv2
v6Refused.addSubnet('2001:db8::', 32, 'ipv6'); // documentation
v6Refused.addSubnet('3fff::', 20, 'ipv6'); // documentation (RFC 9637)

/** The eight 16-bit groups of an IPv6 address (dotted IPv4 tail allowed), or undefined. */
export function ipv6Groups(text: string): number[] | undefined {
  if (isIP(text) !== 6) return undefined;
  let s = text.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    s = `${s.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.split('::') as [string, string | undefined];
  const part = (p: string | undefined) => (p ? p.split(':').map((g) => parseInt(g, 16)) : []);
  const h = part(head);
  const t = part(tail);
  const groups = tail === undefined ? h : [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
  return groups.length === 8 ? groups : undefined;
}

const v4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

function publicV4(ip: string): boolean {
  return !v4Refused.check(ip, 'ipv4');
}

function publicV6(ip: string): boolean {
  const g = ipv6Groups(ip);
  if (!g) return false;
  // 6to4 (2002::/16) carries an IPv4 address in groups 1-2: it must be public itself.
  if (g[0] === 0x2002) return publicV4(v4Of(g[1]!, g[2]!));
  // Outside 2000::/3 lie ::, ::1, ::ffff:0:0/96 (mapped), ::/96 (compatible), 64:ff9b::/96 and
  // 64:ff9b:1::/48 (NAT64: the translator would reach the embedded v4), 100::/64, fc00::/7,
  // fe80::/10, fec0::/10 and ff00::/8: all refused.
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  const canonical = g.map((x) => x.toString(16)).join(':');
  return !v6Refused.check(canonical, 'ipv6');
}

/** True when `ip` (a literal IPv4 or IPv6 address, brackets and zone ids refused) is public unicast. */
export function isPublicAddress(ip: string): boolean {
  const kind = isIP(ip);
  if (kind === 4) return publicV4(ip);
  if (kind === 6) return !ip.includes('%') && publicV6(ip);
  return false;
}
