import { countryForced } from '#shared/domain/schemas/page';
import { submissionSchema, type CaptureForm, type SubmissionInput } from '#shared/domain/schemas/capture';
import { countryCodeOf, countryOptions, US_STATES, usStateCodeOf } from '#shared/domain/regions';
import { messageOf } from './messages';
import { fanText } from './fanText';

/** The fan's language, for country names (Intl.DisplayNames) and their search. */
const viewerLocale = () => fanText().locale;

/** One input of the fan form, in the order the page shows them. */
export interface FieldDef {
  name: 'firstName' | 'lastName' | 'email' | 'country' | 'city' | 'state' | 'zip' | 'dob' | 'phone' | 'instagram' | 'tiktok' | 'venueCity' | 'song' | 'artist';
  label: string;
  type: 'text' | 'email' | 'tel' | 'date' | 'select';
  autoComplete?: string;
  options?: string[];
  /**
   * A searchable list (an input with a datalist: typing filters it on phones and desktops); the
   * choice is sent as its code (countries ISO 3166-1, US states ISO 3166-2).
   */
  suggestions?: string[];
  optional?: boolean;
  hint?: string;
}

/** The form's inputs as rows (two short fields share a row), built from the page's capture flags. */
export function fieldRows(form: CaptureForm): FieldDef[][] {
  const { form: l } = fanText().m;
  const rows: FieldDef[][] = [];
  if (form.captureName) {
    rows.push([
      { name: 'firstName', label: l.firstName, type: 'text', autoComplete: 'given-name' },
      { name: 'lastName', label: l.lastName, type: 'text', autoComplete: 'family-name' },
    ]);
  }
  if (form.captureEmail) rows.push([{ name: 'email', label: l.email, type: 'email', autoComplete: 'email' }]);
  if (form.capturePhone) rows.push([{ name: 'phone', label: l.phone, type: 'tel', autoComplete: 'tel' }]);
  if (form.captureCityState) {
    rows.push([
      { name: 'city', label: l.city, type: 'text', autoComplete: 'address-level2' },
      { name: 'state', label: l.state, type: 'text', autoComplete: 'address-level1', suggestions: Object.values(US_STATES) },
    ]);
  }
  const zip: FieldDef = { name: 'zip', label: l.zip, type: 'text', autoComplete: 'postal-code' };
  const country: FieldDef = { name: 'country', label: l.country, type: 'text', autoComplete: 'country-name', suggestions: countryOptions(viewerLocale()).map((option) => option.name) };
  const hasCountry = form.captureCountry || countryForced(form);
  if (form.captureZip && hasCountry) rows.push([zip, country]);
  else if (form.captureZip) rows.push([zip]);
  else if (hasCountry) rows.push([country]);
  if (form.captureDob) rows.push([{ name: 'dob', label: l.dob, type: 'date', autoComplete: 'bday' }]);
  const handles: FieldDef[] = [];
  if (form.captureInstagram) handles.push({ name: 'instagram', label: l.instagram, type: 'text', optional: true, hint: l.handleHint });
  if (form.captureTiktok) handles.push({ name: 'tiktok', label: l.tiktok, type: 'text', optional: true, hint: l.handleHint });
  if (handles.length) rows.push(handles);
  if (form.captureVenueCity) rows.push([{ name: 'venueCity', label: l.venueCity, type: 'select', options: form.venueCities }]);
  if (form.captureSongList) rows.push([{ name: 'song', label: l.song, type: 'select', options: form.songs }]);
  if (form.captureArtist) rows.push([{ name: 'artist', label: l.artist, type: 'select', options: form.artists }]);
  return rows;
}

/** What the fan typed and ticked, kept as they typed it (the schema trims and normalises). */
export interface FormValues {
  text: Partial<Record<FieldDef['name'], string>>;
  marketingConsent: boolean;
  terms: boolean[];
}

export const emptyValues = (form: CaptureForm): FormValues => ({ text: {}, marketingConsent: false, terms: form.customTerms.map(() => false) });

/** The submission body for these values: only the fields the page captures. */
export function submissionInput(form: CaptureForm, values: FormValues, uploadId: string, honeypot: { name: string; value: string }): Record<string, unknown> {
  const input: Record<string, unknown> = { uploadId, locale: viewerLocale() };
  if (honeypot.value) input[honeypot.name] = honeypot.value;
  const locale = viewerLocale();
  for (const field of fieldRows(form).flat()) {
    const value = values.text[field.name] ?? '';
    if (field.optional && value.trim() === '') continue;
    input[field.name] = field.name === 'country' ? (countryCodeOf(value, locale) ?? value) : value;
  }
  // A US state goes as its code; other countries' regions as typed.
  if (input.country === 'US' && typeof input.state === 'string') input.state = usStateCodeOf(input.state) ?? input.state;
  if (form.captureMarketingConsent) input.marketingConsent = values.marketingConsent;
  if (form.customTerms.length > 0) input.terms = form.customTerms.map((_, i) => values.terms[i] === true);
  return input;
}

/** Field name (or `terms.i`) to its message; empty when the form is valid. */
export type FieldErrors = Record<string, string>;

export function validate(form: CaptureForm, input: Record<string, unknown>): { errors: FieldErrors; data?: SubmissionInput } {
  const result = submissionSchema(form).safeParse(input);
  if (result.success) return { errors: {}, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const [head, index] = issue.path;
    const message = messageOf(issue.message, { max: 'maximum' in issue ? issue.maximum : undefined, min: 'minimum' in issue ? issue.minimum : undefined });
    if (head === 'terms') {
      const indexes = typeof index === 'number' ? [index] : form.customTerms.map((_, i) => i).filter((i) => !(input.terms as boolean[] | undefined)?.[i]);
      for (const i of indexes) errors[`terms.${i}`] ??= message;
    } else if (typeof head === 'string') {
      errors[head] ??= message;
    }
  }
  return { errors };
}
