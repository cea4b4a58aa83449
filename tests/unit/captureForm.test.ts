import { beforeEach, describe, expect, it } from 'vitest';
import type { CaptureForm } from '#shared/domain/schemas/capture';
import { brandTheme, themeCss } from '#shared/domain/brandColors';
import { emptyValues, fieldRows, submissionInput, validate } from '../../src/capture/formModel';
import { refusalOf, slugsOf } from '../../src/capture/api';
import { checkFile, timeLeftLabel } from '../../src/capture/fileChoice';
import { fanTextOf, setFanText } from '../../src/capture/fanText';
import en from '#shared/i18n/fan/en';
import es from '#shared/i18n/fan/es';

const off: CaptureForm = {
  captureName: false,
  captureEmail: false,
  captureCountry: false,
  captureCityState: false,
  captureZip: false,
  captureDob: false,
  capturePhone: false,
  captureInstagram: false,
  captureTiktok: false,
  captureVenueCity: false,
  captureSongList: false,
  captureArtist: false,
  captureMarketingConsent: false,
  venueCities: [],
  songs: [],
  artists: [],
  marketingConsent: null,
  customTerms: [],
};
const honeypot = { name: 'website', value: '' };

beforeEach(() => setFanText(fanTextOf('en', en)));

describe('the fan form', () => {
  it('asks only what the page captures, with the country forced by the phone', () => {
    const names = fieldRows({ ...off, capturePhone: true, captureInstagram: true })
      .flat()
      .map((f) => f.name);
    expect(names).toEqual(['phone', 'country', 'instagram']);
  });

  it('lays out every field the page asks in its rows and order: short ones in pairs, the country beside the zip', () => {
    const all = Object.fromEntries(
      Object.keys(off)
        .filter((key) => key.startsWith('capture'))
        .map((key) => [key, true]),
    ) as unknown as CaptureForm;
    const rows = fieldRows({ ...off, ...all }).map((row) => row.map((f) => f.name));
    expect(rows).toEqual([
      ['firstName', 'lastName'],
      ['email'],
      ['phone'],
      ['city', 'state'],
      ['zip', 'country'],
      ['dob'],
      ['instagram', 'tiktok'],
      ['venueCity'],
      ['song'],
      ['artist'],
    ]);
    expect(
      fieldRows({ ...off, ...all })
        .flat()
        .filter((f) => f.optional)
        .map((f) => f.name),
    ).toEqual(['instagram', 'tiktok']);
  });

  it('sends only captured fields, leaves out empty optional handles, and reads messages from the shared table', () => {
    const form = { ...off, captureEmail: true, captureInstagram: true, captureMarketingConsent: true, marketingConsent: 'Yes', customTerms: ['A', 'B'] };
    const values = { ...emptyValues(form), text: { email: 'nope', instagram: ' ' }, terms: [true, false] };
    const input = submissionInput(form, values, 'u1', honeypot);
    expect(input).toEqual({ uploadId: 'u1', locale: 'en', email: 'nope', marketingConsent: false, terms: [true, false] });
    expect(validate(form, input).errors).toEqual({ email: 'Must be a valid email', 'terms.1': 'You must agree to the terms' });
  });

  it("speaks the fan's language: labels, messages and the language the submission says it was shown in", () => {
    setFanText(fanTextOf('es', es));
    const form = { ...off, captureName: true, captureEmail: true };
    expect(
      fieldRows(form)
        .flat()
        .map((f) => f.label),
    ).toEqual(['Nombre', 'Apellido', 'Correo electrónico']);
    const input = submissionInput(form, { ...emptyValues(form), text: { firstName: 'x'.repeat(101), lastName: 'L', email: 'nope' } }, 'u1', honeypot);
    expect(input.locale).toBe('es');
    expect(validate(form, input).errors).toEqual({ firstName: 'Máximo 100 caracteres', email: 'Escribe un correo electrónico válido' });
    expect(refusalOf(403, { reason: 'page-closed' }).message).toBe('Esta página no acepta envíos en este momento.');
    expect(timeLeftLabel(3725)).toBe('quedan 1 h 2 min');
  });

  it('keeps a country picked in one language when the fan switches the page to another', () => {
    const form = { ...off, captureCountry: true };
    setFanText(fanTextOf('es', es));
    const values = { ...emptyValues(form), text: { country: 'Alemania' } };
    expect(submissionInput(form, values, 'u1', honeypot).country).toBe('DE');
    // The fan switches to English; the field still holds the Spanish name they picked.
    setFanText(fanTextOf('en', en));
    const input = submissionInput(form, values, 'u1', honeypot);
    expect(input.country).toBe('DE');
    expect(validate(form, input).errors).toEqual({});
  });

  it('says how long a field may be', () => {
    const form = { ...off, captureName: true };
    const { errors } = validate(form, { uploadId: 'u1', firstName: 'x'.repeat(101), lastName: 'L' });
    expect(errors).toEqual({ firstName: 'Must be 100 characters or less' });
  });
});

describe('files and answers', () => {
  const files = {
    kinds: ['video' as const],
    video: { types: [], extensions: [], maxBytes: 1000, maxDurationSeconds: 600 },
    image: null,
  };
  const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });
  it('refuses photos off the plan, wrong kinds and oversize files before sending', () => {
    expect(checkFile(files, file('a.mp4', 'video/mp4', 10))).toEqual({ kind: 'video' });
    expect(checkFile(files, file('a.jpg', 'image/jpeg', 10))).toMatchObject({ refusal: { reason: 'photos-not-on-plan' } });
    expect(checkFile(files, file('a.txt', 'text/plain', 10))).toMatchObject({ refusal: { reason: 'wrong-kind' } });
    expect(checkFile(files, file('a.mov', '', 1001))).toMatchObject({ refusal: { reason: 'too-large' } });
    expect(timeLeftLabel(125)).toBe('2 min 5 s left');
  });
  it('reads the page address and turns error bodies into messages', () => {
    expect(slugsOf('/p/owls/summer')).toEqual({ accountSlug: 'owls', pageSlug: 'summer' });
    expect(slugsOf('/p/owls')).toBeUndefined();
    expect(refusalOf(403, { reason: 'account-disabled' }).message).toBe('This page is not available: the account is not active.');
    expect(refusalOf(404, {}).reason).toBe('page-not-found');
  });
  it("says storage is out of reach with the server's message, whatever answered 503", () => {
    const message = 'We could not save your upload right now, please try again in a few minutes';
    expect(refusalOf(503, { reason: 'storage-unavailable', message: 'ignored' })).toEqual({ reason: 'storage-unavailable', message, errors: [] });
    expect(refusalOf(503, undefined)).toEqual({ reason: 'storage-unavailable', message, errors: [] });
  });
  it('keeps brand colours readable', () => {
    expect(brandTheme('#ffcc00')).toMatchObject({ primary: '#ffcc00', onPrimary: '#000000', accent: '#1d4ed8' });
    expect(brandTheme('#7c3aed')).toMatchObject({ primary: '#7c3aed', onPrimary: '#ffffff', accent: '#7c3aed' });
    expect(brandTheme('red;}body{x')).toMatchObject({ primary: '#1d4ed8' });
  });
  it('gives the file pickers the secondary colour only when the account chose one', () => {
    expect(brandTheme(null, '#FFCC00')).toMatchObject({ secondary: '#ffcc00', onSecondary: '#000000' });
    expect(themeCss(brandTheme(null, '#0f766e'))).toContain('--secondary:#0f766e;--on-secondary:#ffffff');
    expect(brandTheme(null, null).secondary).toBeNull();
    expect(themeCss(brandTheme(null, 'red;}body{x'))).not.toContain('--secondary');
  });
});
