import { AVATAR_MIN_SIZE, CROP_ASPECT_AVATAR, CROP_ASPECT_DEFAULT, IMAGE_SIZES } from '#shared/domain/constants';

/** How an image is cropped before upload (spec: 16:9 by default, 1:1 for avatars, fixed sizes). */
export interface CropPreset {
  aspect: number;
  /** Exact output size; without it the cropped area keeps its pixels, at most maxWidth wide. */
  output?: { width: number; height: number };
  maxWidth?: number;
  /** Smaller images are refused (either side). */
  minSize?: number;
  /** PNG keeps transparency (logos, icons); JPEG keeps photos small. */
  format: 'image/png' | 'image/jpeg';
  round?: boolean;
}

export const CROP_PRESETS = {
  /** 16:9, for banners and other pictures. */
  default: { aspect: CROP_ASPECT_DEFAULT, maxWidth: 1920, format: 'image/jpeg' },
  avatar: {
    aspect: CROP_ASPECT_AVATAR,
    output: { width: AVATAR_MIN_SIZE, height: AVATAR_MIN_SIZE },
    minSize: AVATAR_MIN_SIZE,
    format: 'image/jpeg',
    round: true,
  },
  favicon: { aspect: 1, output: IMAGE_SIZES.favicon, format: 'image/png' },
  headerLogo: { aspect: IMAGE_SIZES.headerLogo.width / IMAGE_SIZES.headerLogo.height, output: IMAGE_SIZES.headerLogo, format: 'image/png' },
  socialImage: { aspect: IMAGE_SIZES.socialImage.width / IMAGE_SIZES.socialImage.height, output: IMAGE_SIZES.socialImage, format: 'image/jpeg' },
} satisfies Record<string, CropPreset>;

export type CropPresetName = keyof typeof CROP_PRESETS;
