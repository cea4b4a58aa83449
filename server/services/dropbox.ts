import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { Deps } from '../deps';
import type { Db } from '../db';
import { nowIso, parseJson } from '../db/rows';
import type { User } from '../db/types';
import { conflict } from '../errors';
import { createDropboxClient, DropboxRevokedError, type DropboxClient } from '../adapters/dropbox';
import { DROPBOX_COPY_JOB, type DropboxIntegration, type IntegrationError } from '#shared/domain/integrations';
import { assertFeature, limitsOf } from './planLimits';
import { secretBoxFor } from './secretBox';
import { makeJobTempDirSync } from '../jobs/tempDirs';
import * as integrations from '../db/repositories/integrations';
import { updateAccount } from '../db/repositories/accounts';

type DropboxDeps = Pick<Deps, 'db' | 'config'>;
const STATE_TTL_MS = 15 * 60 * 1000;
const PROVIDER = 'dropbox';

const clients = new WeakMap<object, DropboxClient>();
function dropboxClientFor(config: Deps['config']): DropboxClient {
  let client = clients.get(config);
  if (!client) clients.set(config, (client = createDropboxClient(config.dropbox)));
  return client;
}

const redirectUri = (config: Deps['config']) => `${config.baseUrl}/api/integrations/dropbox/callback`;

interface StoredIntegrations {
  dropbox?: { status: 'connected' | 'broken'; connectedAt: string; error?: IntegrationError };
}

async function integrationsOf(db: Db, accountId: string): Promise<StoredIntegrations> {
  const row = await integrations.getAccountIntegrations(db, accountId);
  return parseJson<StoredIntegrations>(row.integrations, {});
}

async function saveIntegrations(db: Db, accountId: string, change: (current: StoredIntegrations) => StoredIntegrations): Promise<void> {
  const next = change(await integrationsOf(db, accountId));
  await updateAccount(db, accountId, { integrations: JSON.stringify(next) });
}

/** GET /api/accounts/{id}/integrations. */
export async function accountIntegrations({ db, config }: DropboxDeps, accountId: string): Promise<{ dropbox: DropboxIntegration }> {
  const [limits, stored] = await Promise.all([limitsOf(db, accountId), integrationsOf(db, accountId)]);
  const dropbox = stored.dropbox;
  return {
    dropbox: {
      available: limits.integrationDropbox !== 0,
      configured: !!config.dropbox.appKey,
      connected: dropbox?.status === 'connected',
      status: dropbox?.status ?? 'disconnected',
      error: dropbox?.error ?? null,
      connectedAt: dropbox?.connectedAt ?? null,
    },
  };
}

/** GET /api/accounts/{id}/connect-dropbox: Dropbox's authorize url (PKCE, offline access). */
export async function connectDropbox({ db, config }: DropboxDeps, accountId: string, caller: Pick<User, 'id' | 'type'>): Promise<{ url: string }> {
  assertFeature(await limitsOf(db, accountId), 'integrationDropbox', 'integrations_dropbox', caller);
  if (!config.dropbox.appKey) throw conflict('app.server.dropboxNotSetUp');
  const state = randomBytes(24).toString('base64url');
  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  await integrations.deleteExpiredOauthStates(db, nowIso());
  await integrations.insertOauthState(db, {
    state,
    accountId,
    userId: caller.id,
    provider: PROVIDER,
    verifier,
    expiresAt: new Date(Date.now() + STATE_TTL_MS).toISOString(),
  });
  return { url: dropboxClientFor(config).authorizeUrl({ state, challenge, redirectUri: redirectUri(config) }) };
}

/**
 * Dropbox's redirect back: the state must be one this user started (once, unexpired); the
 * refresh token is kept sealed. Answers where the browser goes: account configuration, with
 * integrationErr when it failed.
 */
export async function finishDropboxConnect(
  { db, config }: DropboxDeps,
  userId: string,
  query: { code?: string; state?: string; error?: string },
): Promise<string> {
  const back = (error?: IntegrationError) => `/account-settings${error ? `?integrationErr=${error}` : '?integration=dropbox'}`;
  if (!query.state) return back('invalid_state');
  const row = await integrations.findOauthState(db, query.state, PROVIDER);
  if (!row || row.userId !== userId || row.expiresAt < nowIso()) return back('invalid_state');
  await integrations.deleteOauthState(db, row.state);
  if (query.error || !query.code) return back(query.error === 'access_denied' ? 'access_denied' : 'connect_failed');
  let refreshToken: string | undefined;
  try {
    refreshToken = (await dropboxClientFor(config).exchangeCode(query.code, row.verifier, redirectUri(config))).refresh_token;
  } catch {
    return back('connect_failed');
  }
  if (!refreshToken) return back('connect_failed');
  const sealed = secretBoxFor(config).seal(refreshToken);
  await db.transaction().execute(async (trx) => {
    await integrations.deleteIntegrationSecret(trx, row.accountId, PROVIDER);
    await integrations.insertIntegrationSecret(trx, { accountId: row.accountId, provider: PROVIDER, secret: sealed, createdAt: nowIso() });
    await saveIntegrations(trx, row.accountId, (current) => ({ ...current, dropbox: { status: 'connected', connectedAt: nowIso() } }));
  });
  return back();
}

async function refreshTokenOf({ db, config }: DropboxDeps, accountId: string): Promise<string | undefined> {
  const row = await integrations.findIntegrationSecret(db, accountId, PROVIDER);
  return row ? secretBoxFor(config).open(row.secret) : undefined;
}

/** DELETE /api/accounts/{id}/dropbox: revokes the token at Dropbox (best effort) and forgets it. */
export async function disconnectDropbox(deps: DropboxDeps, accountId: string): Promise<{ dropbox: DropboxIntegration }> {
  const refresh = await refreshTokenOf(deps, accountId).catch(() => undefined);
  if (refresh) {
    const client = dropboxClientFor(deps.config);
    await client
      .accessToken(refresh)
      .then((access) => client.revoke(access))
      .catch(() => undefined);
  }
  await deps.db.transaction().execute(async (trx) => {
    await integrations.deleteIntegrationSecret(trx, accountId, PROVIDER);
    await saveIntegrations(trx, accountId, ({ dropbox: _dropbox, ...rest }) => rest);
  });
  return accountIntegrations(deps, accountId);
}

/** Queues a copy of each approved upload when the account's Dropbox is connected (inside the approving transaction). */
export async function queueDropboxCopies(deps: Pick<Deps, 'queue'>, db: Db, accountId: string, uploadIds: string[]): Promise<void> {
  if (!uploadIds.length) return;
  const stored = await integrationsOf(db, accountId);
  if (stored.dropbox?.status !== 'connected') return;
  for (const uploadId of uploadIds) await deps.queue.enqueue(DROPBOX_COPY_JOB, { uploadId }, { db });
}

/** A file or folder name: no path separators or characters Dropbox and desktop systems refuse; control characters become spaces. */
const safe = (text: string) =>
  [...text]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim() || 'Untitled';

/** `/{page name}/{date} {fan name}.mp4` (spec: the account's app folder). */
function dropboxPathOf(pageName: string, createdAt: string, fanName: string, extension: string): string {
  return `/${safe(pageName)}/${createdAt.slice(0, 10)} ${safe(fanName)}.${extension}`;
}

/** The copy job: idempotent (the file is overwritten); a revoked token marks the connection broken and stops. */
export async function copyUploadToDropbox(deps: Pick<Deps, 'db' | 'config' | 'files'>, uploadId: string): Promise<void> {
  const { db, files } = deps;
  const upload = await integrations.findUploadToCopy(db, uploadId);
  if (!upload) return;
  const stored = await integrationsOf(db, upload.accountId);
  if (stored.dropbox?.status !== 'connected') return;
  const refresh = await refreshTokenOf(deps, upload.accountId);
  if (!refresh) return;
  const source = upload.mp4 ?? upload.image ?? upload.original;
  const key = source ? files.keyOfUrl(source) : undefined;
  if (!key) throw new Error('The upload has no file to copy yet');
  const extension = upload.mp4 ? 'mp4' : path.extname(key).slice(1) || 'bin';
  const fanName = [upload.firstName, upload.lastName].filter(Boolean).join(' ') || 'Fan';
  const dir = makeJobTempDirSync('dropbox');
  try {
    const local = path.join(dir, `file.${extension}`);
    await files.getToFile(key, local);
    const client = dropboxClientFor(deps.config);
    const access = await client.accessToken(refresh);
    await client.upload(access, dropboxPathOf(upload.pageName, upload.createdAt, fanName, extension), local);
  } catch (err) {
    if (!(err instanceof DropboxRevokedError)) throw err;
    await saveIntegrations(db, upload.accountId, (current) => ({
      ...current,
      dropbox: { status: 'broken', connectedAt: current.dropbox?.connectedAt ?? nowIso(), error: 'revoked' },
    }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
