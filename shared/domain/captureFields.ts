import type { CaptureFlag } from './schemas/captureFlags';
import { countryForced } from './schemas/page';

/** The fan form's inputs (the capture page's form, the console's phone preview of it). */
export type CaptureFieldName =
  'firstName' | 'lastName' | 'email' | 'phone' | 'city' | 'state' | 'zip' | 'country' | 'dob' | 'instagram' | 'tiktok' | 'venueCity' | 'song' | 'artist';

/** Handles are the only inputs a fan may leave empty. */
export const OPTIONAL_CAPTURE_FIELDS: readonly CaptureFieldName[] = ['instagram', 'tiktok'];

/** Inputs that open a list of the page's own items (venue cities, songs, artists). */
export const LISTED_CAPTURE_FIELDS: readonly CaptureFieldName[] = ['venueCity', 'song', 'artist'];

/**
 * The fan form's inputs as rows, in the page's order, from its capture switches: two short
 * fields share a row. The country is asked wherever the rule forces it (countryForced).
 */
export function captureFieldRows(flags: Record<Exclude<CaptureFlag, 'captureMarketingConsent'>, boolean>): CaptureFieldName[][] {
  const rows: CaptureFieldName[][] = [];
  if (flags.captureName) rows.push(['firstName', 'lastName']);
  if (flags.captureEmail) rows.push(['email']);
  if (flags.capturePhone) rows.push(['phone']);
  if (flags.captureCityState) rows.push(['city', 'state']);
  const zipRow: CaptureFieldName[] = [];
  if (flags.captureZip) zipRow.push('zip');
  if (flags.captureCountry || countryForced(flags)) zipRow.push('country');
  if (zipRow.length) rows.push(zipRow);
  if (flags.captureDob) rows.push(['dob']);
  const handles: CaptureFieldName[] = [];
  if (flags.captureInstagram) handles.push('instagram');
  if (flags.captureTiktok) handles.push('tiktok');
  if (handles.length) rows.push(handles);
  if (flags.captureVenueCity) rows.push(['venueCity']);
  if (flags.captureSongList) rows.push(['song']);
  if (flags.captureArtist) rows.push(['artist']);
  return rows;
}
