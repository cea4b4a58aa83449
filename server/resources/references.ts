import { chosenReferences, type AnyResource } from '#shared/resources/define';
import type { Db } from '../db';
import { accountOfDeclared } from '../db/repositories/declared';
import { fieldError } from '../errors';

/**
 * Each reference the body chooses (a setlist's venue) names a record of the caller's account: an
 * id of another account's record, or of none, is refused on its field like a wrong value, so a
 * form can say which choice is wrong and no account learns another's ids exist.
 */
export async function checkChosenReferences(db: Db, resource: AnyResource, accountId: string | undefined, body: Record<string, unknown>): Promise<void> {
  for (const { field, to } of chosenReferences(resource)) {
    const id = body[field];
    if (id === undefined || id === null || id === '') continue;
    const owner = typeof id === 'string' ? await accountOfDeclared(db, to, id) : undefined;
    if (!owner || owner !== accountId) throw fieldError(field, 'app.server.noSuchRecord');
  }
}
