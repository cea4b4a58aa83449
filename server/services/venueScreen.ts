import { timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';
import type { Deps } from '../deps';
import type { Db } from '../db';
import { HttpError, notFound } from '../errors';
import { shownUploadsVersion, wallUploads } from '../db/repositories/publicUploads';
import { findPageById } from '../db/repositories/pages';
import { findAccountById } from '../db/repositories/accounts';
import { FILE_AUDIENCES } from '../files/signedUrls';
import { SCREEN_ITEMS } from '#shared/domain/venueScreen';
import type { ScreenFeed } from '#shared/domain/schemas/venueScreen';
import type { ScreenFrame } from '../http/screenHtml';
import { capturePagePayload } from './capturePage';
import { findWallPage, signedWallFiles } from './publicWall';
import { limitsOf } from './planLimits';

/**
 * The venue screen: what a page's screen plays and the frame it plays in. It is not a public
 * page: without the page's current token every answer is the same 404 as a page that does not
 * exist, and it counts no visit (only the capture page's script reports visits).
 */

const sameSecret = (given: string, expected: string | null) =>
  expected !== null && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/** The page a screen token opens: an enabled page of an enabled account whose current token it is; else 404. */
async function screenTarget(db: Db, accountSlug: string, pageSlug: string, token: string) {
  const target = await findWallPage(db, accountSlug, pageSlug).catch((error: unknown) => {
    // A closed page or account answers as an unknown one: the screen's address tells nothing.
    if (error instanceof HttpError && error.status < 500) throw notFound('page');
    throw error;
  });
  const page = await findPageById(db, target.pageId, { required: true });
  if (!sameSecret(token, page.screenToken)) throw notFound('page');
  return { target, page };
}

/** The newest uploads that may be shown, with addresses signed for the public (never an original). */
export async function screenFeed(deps: Pick<Deps, 'db' | 'files'>, accountSlug: string, pageSlug: string, token: string): Promise<ScreenFeed> {
  const { target } = await screenTarget(deps.db, accountSlug, pageSlug, token);
  const uploads = await wallUploads(deps.db, target.pageId, undefined, SCREEN_ITEMS);
  return { data: (await signedWallFiles(deps, uploads)).map((files, i) => ({ id: uploads[i].id, ...files })) };
}

/**
 * What the feed's answer depends on, small enough to compare every second or two: the shown
 * uploads' version and the public signing window (addresses signed anew are news too, so a
 * screen running for days never holds addresses that expired). 404 as the feed for a wrong token.
 */
export async function screenFeedVersion(deps: Pick<Deps, 'db'>, accountSlug: string, pageSlug: string, token: string): Promise<string> {
  const { target } = await screenTarget(deps.db, accountSlug, pageSlug, token);
  const shown = await shownUploadsVersion(deps.db, target.pageId);
  const signingPeriod = Math.floor(Date.now() / 1000 / FILE_AUDIENCES.public.windowSeconds);
  return JSON.stringify([shown.count, shown.updatedAt, shown.approvedAt, signingPeriod]);
}

/** The screen's frame: the account's branding, the page's call to action, and the QR code to its capture page. */
export async function screenFrame(deps: Pick<Deps, 'db' | 'config'>, accountSlug: string, pageSlug: string, token: string): Promise<ScreenFrame> {
  const { target, page } = await screenTarget(deps.db, accountSlug, pageSlug, token);
  const [account, limits] = await Promise.all([findAccountById(deps.db, target.accountId, { required: true }), limitsOf(deps.db, target.accountId)]);
  const payload = capturePagePayload({ page, account, target: { accountId: account.id, pageId: page.id, limits } }, deps.config);
  const qrSvg = await QRCode.toString(payload.page.address, {
    type: 'svg',
    margin: 2,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
  return { payload, qrSvg, token };
}
