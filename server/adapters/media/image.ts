import sharp from 'sharp';

export const WEB_IMAGE_MAX = 2048;
export const IMAGE_THUMBNAIL_WIDTH = 640;

/**
 * A cleaned-up copy of a photo: turned upright by its EXIF orientation, every piece of metadata
 * (GPS included) dropped, any input sharp reads (JPEG, PNG, WebP, HEIF/AVIF) written as JPEG,
 * web-size, and a thumbnail.
 */
export async function processImage(input: string, webOutput: string, thumbnailOutput: string): Promise<{ width: number; height: number }> {
  // sharp writes no metadata unless asked (withMetadata/keepExif), so the output has none.
  const upright = sharp(input, { failOn: 'error' }).rotate();
  const info = await upright
    .clone()
    .resize({ width: WEB_IMAGE_MAX, height: WEB_IMAGE_MAX, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(webOutput);
  await upright.clone().resize({ width: IMAGE_THUMBNAIL_WIDTH, withoutEnlargement: true }).jpeg({ quality: 78, mozjpeg: true }).toFile(thumbnailOutput);
  return { width: info.width, height: info.height };
}
