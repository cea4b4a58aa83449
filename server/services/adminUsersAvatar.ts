import type { Db } from '../db';
import type { User } from '../db/types';
import { updateUser } from '../db/repositories/users';
import { fieldError } from '../errors';
import { promoteTmpFiles, type FileStore } from '../files';
import { releaseFiles } from './fileReferences';
import { tmpKeyOf } from '../files/keys';
import { sniffContentType } from '../files/sniff';
import { AVATAR_MIN_SIZE } from '#shared/domain/constants';

/** JPEG headers (EXIF, thumbnails) can be long; the size marker comes before the image data. */
const HEAD_BYTES = 512 * 1024;

/** Width and height from a PNG or JPEG header, or undefined when they are not in `bytes`. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = sniffContentType(bytes);
  if (type === 'image/png' && bytes.length >= 24) return { width: view.getUint32(16), height: view.getUint32(20) };
  if (type !== 'image/jpeg') return undefined;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1];
    // Fill bytes and stand-alone markers carry no length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = view.getUint16(offset + 2);
    // SOF0..SOF15 hold the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}

/**
 * A platform admin sets a user's avatar from their own temporary upload: a jpg or png of at
 * least 256 by 256 pixels (spec section 5), moved under the user's folder.
 */
export async function setUserAvatar(deps: { db: Db; files: FileStore }, user: User, caller: User, tmpAvatar: string): Promise<void> {
  const parsed = tmpKeyOf(tmpAvatar);
  const probe = parsed && parsed.ownerId === caller.id ? await deps.files.probe(parsed.key, HEAD_BYTES) : undefined;
  if (probe) {
    const type = sniffContentType(probe.head);
    if (type !== 'image/jpeg' && type !== 'image/png') throw fieldError('tmpAvatar', 'app.server.avatarType');
    const size = imageSize(probe.head);
    if (!size || size.width < AVATAR_MIN_SIZE || size.height < AVATAR_MIN_SIZE) {
      throw fieldError('tmpAvatar', 'app.server.avatarSize');
    }
  }
  // A missing or someone else's upload is refused here with the file service's message.
  const urls = await promoteTmpFiles(deps, caller.id, [{ field: 'tmpAvatar', value: tmpAvatar, destPrefix: `users/${user.id}/avatar` }]);
  await updateUser(deps.db, user.id, { avatar: urls.tmpAvatar });
  await releaseFiles(deps, [user.avatar]);
}
