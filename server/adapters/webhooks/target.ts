import dns from 'node:dns';
import net from 'node:net';
import type { Message } from '../../messages';

/** A block list of subnets, each an address and its prefix length. */
function blockList(family: 'ipv4' | 'ipv6', subnets: ReadonlyArray<readonly [string, number]>): net.BlockList {
  const list = new net.BlockList();
  for (const [address, prefix] of subnets) list.addSubnet(address, prefix, family);
  return list;
}

/** IPv4 addresses a webhook may never reach: this network, private, shared (CGNAT), loopback, link-local (cloud metadata), documentation, benchmarking, multicast, reserved. */
const blockedV4 = blockList('ipv4', [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
]);

/**
 * IPv6 ranges refused whole: unspecified, loopback, discard, local-use NAT64 (RFC 8215),
 * documentation, unique-local, link-local, site-local, multicast. Ranges that carry an IPv4
 * address are decoded instead (embeddedIpv4).
 */
const blockedV6 = blockList('ipv6', [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['64:ff9b:1::', 48],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
]);

/** The 8 groups of an IPv6 address (valid per net.isIP), a trailing dotted quad and a zone allowed. */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return tail === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 addresses an IPv6 address carries and reaches: IPv4-compatible (::a.b.c.d),
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::a.b.c.d),
 * 6to4 (2002:aabb:ccdd::) and Teredo (2001:0::, its server and its client, stored inverted).
 */
function embeddedIpv4(address: string): string[] {
  const g = ipv6Groups(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (g[5] === 0 || g[5] === 0xffff)) return [ipv4Of(g[6], g[7])];
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return [ipv4Of(g[6], g[7])];
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return [ipv4Of(g[6], g[7])];
  if (g[0] === 0x2002) return [ipv4Of(g[1], g[2])];
  if (g[0] === 0x2001 && g[1] === 0) return [ipv4Of(g[2], g[3]), ipv4Of(g[6] ^ 0xffff, g[7] ^ 0xffff)];
  return [];
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether an address is on a private, loopback or otherwise internal network, IPv4 inside IPv6 included. */
export function isInternalAddress(address: string): boolean {
  const family = net.isIP(address.replace(/%.*$/, ''));
  if (family === 4) return blockedV4.check(address, 'ipv4');
  if (family !== 6) return true;
  const plain = address.replace(/%.*$/, '');
  if (blockedV6.check(plain, 'ipv6')) return true;
  return embeddedIpv4(plain).some((v4) => blockedV4.check(v4, 'ipv4'));
}

export interface TargetPolicy {
  /** Tests only (WEBHOOKS_ALLOW_LOCAL): http://127.0.0.1 and http://localhost endpoints are allowed. */
  allowLocal: boolean;
}

/** Why an endpoint address is refused, or null when its form is fine (its addresses are checked when resolved). */
export function endpointProblem(url: string, policy: TargetPolicy): Message | null {
  if (!URL.canParse(url)) return { key: 'app.server.webhookAddressExample' };
  const parsed = new URL(url);
  const local = policy.allowLocal && LOOPBACK_NAMES.has(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(local && parsed.protocol === 'http:')) return { key: 'app.server.webhookHttpsOnly' };
  if (parsed.username || parsed.password) return { key: 'app.server.webhookNoCredentials' };
  return null;
}

/** Internal addresses are refused unless the local policy allows loopback (tests' receivers). */
export function addressAllowed(address: string, policy: TargetPolicy): boolean {
  if (!isInternalAddress(address)) return true;
  return policy.allowLocal && (address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1');
}

/** The error a delivery fails with when its host is (or resolves to) an internal address. */
export function targetRefusal(host: string, address: string): Error {
  const to = host === address ? `${host} is an internal address` : `${host} resolves to an internal address (${address})`;
  return Object.assign(new Error(`${to}; webhooks only go to public addresses`), { code: 'EWEBHOOKTARGET' });
}

/**
 * A `lookup` for http(s).request that resolves the name and refuses internal addresses, so the
 * check holds for the address actually connected to (no DNS rebinding between check and use).
 */
export function guardedLookup(policy: TargetPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !addressAllowed(a.address, policy));
      if (bad || !list.length) return callback(targetRefusal(hostname, bad?.address ?? 'none'), '', 0);
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

/** Resolves the endpoint's host now and answers why it is refused, or null (saving a setting). */
export async function resolvedProblem(url: string, policy: TargetPolicy): Promise<Message | null> {
  const form = endpointProblem(url, policy);
  if (form) return form;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: dns.LookupAddress[];
  try {
    addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await dns.promises.lookup(host, { all: true });
  } catch {
    return { key: 'app.server.webhookUnresolvable', args: { host } };
  }
  const bad = addresses.find((a) => !addressAllowed(a.address, policy));
  return bad ? { key: 'app.server.webhookPrivateAddress' } : null;
}
