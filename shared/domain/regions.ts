/**
 * Countries and US states (spec platform-admin.md 9: 'Lists of instruments, US states and
 * countries exist'), stored as codes and shown as names. Countries are the ISO 3166-1 alpha-2
 * codes (from Debian's iso-codes, 249 entries), named by the browser's or the server's
 * Intl.DisplayNames in the viewer's language; US states and territories are ISO 3166-2 US codes
 * (the postal abbreviations) with their English names, which Intl does not carry.
 */
export const COUNTRY_CODES: readonly string[] = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS
BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE
EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM
HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC
LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA
NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO
TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`
  .trim()
  .split(/\s+/);

export const US_STATES: Readonly<Record<string, string>> = {
  AK: 'Alaska',
  AL: 'Alabama',
  AR: 'Arkansas',
  AS: 'American Samoa',
  AZ: 'Arizona',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DC: 'District of Columbia',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  GU: 'Guam',
  HI: 'Hawaii',
  IA: 'Iowa',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  MA: 'Massachusetts',
  MD: 'Maryland',
  ME: 'Maine',
  MI: 'Michigan',
  MN: 'Minnesota',
  MO: 'Missouri',
  MP: 'Northern Mariana Islands',
  MS: 'Mississippi',
  MT: 'Montana',
  NC: 'North Carolina',
  ND: 'North Dakota',
  NE: 'Nebraska',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NV: 'Nevada',
  NY: 'New York',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  PR: 'Puerto Rico',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UM: 'United States Minor Outlying Islands',
  UT: 'Utah',
  VA: 'Virginia',
  VI: 'Virgin Islands, U.S.',
  VT: 'Vermont',
  WA: 'Washington',
  WI: 'Wisconsin',
  WV: 'West Virginia',
  WY: 'Wyoming',
};

const countries = new Set(COUNTRY_CODES);

export const isCountryCode = (value: string): boolean => countries.has(value);
export const isUsStateCode = (value: string): boolean => Object.hasOwn(US_STATES, value);

const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesIn(locale: string): Intl.DisplayNames | null {
  if (!displayNames.has(locale)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    } catch {
      names = null;
    }
    displayNames.set(locale, names);
  }
  return displayNames.get(locale)!;
}

/** A country's name in `locale`; anything that is not a code (text stored before codes) as it is. */
export function countryName(value: string | null | undefined, locale = 'en'): string {
  if (!value) return '';
  if (!isCountryCode(value)) return value;
  return namesIn(locale)?.of(value) ?? value;
}

/** A US state's name; anything else (a region of another country, older text) as it is. */
export function usStateName(value: string | null | undefined): string {
  if (!value) return '';
  return isUsStateCode(value) ? US_STATES[value]! : value;
}

/** Every country as { code, name } in `locale`, sorted by name there. */
export function countryOptions(locale = 'en'): { code: string; name: string }[] {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) => collator.compare(a.name, b.name));
}

/** Names people write that are not ISO's: UK for GB, and the long form of the United States. */
const ALIASES: Readonly<Record<string, string>> = { uk: 'GB', usa: 'US', 'united states of america': 'US' };

/**
 * The code a fan's choice stands for: a code itself, or a name in `locale`, English or one of
 * `others` (any case): a fan who picked 'Allemagne' and then switched the page to English still
 * chose Germany.
 */
export function countryCodeOf(text: string, locale = 'en', others: readonly string[] = []): string | undefined {
  const typed = text.trim();
  if (isCountryCode(typed.toUpperCase()) && typed.length === 2) return typed.toUpperCase();
  const alias = ALIASES[typed.toLowerCase()];
  if (alias) return alias;
  const wanted = typed.toLocaleLowerCase(locale);
  for (const lang of [locale, 'en', ...others]) {
    const found = COUNTRY_CODES.find((code) => countryName(code, lang).toLocaleLowerCase(lang) === wanted);
    if (found) return found;
  }
  return undefined;
}

/** The code of a US state typed as its code or its name (any case). */
export function usStateCodeOf(text: string): string | undefined {
  const typed = text.trim();
  if (isUsStateCode(typed.toUpperCase())) return typed.toUpperCase();
  const wanted = typed.toLowerCase();
  return Object.keys(US_STATES).find((code) => US_STATES[code]!.toLowerCase() === wanted);
}
