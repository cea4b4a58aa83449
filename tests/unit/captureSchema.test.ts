import { describe, expect, it } from 'vitest';
import { submissionSchema, type CaptureForm } from '#shared/domain/schemas/capture';
import { acceptAttribute, captureKindOf } from '#shared/domain/capture';

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
const all: CaptureForm = {
  ...off,
  captureName: true,
  captureEmail: true,
  captureCityState: true,
  captureZip: true,
  captureDob: true,
  capturePhone: true,
  captureInstagram: true,
  captureTiktok: true,
  captureVenueCity: true,
  captureSongList: true,
  captureArtist: true,
  captureMarketingConsent: true,
  venueCities: ['Austin'],
  songs: ['Song A'],
  artists: ['Band'],
  marketingConsent: 'Yes',
  customTerms: ['T1', 'T2'],
};
const full = {
  uploadId: 'u1',
  firstName: 'Ada',
  lastName: 'L',
  email: 'ADA@example.com',
  country: 'US',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  dob: '1990-02-28',
  phone: '+1 512 555 0100',
  instagram: '@ada.l',
  tiktok: 'ada_l',
  venueCity: 'Austin',
  song: 'Song A',
  artist: 'Band',
  marketingConsent: false,
  terms: [true, true],
};
const paths = (form: CaptureForm, input: unknown) => {
  const result = submissionSchema(form).safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('submissionSchema', () => {
  it('takes every field of a page that captures everything, lower-casing the email and dropping the @', () => {
    const parsed = submissionSchema(all).parse(full);
    expect(parsed.email).toBe('ada@example.com');
    expect(parsed.instagram).toBe('ada.l');
  });
  it('refuses a field the page does not capture', () => {
    expect(paths(off, { uploadId: 'u1', email: 'a@b.co' })).toEqual([':Unrecognized key: "email"']);
  });
  it('forces the country with city/state or phone', () => {
    expect(paths({ ...off, capturePhone: true }, { uploadId: 'u1', phone: '5125550100' })).toEqual(['country:app.validation.required']);
  });
  it('needs every custom term ticked', () => {
    expect(paths(all, { ...full, terms: [true, false] })).toEqual(['terms.1:app.validation.agreeTerms']);
    expect(paths(all, { ...full, terms: [true] })).toEqual(['terms:app.validation.agreeTerms']);
    expect(paths(all, { ...full, terms: undefined })).toEqual(['terms:app.validation.required']);
  });
  it('takes only listed choices, real past dates and phone-like numbers', () => {
    expect(paths(all, { ...full, song: 'Other' })).toEqual(['song:app.validation.choice']);
    expect(paths(all, { ...full, dob: '1990-02-30' })).toEqual(['dob:app.validation.dob']);
    expect(paths(all, { ...full, dob: '2999-01-01' })).toEqual(['dob:app.validation.dob']);
    expect(paths(all, { ...full, phone: 'call me' })).toEqual(['phone:app.validation.phone']);
  });
});

describe('file kinds', () => {
  it('goes by the declared type, else the extension', () => {
    expect(captureKindOf('clip.MOV', '')).toBe('video');
    expect(captureKindOf('x.heic', 'application/octet-stream')).toBe('image');
    expect(captureKindOf('x.mp4', 'text/plain')).toBeUndefined();
    expect(captureKindOf('x.exe', '')).toBeUndefined();
    expect(acceptAttribute(['video'])).toContain('.mov');
  });
});
