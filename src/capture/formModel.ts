import { captureFieldRows, OPTIONAL_CAPTURE_FIELDS, type CaptureFieldName } from '#shared/domain/captureFields';
import { submissionSchema, type CaptureForm, type SubmissionInput } from '#shared/domain/schemas/capture';
import { countryCodeOf, countryOptions, US_STATES, usStateCodeOf } from '#shared/domain/regions';
import { messageOf } from './messages';
import { fanText } from './fanText';
import { FAN_LOCALES } from '#shared/i18n/fan/locales';

/** The fan's language, for country names (Intl.DisplayNames) and their search. */
const viewerLocale = () => fanText().locale;

/** One input of the fan form, in the order the page shows them. */
export interface FieldDef {
  name: CaptureFieldName;
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

/** An input of the form in the fan's language, with what the browser needs to help fill it. */
function fieldDef(name: CaptureFieldName, form: CaptureForm): FieldDef {
  const def = inputOf(name, form);
  return OPTIONAL_CAPTURE_FIELDS.includes(name) ? { ...def, optional: true } : def;
}

function inputOf(name: CaptureFieldName, form: CaptureForm): FieldDef {
  const { form: l } = fanText().m;
  const label = l[name];
  switch (name) {
    case 'firstName':
      return { name, label, type: 'text', autoComplete: 'given-name' };
    case 'lastName':
      return { name, label, type: 'text', autoComplete: 'family-name' };
    case 'email':
      return { name, label, type: 'email', autoComplete: 'email' };
    case 'phone':
      return { name, label, type: 'tel', autoComplete: 'tel' };
    case 'city':
      return { name, label, type: 'text', autoComplete: 'address-level2' };
    case 'state':
      return { name, label, type: 'text', autoComplete: 'address-level1', suggestions: Object.values(US_STATES) };
    case 'zip':
      return { name, label, type: 'text', autoComplete: 'postal-code' };
    case 'country':
      return { name, label, type: 'text', autoComplete: 'country-name', suggestions: countryOptions(viewerLocale()).map((option) => option.name) };
    case 'dob':
      return { name, label, type: 'date', autoComplete: 'bday' };
    case 'instagram':
    case 'tiktok':
      return { name, label, type: 'text', hint: l.handleHint };
    case 'venueCity':
      return { name, label, type: 'select', options: form.venueCities };
    case 'song':
      return { name, label, type: 'select', options: form.songs };
    case 'artist':
      return { name, label, type: 'select', options: form.artists };
  }
}

/** The form's inputs as rows (two short fields share a row), built from the page's capture flags. */
export function fieldRows(form: CaptureForm): FieldDef[][] {
  return captureFieldRows(form).map((row) => row.map((name) => fieldDef(name, form)));
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
    // The name may be in the language the fan picked it in, before switching the page's.
    input[field.name] = field.name === 'country' ? (countryCodeOf(value, locale, FAN_LOCALES) ?? value) : value;
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
