import { z } from 'zod';

/** The page's "capture" switches (spec section 3, Page): which fields the fan form asks. */
export const CAPTURE_FLAGS = [
  'captureEmail',
  'captureName',
  'captureCountry',
  'captureCityState',
  'captureZip',
  'captureDob',
  'capturePhone',
  'captureInstagram',
  'captureTiktok',
  'captureVenueCity',
  'captureSongList',
  'captureArtist',
  'captureMarketingConsent',
] as const;
export type CaptureFlag = (typeof CAPTURE_FLAGS)[number];

/** One boolean per capture flag, spread into the page's schema and the public form's. */
export const captureFlagsShape = Object.fromEntries(CAPTURE_FLAGS.map((flag) => [flag, z.boolean()])) as {
  [K in CaptureFlag]: z.ZodBoolean;
};

/** The capture flags of a page-like record, nothing else. */
export function pickCaptureFlags<T extends Record<CaptureFlag, boolean>>(record: T): Record<CaptureFlag, boolean> {
  return Object.fromEntries(CAPTURE_FLAGS.map((flag) => [flag, record[flag]])) as Record<CaptureFlag, boolean>;
}
