import type { Db } from '../db';
import { lifespan, parseJson } from '../db/rows';
import { badRequest } from '../errors';
import { TOKEN_TTL_HOURS } from '#shared/domain/constants';
import { hashSecret, newSecret } from './tokens';
import * as tokens from '../db/repositories/tokens';

type TokenKind = keyof typeof TOKEN_TTL_HOURS;

const INVALID_LINK = 'app.server.invalidLink';

/** A random single-use token for a mail link; only its hash is stored. */
export async function createUserToken(db: Db, userId: string, kind: TokenKind, data?: unknown): Promise<string> {
  const { token, hash } = newSecret();
  await tokens.insertUserToken(db, {
    tokenHash: hash,
    userId,
    kind,
    data: data === undefined ? null : JSON.stringify(data),
    ...lifespan(TOKEN_TTL_HOURS[kind] * 3600_000),
  });
  return token;
}

/** The live (unused, unexpired) token of one of `kinds`, without using it up. */
export async function findLiveUserToken(db: Db, token: string, kinds: TokenKind[]) {
  const row = await tokens.findLiveUserToken(db, hashSecret(token), kinds);
  if (!row) throw badRequest(INVALID_LINK);
  return row;
}

/**
 * Marks a live token of one of `kinds` used and answers it. The update is conditional on
 * `used_at is null`, so two requests racing with the same link cannot both succeed.
 */
export async function consumeUserToken<T = unknown>(
  db: Db,
  token: string,
  kinds: TokenKind[],
): Promise<{ userId: string; kind: TokenKind; data: T | undefined }> {
  const row = await findLiveUserToken(db, token, kinds);
  if (!(await tokens.markUserTokenUsed(db, row.tokenHash))) throw badRequest(INVALID_LINK);
  return { userId: row.userId, kind: row.kind as TokenKind, data: parseJson<T | undefined>(row.data, undefined) };
}

const ALL_KINDS = Object.keys(TOKEN_TTL_HOURS) as TokenKind[];

/**
 * After any change of a user's email or password: every link mailed before (reset,
 * set-password, verify, change-email) may have gone to the wrong person, so none works any more.
 */
export async function retireAllUserTokens(db: Db, userId: string): Promise<void> {
  await tokens.retireUserTokens(db, userId, ALL_KINDS);
}
