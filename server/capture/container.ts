import { sniffContentType, SNIFF_BYTES } from '../files/sniff';
import { CAPTURE_TYPES, type CaptureContentType } from '#shared/domain/capture';
import { elementSize } from './duration';

/** Reads up to `length` bytes at `position` (fewer at the end of the file). */
export type ReadAt = (position: number, length: number) => Promise<Buffer>;

const ascii = (bytes: Uint8Array, start: number, text: string) =>
  bytes.length >= start + text.length && [...text].every((char, i) => bytes[start + i] === char.charCodeAt(0));

/** ISO base media brands of HEIF stills (phones' photos); HEVC-coded ones are HEIC. */
const HEIC_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx'];
const HEIF_BRANDS = ['mif1', 'msf1'];

/** A fan file's real type from its first bytes: server/files/sniff.ts plus HEIC/HEIF stills. */
function sniffCaptureType(head: Uint8Array): CaptureContentType | undefined {
  if (ascii(head, 4, 'ftyp') && HEIC_BRANDS.some((brand) => ascii(head, 8, brand))) return 'image/heic';
  if (ascii(head, 4, 'ftyp') && HEIF_BRANDS.some((brand) => ascii(head, 8, brand))) return 'image/heif';
  const type = sniffContentType(head);
  const known: Record<string, unknown> = { ...CAPTURE_TYPES.video, ...CAPTURE_TYPES.image };
  return type && type in known ? (type as CaptureContentType) : undefined;
}

const MAX_BOXES = 100_000;

/** ISO base media (mp4, mov, m4v, heic): top-level boxes must chain exactly to the end and hold `needed`. */
async function boxesComplete(read: ReadAt, size: number, needed: string): Promise<boolean> {
  let position = 0;
  let found = false;
  for (let count = 0; position < size && count < MAX_BOXES; count++) {
    const header = await read(position, 16);
    if (header.length < 8) return false;
    let boxSize = header.readUInt32BE(0);
    if (boxSize === 1) {
      if (header.length < 16) return false;
      boxSize = Number(header.readBigUInt64BE(8));
    } else if (boxSize === 0) {
      boxSize = size - position;
    }
    if (boxSize < 8) return false;
    if (ascii(header, 4, needed)) found = true;
    position += boxSize;
  }
  return found && position === size;
}

/** WebM: the EBML header, then a Segment whose declared size (when given) ends exactly at the file's end. */
async function webmComplete(read: ReadAt, size: number): Promise<boolean> {
  const head = await read(0, 64);
  const headerSize = elementSize(head, 4);
  if (!headerSize || headerSize.value === undefined) return false;
  const segmentAt = 4 + headerSize.length + headerSize.value;
  const segment = await read(segmentAt, 12);
  if (segment.readUInt32BE(0) !== 0x18538067) return false;
  const segmentSize = elementSize(segment, 4);
  if (!segmentSize) return false;
  // Live recordings (MediaRecorder) write an unknown size: only the header can be checked then.
  return segmentSize.value === undefined || segmentAt + 4 + segmentSize.length + segmentSize.value === size;
}

/**
 * The real type of a finished fan file when its container is whole, else undefined with why:
 * 'unknown' (not a type we take, e.g. a renamed executable or text) or 'damaged' (a truncated
 * or broken container). Reads only headers, never the whole file.
 */
export async function inspectCapturedFile(read: ReadAt, size: number): Promise<{ type: CaptureContentType } | { problem: 'unknown' | 'damaged' }> {
  const head = await read(0, Math.max(SNIFF_BYTES, 64));
  const type = sniffCaptureType(head);
  if (!type) return { problem: 'unknown' };
  let whole: boolean;
  switch (type) {
    case 'video/mp4':
    case 'video/quicktime':
      whole = await boxesComplete(read, size, 'moov');
      break;
    case 'image/heic':
    case 'image/heif':
      whole = await boxesComplete(read, size, 'meta');
      break;
    case 'video/webm':
      whole = await webmComplete(read, size);
      break;
    case 'image/jpeg':
      whole = (await read(Math.max(0, size - 64), 64)).includes(Buffer.from([0xff, 0xd9]));
      break;
    case 'image/png':
      whole = ascii(await read(size - 8, 4), 0, 'IEND');
      break;
    case 'image/webp':
      whole = head.readUInt32LE(4) + 8 === size;
      break;
  }
  return whole ? { type } : { problem: 'damaged' };
}
