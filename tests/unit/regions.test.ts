import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryCodeOf, countryName, countryOptions, usStateCodeOf, usStateName } from '#shared/domain/regions';
import { submissionSchema, type CaptureForm } from '#shared/domain/schemas/capture';

describe('countries and US states', () => {
  it('names ISO 3166-1 codes in the viewer’s language and finds the code of a name typed there', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('Somewhere else')).toBe('Somewhere else');
    expect(countryCodeOf('allemagne', 'fr')).toBe('DE');
    expect(countryCodeOf('Germany', 'fr')).toBe('DE');
    expect(countryCodeOf('uk')).toBe('GB');
    expect(countryCodeOf('Atlantis')).toBeUndefined();
    const french = countryOptions('fr').map((option) => option.name);
    expect(french.indexOf('Allemagne')).toBeLessThan(french.indexOf('Espagne'));
  });

  it('keeps US states as their ISO 3166-2 codes and names them', () => {
    expect(usStateCodeOf('texas')).toBe('TX');
    expect(usStateCodeOf('tx')).toBe('TX');
    expect(usStateName('TX')).toBe('Texas');
    expect(usStateName('Ontario')).toBe('Ontario');
  });

  it('stores the code and refuses what is not on the lists; the state is checked only in the US', () => {
    const form = { captureCountry: true, captureCityState: true, customTerms: [], venueCities: [], songs: [], artists: [] } as unknown as CaptureForm;
    const parse = (country: string, state: string) => submissionSchema(form).safeParse({ uploadId: 'u1', country, city: 'C', state });
    expect(parse('United States', 'Texas').data).toMatchObject({ country: 'US', state: 'TX' });
    expect(parse('CA', 'Ontario').data).toMatchObject({ country: 'CA', state: 'Ontario' });
    expect(parse('US', 'Ontario').error?.issues.map((issue) => issue.path.join('.'))).toEqual(['state']);
    expect(parse('Atlantis', 'X').error?.issues.map((issue) => issue.path.join('.'))).toEqual(['country']);
  });
});
