import { BlockList, isIPv4, isIPv6 } from 'node:net';

/*
 * Which IP addresses a request to a user-given URL may reach: public unicast only. Refused: loopback, private,
 * link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254 included), CGNAT, "this network", multicast,
 * documentation, benchmarking and reserved ranges (IANA special-purpose registries), and IPv6 outside global
 * unicast (2000::/3). An IPv6 address that carries an IPv4 one (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96) is
 * judged by the IPv4 address it carries.
 */

// one list per family: a BlockList compares an IPv4 address with its IPv6 rules too, as ::ffff:a.b.c.d
const refusedIPv4 = new BlockList();
const refusedIPv6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  refusedIPv4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  // everything outside global unicast 2000::/3: unspecified, loopback, IPv4-compatible, discard, ULA fc00::/7,
  // link-local fe80::/10, site-local, multicast ff00::/8
  ['::', 3],
  ['4000::', 2],
  ['8000::', 1],
  // inside 2000::/3: IETF protocol assignments (Teredo, ORCHID), documentation, 6to4, documentation
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const)
  refusedIPv6.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail counts as two). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array(8 - front.length - back.length).fill(0), ...back];
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped or NAT64 well-known prefix), else null. */
function embeddedIPv4(address: string): string | null {
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);
  if (!mapped && !nat64) return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Whether a request may not reach `address` (an IP address; anything else is refused too). */
export function isRefusedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return refusedIPv4.check(bare, 'ipv4');
  if (!isIPv6(bare)) return true;
  const carried = embeddedIPv4(bare);
  return carried ? refusedIPv4.check(carried, 'ipv4') : refusedIPv6.check(bare, 'ipv6');
}
