import type { Db } from '../db';
import type { Account } from '../db/types';
import { nowIso, parseJson } from '../db/rows';
import type { AccountSettingsInput } from '@shared/domain/schemas/account';
import { accountSummary } from './accounts';
import { imageColumnChanges, type FileStore } from '../files';
import { droppedUrls, releaseFiles } from './fileReferences';
import { rebuildAccountRollups } from './statsRebuild';

/** The account's images: the column, its ...Tmp field, and where a saved file goes. */
export const ACCOUNT_IMAGES = ['favicon', 'headerImage', 'image', 'socialSiteImage'] as const;

/** The account as GET /api/accounts/{id} answers it: the summary, social fields and counts. */
export async function accountDetails(db: Db, accountId: string) {
  const row = await db
    .selectFrom('accounts')
    .selectAll('accounts')
    .select((eb) => [
      eb.selectFrom('uploads').select(eb.fn.countAll<number>().as('n')).whereRef('uploads.accountId', '=', 'accounts.id').as('uploadVideoCount'),
      eb.selectFrom('pages').select(eb.fn.countAll<number>().as('n')).whereRef('pages.accountId', '=', 'accounts.id').as('pageCount'),
      eb
        .selectFrom('accountUsers')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('accountUsers.accountId', '=', 'accounts.id')
        .as('userCount'),
    ])
    .where('accounts.id', '=', accountId)
    .executeTakeFirstOrThrow();
  const { uploadVideoCount, pageCount, userCount, ...account } = row;
  return {
    ...accountSummary(account as Account),
    cssOverride: account.cssOverride,
    termsUrl: account.termsUrl,
    socialSiteImage: account.socialSiteImage,
    socialSiteTitle: account.socialSiteTitle,
    socialSiteDescription: account.socialSiteDescription,
    accountIntegrations: parseJson<Record<string, unknown>>(account.integrations, {}),
    createdAt: account.createdAt,
    uploadVideoCount: Number(uploadVideoCount ?? 0),
    pageCount: Number(pageCount ?? 0),
    userCount: Number(userCount ?? 0),
  };
}

/** Saves the configuration; new images are checked and moved into place before the row is written. */
export async function updateAccountSettings(
  { db, files }: { db: Db; files: FileStore },
  accountId: string,
  input: AccountSettingsInput,
  uploaderId: string,
) {
  const before = await db.selectFrom('accounts').select([...ACCOUNT_IMAGES, 'timeZone']).where('id', '=', accountId).executeTakeFirstOrThrow();
  const images = await imageColumnChanges({ db, files }, uploaderId, ACCOUNT_IMAGES, input, `accounts/${accountId}`);
  await db
    .updateTable('accounts')
    .set({
      primaryColor: input.primaryColor || null,
      secondaryColor: input.secondaryColor || null,
      lightHeader: input.lightHeader ? 1 : 0,
      helpEmailAddress: input.helpEmailAddress || null,
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
      ...(input.termsUrl !== undefined ? { termsUrl: input.termsUrl || null } : {}),
      socialSiteTitle: input.socialSiteTitle || null,
      socialSiteDescription: input.socialSiteDescription || null,
      links: JSON.stringify({ primary: input.links.primary || null, header: input.links.header, footer: input.links.footer }),
      ...images,
      updatedAt: nowIso(),
    })
    .where('id', '=', accountId)
    .execute();
  await releaseFiles({ db, files }, droppedUrls(before, images));
  // The days of the stats start elsewhere now: recount them from the raw events.
  if (input.timeZone && input.timeZone !== before.timeZone) await rebuildAccountRollups(db, accountId);
  return accountDetails(db, accountId);
}
