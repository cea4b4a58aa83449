import type { Deps } from '../deps';
import type { User } from '../db/types';
import { toBool } from '../db/rows';
import { conflict } from '../errors';
import { copiesOf, firstOriginalOf } from '../db/repositories/uploadFingerprints';
import { bulkChangeState } from './uploadActions';
import { findUpload } from './uploadReview';

/**
 * One click for staff facing the same clip sent several times: the later uploads showing the
 * footage of this upload (or of the earlier upload this one copies) are hidden, each with the
 * hide's rules, in one transaction; the earliest stays as it is.
 */
export async function hideCopies(deps: Deps, id: string, caller: Pick<User, 'id' | 'type'>): Promise<string[]> {
  const upload = await findUpload(deps, id);
  const original = (await firstOriginalOf(deps.db, upload.id))?.id ?? upload.id;
  const visible = (await copiesOf(deps.db, original)).filter((copy) => !toBool(copy.isHidden)).map((copy) => copy.id);
  if (!visible.length) throw conflict('app.server.noCopiesToHide');
  return bulkChangeState(deps, upload.accountId, visible, 'hide', caller);
}
