import type { Db } from '../db';
import { toBool } from '../db/rows';
import { forbidden, notFound } from '../errors';
import { withinCap } from '../../src/domain/plans';
import { limitsOf } from './planLimits';

/**
 * The gate of every fan upload or submission through a public capture page. The capture
 * page's upload route (a later issue) calls it before it hands out an upload form or records a
 * submission, so the rules live here once:
 * - a disabled account's pages accept nothing (platform-admin.md section 2: 'Account Not Active');
 * - only an enabled page that allows submissions accepts uploads;
 * - the plan's fan uploads cap (section 9: 250 on Free) counts every upload of the account.
 * Fans cannot upgrade a plan, so the cap answers a plain 403 rather than an upgrade prompt.
 */
export async function assertAcceptsFanUploads(db: Db, pageId: string): Promise<{ accountId: string; pageId: string }> {
  const row = await db
    .selectFrom('pages')
    .innerJoin('accounts', 'accounts.id', 'pages.accountId')
    .select(['pages.id', 'pages.accountId', 'pages.status', 'pages.allowSubmissions', 'accounts.status as accountStatus'])
    .where('pages.id', '=', pageId)
    .executeTakeFirst();
  if (!row) throw notFound('Page');
  if (row.accountStatus !== 'enabled') throw forbidden('Account Not Active');
  if (row.status !== 'enabled' || !toBool(row.allowSubmissions)) throw forbidden('This page is not accepting uploads');
  const limits = await limitsOf(db, row.accountId);
  if (limits.uploads !== null) {
    const uploads = await db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('accountId', '=', row.accountId)
      .executeTakeFirstOrThrow();
    if (!withinCap(limits.uploads, Number(uploads.n))) throw forbidden('This page has reached its upload limit');
  }
  return { accountId: row.accountId, pageId: row.id };
}
