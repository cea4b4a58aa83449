import type { CropPreset } from './cropPresets';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Loads a picked file into an image element (rejects files the browser cannot decode). */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('decode'));
    image.src = src;
  });
}

/** The size the cropped area is written at: the preset's, or its own capped at maxWidth. */
export function outputSize(area: PixelArea, preset: CropPreset): { width: number; height: number } {
  if (preset.output) return preset.output;
  const scale = preset.maxWidth && area.width > preset.maxWidth ? preset.maxWidth / area.width : 1;
  return { width: Math.max(1, Math.round(area.width * scale)), height: Math.max(1, Math.round(area.height * scale)) };
}

/** Draws the cropped area on a canvas at the output size and encodes it. */
export function cropToBlob(image: HTMLImageElement, area: PixelArea, preset: CropPreset): Promise<Blob> {
  const { width, height } = outputSize(area, preset);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('canvas'));
  context.imageSmoothingQuality = 'high';
  if (preset.format === 'image/jpeg') {
    // JPEG has no transparency: put transparent parts on white rather than black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
  }
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encode'))), preset.format, 0.9));
}

/** The picked file's name with the extension of the format it was re-encoded in. */
export function croppedFileName(original: string, format: CropPreset['format']): string {
  const stem = original.replace(/\.[^.]*$/, '') || 'image';
  return `${stem}.${format === 'image/png' ? 'png' : 'jpg'}`;
}
