/**
 * An account's cssOverride (platform-admin.md: Account.cssOverride), applied to its capture
 * pages. A platform admin writes it, but it lands on pages fans open, so it is cleaned on the
 * server when saved and again when written into a page:
 * - comments go and backslash escapes are decoded first (so `@im\70 ort` or `u\72l(` cannot hide a rule);
 * - `@import` rules go (they load other style sheets);
 * - `url(...)`, `image-set(...)` and quoted addresses pointing to another origin become `none`
 *   (same-origin paths like `/files/...` stay): no tracking pixels or fonts from elsewhere;
 * - `expression(`, `javascript:`, `behavior:` and `-moz-binding` go (old script hooks);
 * - `<` goes, so nothing can close the <style> element it is written into.
 * The page's CSP (style-src 'self' 'unsafe-inline', img-src 'self' and the file store) is the
 * second fence. Pure: no DOM, used by the server and the console's preview alike.
 */

/** The most a cssOverride may hold (characters). */
export const CSS_OVERRIDE_MAX = 20_000;

const ABSOLUTE = /^\s*(?:[a-z][a-z0-9+.-]*:|\/\/|\\)/i;

/** True when `target` (a url() argument or a quoted string) points to an origin not in `origins`. */
function foreign(target: string, origins: readonly string[]): boolean {
  const bare = target
    .trim()
    .replace(/^['"]|['"]$/g, '')
    .trim();
  if (!ABSOLUTE.test(bare)) return false;
  try {
    return !origins.includes(new URL(bare).origin);
  } catch {
    return true;
  }
}

/** The cleaned CSS; `origins` are the platform's own (BASE_URL's, the file store's). Repeated until nothing changes, so a removal cannot join a new rule. */
export function sanitizeCss(css: string, origins: readonly string[]): string {
  let out = css;
  for (let i = 0; i < 10; i++) {
    const next = cleanOnce(out, origins);
    if (next === out) break;
    out = next;
  }
  return out.trim();
}

function cleanOnce(css: string, origins: readonly string[]): string {
  let out = css
    .replaceAll('\u0000', '')
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    // Escapes are decoded as CSS reads them, so what they spell meets the rules below.
    .replace(/\\([0-9a-fA-F]{1,6})\s?|\\([\s\S]?)/g, (_whole, hex: string | undefined, char: string | undefined) =>
      hex ? String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff) || 0xfffd) : (char ?? ''),
    )
    .replace(/</g, '');
  out = out.replace(/@import\b[^;{}]*(;|$)/gi, '');
  // url(...) unquoted or quoted; image-set(...) and src(...) take quoted addresses.
  out = out.replace(/url\(\s*("[^"]*"|'[^']*'|[^)]*)\s*\)/gi, (whole, target: string) => (foreign(target, origins) ? 'none' : whole));
  out = out.replace(/("[^"]*"|'[^']*')/g, (whole: string) => (foreign(whole, origins) ? '""' : whole));
  return out.replace(/expression\s*\(|javascript\s*:|vbscript\s*:|behavior\s*:|-moz-binding\s*:/gi, '');
}
