import dns from 'node:dns';
import net from 'node:net';
import type { Message } from '../../messages';

/** Addresses a webhook may never reach: loopback, private networks, link-local (cloud metadata), multicast, reserved. */
const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) blocked.addSubnet(address, prefix, 'ipv6');

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether an address is on a private, loopback or otherwise internal network. */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
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

/** Internal addresses are refused unless the local policy allows loopback. */
function addressAllowed(address: string, policy: TargetPolicy): boolean {
  if (!isInternalAddress(address)) return true;
  return policy.allowLocal && (address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1');
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
      if (bad || !list.length) {
        const refusal = Object.assign(new Error(`${hostname} resolves to an internal address (${bad?.address ?? 'none'}); webhooks only go to public addresses`), { code: 'EWEBHOOKTARGET' });
        return callback(refusal, '', 0);
      }
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
