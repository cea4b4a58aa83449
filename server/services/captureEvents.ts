import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { newId, nowIso } from '../db/rows';
import { notFound } from '../errors';
import type { Deps } from '../deps';
import { countryOf } from './geoCountry';
import { clientKeysFor } from './clientKeys';
import { configuredLinks, linkIdOf, parseLinkId } from './captureLinks';
import { limitsOf } from './planLimits';
import { firstVisitInWindow } from './captureLimits';
import { rollUpLinkClick, rollUpVisit, type VisitEvent } from './statsRollups';
import { findPageById } from '../db/repositories/pages';
import { findAccountById } from '../db/repositories/accounts';
import { insertLinkClick, insertVisit } from '../db/repositories/captureEvents';

/** Crawlers, link previewers, monitors and headless tools: their loads are not visits. */
const BOT_AGENT =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|quora link|whatsapp|telegram|discord|monitor|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|headless|lighthouse|pingdom|uptime/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_AGENT.test(userAgent);
}

/**
 * A page load's visit, appended without delaying the answer: the work runs after the reply and
 * a failure is only logged. At most one per visitor (browser token, else address) and page in
 * 30 minutes (captureLimits.ts firstVisitInWindow). The visitor key stored is a salted hash of
 * address, user agent and account (unique visitors in the stats); no address is stored.
 */
export function recordVisitLater(deps: Deps, request: FastifyRequest, target: { accountId: string; pageId: string }): void {
  const userAgent = request.headers['user-agent'];
  if (isBot(userAgent)) return;
  const visitorId = clientKeysFor(deps.config).visitor(request.ip, userAgent ?? '', target.accountId);
  setImmediate(() => {
    const record = async () => {
      if (!(await firstVisitInWindow(request, target.pageId))) return;
      const country = countryOf(request, deps.config.trustProxy, deps.config.dataDir);
      await recordVisit(deps.db, { accountId: target.accountId, pageId: target.pageId, visitorId, country, createdAt: nowIso() });
    };
    record().catch((err: unknown) => request.log.warn({ err }, 'visit not recorded'));
  });
}

/** A visit and its roll-ups, in one transaction (so the stats never count what was not stored). */
export async function recordVisit(db: Db, visit: VisitEvent): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertVisit(trx, { id: newId(), ...visit });
    await rollUpVisit(trx, visit);
  });
}

/** The destination of a click on /l/{id}: only a link the page's account configured (no open redirect). */
export async function followLink(db: Db, id: string, userAgent: string | undefined): Promise<string> {
  const parsed = parseLinkId(id);
  if (!parsed) throw notFound('link');
  const page = await findPageById(db, parsed.pageId);
  if (!page) throw notFound('link');
  const account = await findAccountById(db, page.accountId, { required: true });
  const link = configuredLinks(account, page, await limitsOf(db, account.id)).find((candidate) => linkIdOf(page.id, candidate) === id);
  if (!link) throw notFound('link');
  if (!isBot(userAgent)) {
    const click = { accountId: account.id, pageId: page.id, label: link.label, toUrl: link.url, createdAt: nowIso() };
    await db.transaction().execute(async (trx) => {
      await insertLinkClick(trx, { id: newId(), ...click });
      await rollUpLinkClick(trx, click);
    });
  }
  return link.url;
}
