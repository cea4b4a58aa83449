import type { Db } from '../db';
import type { Account } from '../db/types';
import { isUniqueViolation, parseJson, toBool } from '../db/rows';
import type { User } from '../db/types';
import { forbidden } from '../errors';
import { isPlatformAdmin } from '#shared/domain/permissions';
import { sanitizeCss } from '#shared/domain/cssOverride';
import { accountSlugTaken } from './accountCreate';
import type { AccountSettingsInput } from '#shared/domain/schemas/account';
import { accountSummary } from './accounts';
import { imageColumnChanges, type FileStore } from '../files';
import { droppedUrls, releaseFiles } from './fileReferences';
import { rebuildAccountRollups } from './statsRebuild';
import { ACCOUNT_IMAGES, findOtherAccountWithSlug, getAccountSettingsBefore, getAccountWithCounts, updateAccount } from '../db/repositories/accounts';

/** The account as GET /api/accounts/{id} answers it: the summary, social fields and counts; the payment provider's customer id for platform admins only. */
export async function accountDetails(db: Db, accountId: string, viewer?: Pick<User, 'type'>) {
  const { uploadVideoCount, pageCount, userCount, ...account } = await getAccountWithCounts(db, accountId);
  return {
    ...accountSummary(account as Account),
    cssOverride: account.cssOverride,
    termsUrl: account.termsUrl,
    rightsRequired: toBool(account.rightsRequired),
    ...(isPlatformAdmin(viewer) ? { stripeCustomerId: account.stripeCustomerId } : {}),
    socialSiteImage: account.socialSiteImage,
    socialSiteTitle: account.socialSiteTitle,
    socialSiteDescription: account.socialSiteDescription,
    accountIntegrations: parseJson<Record<string, unknown>>(account.integrations, {}),
    createdAt: account.createdAt,
    uploadVideoCount,
    pageCount,
    userCount,
  };
}

/**
 * Name, slug and cssOverride: only a platform admin changes them (the same value given back is
 * no change). The slug is kept lower-case and unique; the CSS is cleaned (shared/domain/cssOverride.ts).
 */
function identityChanges(
  before: Pick<Account, 'name' | 'slug' | 'cssOverride'>,
  input: AccountSettingsInput,
  caller: Pick<User, 'type'>,
  cssOrigins: readonly string[],
): Partial<Pick<Account, 'name' | 'slug' | 'cssOverride'>> {
  const changes: Partial<Pick<Account, 'name' | 'slug' | 'cssOverride'>> = {};
  if (input.name !== undefined && input.name !== before.name) changes.name = input.name;
  if (input.slug !== undefined && input.slug.toLowerCase() !== before.slug) changes.slug = input.slug.toLowerCase();
  if (input.cssOverride !== undefined) {
    const css = sanitizeCss(input.cssOverride, cssOrigins) || null;
    if (css !== (before.cssOverride || null)) changes.cssOverride = css;
  }
  if (Object.keys(changes).length > 0 && !isPlatformAdmin(caller)) throw forbidden();
  return changes;
}

/** Saves the configuration; new images are checked and moved into place before the row is written. */
export async function updateAccountSettings(
  { db, files, config }: { db: Db; files: FileStore; config: { baseUrl: string } },
  accountId: string,
  input: AccountSettingsInput,
  caller: Pick<User, 'id' | 'type'>,
) {
  const before = await getAccountSettingsBefore(db, accountId);
  const identity = identityChanges(before, input, caller, [new URL(config.baseUrl).origin, ...files.origins]);
  if (identity.slug) {
    const taken = await findOtherAccountWithSlug(db, identity.slug, accountId);
    if (taken) throw accountSlugTaken();
  }
  const images = await imageColumnChanges({ db, files }, caller.id, ACCOUNT_IMAGES, input, `accounts/${accountId}`);
  await updateAccount(db, accountId, {
    ...identity,
    primaryColor: input.primaryColor || null,
    secondaryColor: input.secondaryColor || null,
    lightHeader: input.lightHeader ? 1 : 0,
    helpEmailAddress: input.helpEmailAddress || null,
    ...(input.timeZone ? { timeZone: input.timeZone } : {}),
    ...(input.termsUrl !== undefined ? { termsUrl: input.termsUrl || null } : {}),
    ...(input.rightsRequired !== undefined ? { rightsRequired: input.rightsRequired ? 1 : 0 } : {}),
    socialSiteTitle: input.socialSiteTitle || null,
    socialSiteDescription: input.socialSiteDescription || null,
    links: JSON.stringify({ primary: input.links.primary || null, header: input.links.header, footer: input.links.footer }),
    ...images,
  })
    // Two saves taking the same slug at once: the unique index decides, the loser hears why.
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? accountSlugTaken() : error;
    });
  await releaseFiles({ db, files }, droppedUrls(before, images));
  // The days of the stats start elsewhere now: recount them from the raw events.
  if (input.timeZone && input.timeZone !== before.timeZone) await rebuildAccountRollups(db, accountId);
  return accountDetails(db, accountId, caller);
}
