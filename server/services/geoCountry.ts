import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyRequest } from 'fastify';

type Lookup = (ip: string) => { country: string } | null;
let lookup: Lookup | undefined;

/**
 * geoip-lite with its country data only: it falls back to the country file when the city files
 * are missing, which keeps it at about 18 MB instead of 150 MB. Loaded on the first visit.
 */
function geoLookup(dataDir: string): Lookup {
  if (lookup) return lookup;
  const require = createRequire(import.meta.url);
  const source = path.join(path.dirname(require.resolve('geoip-lite/package.json')), 'data');
  const dir = path.join(dataDir, 'geoip-country');
  fs.mkdirSync(dir, { recursive: true });
  for (const file of ['geoip-country.dat', 'geoip-country6.dat']) {
    const link = path.join(dir, file);
    if (!fs.existsSync(link)) fs.symlinkSync(path.join(source, file), link);
  }
  (globalThis as { geodatadir?: string }).geodatadir = dir + path.sep;
  lookup = (require('geoip-lite') as { lookup: Lookup }).lookup;
  return lookup;
}

/** Country headers CDNs and proxies set; read only when TRUST_PROXY says a proxy is in front. */
const COUNTRY_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country', 'x-country-code', 'x-vercel-ip-country'];

/** The fan's two-letter country, or null when unknown. */
export function countryOf(request: FastifyRequest, trustProxy: boolean, dataDir: string): string | null {
  if (trustProxy) {
    for (const name of COUNTRY_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string' && /^[A-Za-z]{2}$/.test(value) && value.toUpperCase() !== 'XX') return value.toUpperCase();
    }
  }
  try {
    return geoLookup(dataDir)(request.ip)?.country || null;
  } catch {
    return null;
  }
}
