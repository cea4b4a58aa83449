import type { Insertable } from 'kysely';
import type { Db } from '..';
import type { IntegrationSecretsTable, OauthStatesTable } from '../types';
import { uploadsWithPage } from './uploadRows';

/** Accounts' integrations (Dropbox): their state on the account, sealed secrets, OAuth connects in progress. */

/** The account's integrations column (JSON), for an account that must exist. */
export function getAccountIntegrations(db: Db, accountId: string) {
  return db.selectFrom('accounts').select('integrations').where('id', '=', accountId).executeTakeFirstOrThrow();
}

/** Drops the OAuth states expired before `now`. */
export async function deleteExpiredOauthStates(db: Db, now: string): Promise<void> {
  await db.deleteFrom('oauthStates').where('expiresAt', '<', now).execute();
}

export async function insertOauthState(db: Db, state: Insertable<OauthStatesTable>): Promise<void> {
  await db.insertInto('oauthStates').values(state).execute();
}

/** The connect in progress of a state with a provider, expired or not. */
export function findOauthState(db: Db, state: string, provider: string) {
  return db.selectFrom('oauthStates').selectAll().where('state', '=', state).where('provider', '=', provider).executeTakeFirst();
}

export async function deleteOauthState(db: Db, state: string): Promise<void> {
  await db.deleteFrom('oauthStates').where('state', '=', state).execute();
}

export function findIntegrationSecret(db: Db, accountId: string, provider: string) {
  return db.selectFrom('integrationSecrets').select('secret').where('accountId', '=', accountId).where('provider', '=', provider).executeTakeFirst();
}

export async function insertIntegrationSecret(db: Db, secret: Insertable<IntegrationSecretsTable>): Promise<void> {
  await db.insertInto('integrationSecrets').values(secret).execute();
}

export async function deleteIntegrationSecret(db: Db, accountId: string, provider: string): Promise<void> {
  await db.deleteFrom('integrationSecrets').where('accountId', '=', accountId).where('provider', '=', provider).execute();
}

/** An upload with what its Dropbox copy needs: its files, date, fan's name and page's name. */
export function findUploadToCopy(db: Db, uploadId: string) {
  return uploadsWithPage(db)
    .leftJoin('submissions', 'submissions.uploadId', 'uploads.id')
    .select([
      'uploads.accountId',
      'uploads.mp4',
      'uploads.image',
      'uploads.original',
      'uploads.createdAt',
      'submissions.firstName',
      'submissions.lastName',
      'pages.name as pageName',
    ])
    .where('uploads.id', '=', uploadId)
    .executeTakeFirst();
}
