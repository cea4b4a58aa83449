import type { KnownContentType } from '#shared/domain/files';

/** Bytes enough for every signature below. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, start: number, text: string) =>
  bytes.length >= start + text.length && [...text].every((char, i) => bytes[start + i] === char.charCodeAt(0));

const startsWith = (bytes: Uint8Array, signature: number[]) => bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

/** QuickTime files from older cameras start with one of these atoms instead of ftyp. */
const QUICKTIME_ATOMS = ['moov', 'mdat', 'wide', 'pnot'];

/** The real type of a file from its first bytes, or undefined when it is none we accept. */
export function sniffContentType(bytes: Uint8Array): KnownContentType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'image/gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  // ICO: reserved 0, type 1, at least one image.
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length >= 6 && bytes[4] + bytes[5] * 256 > 0) return 'image/x-icon';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (ascii(bytes, 4, 'ftyp')) return ascii(bytes, 8, 'qt  ') ? 'video/quicktime' : 'video/mp4';
  if (QUICKTIME_ATOMS.some((atom) => ascii(bytes, 4, atom))) return 'video/quicktime';
  return undefined;
}
