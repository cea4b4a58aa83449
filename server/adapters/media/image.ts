import fs from 'node:fs';
import type { Sharp } from 'sharp';

const WEB_IMAGE_MAX = 2048;
const IMAGE_THUMBNAIL_WIDTH = 640;

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** An ISO-BMFF file whose major brand is one of HEIF's (iPhone photos are 'heic'). */
function isHeif(head: Buffer): boolean {
  return head.subarray(4, 8).toString('latin1') === 'ftyp' && HEIF_BRANDS.has(head.subarray(8, 12).toString('latin1'));
}

/**
 * sharp's own libheif reads AVIF-coded HEIF only; HEVC-coded HEIC (iPhone photos) is decoded by
 * libheif in WebAssembly instead, already upright (libheif applies the file's rotation).
 */
async function open(input: string): Promise<Sharp> {
  // Loaded on the first image: an API process that runs no image job never holds them (~40 MB).
  const { default: sharp } = await import('sharp');
  const head = Buffer.alloc(12);
  const handle = await fs.promises.open(input, 'r');
  try {
    await handle.read(head, 0, 12, 0);
  } finally {
    await handle.close();
  }
  if (isHeif(head)) {
    try {
      // A small decode tells whether sharp can read this one.
      await sharp(input, { failOn: 'error' }).resize(8).raw().toBuffer();
      return sharp(input, { failOn: 'error' }).rotate();
    } catch {
      const { default: decodeHeic } = await import('heic-decode');
      const { width, height, data } = await decodeHeic({ buffer: await fs.promises.readFile(input) });
      return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
    }
  }
  return sharp(input, { failOn: 'error' }).rotate();
}

/**
 * A cleaned-up copy of a photo: turned upright by its EXIF orientation, every piece of metadata
 * (GPS included) dropped, any input sharp reads (JPEG, PNG, WebP, GIF, AVIF) or HEIC written as
 * a web-size JPEG, and a thumbnail.
 */
export async function processImage(input: string, webOutput: string, thumbnailOutput: string): Promise<{ width: number; height: number }> {
  // sharp writes no metadata unless asked (withMetadata/keepExif), so the outputs carry none.
  const upright = await open(input);
  const info = await upright
    .clone()
    .resize({ width: WEB_IMAGE_MAX, height: WEB_IMAGE_MAX, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(webOutput);
  await upright
    .clone()
    .resize({ width: IMAGE_THUMBNAIL_WIDTH, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(thumbnailOutput);
  return { width: info.width, height: info.height };
}
