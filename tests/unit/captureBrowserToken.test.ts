import { afterEach, describe, expect, it } from 'vitest';
import { browserToken } from '../../src/capture/browserToken';

/** The capture page keeps its browser token across loads, so limits and visits count a reload as the same fan. */
describe("the capture page's browser token", () => {
  const slugs = { accountSlug: 'midnightowls', pageSlug: 'summertour2026' };
  const now = Date.parse('2026-11-26T20:00:00Z');
  const token = (id: string, hoursLeft: number) => `${id}.${Math.floor(now / 1000) + hoursLeft * 3600}.signature`;
  afterEach(() => localStorage.clear());

  it('keeps the first token the page gave and uses it on the next loads', () => {
    expect(browserToken(slugs, token('first', 24), now)).toBe(token('first', 24));
    expect(browserToken(slugs, token('second', 24), now + 3600_000)).toBe(token('first', 24));
  });

  it('takes the new token once the kept one is about to expire', () => {
    browserToken(slugs, token('first', 3), now);
    expect(browserToken(slugs, token('second', 24), now + 2 * 3600_000)).toBe(token('second', 24));
    expect(browserToken(slugs, token('third', 24), now + 2 * 3600_000)).toBe(token('second', 24));
  });

  it('keeps a token per page', () => {
    browserToken(slugs, token('owls', 24), now);
    expect(browserToken({ ...slugs, pageSlug: 'acoustic' }, token('acoustic', 24), now)).toBe(token('acoustic', 24));
  });
});
