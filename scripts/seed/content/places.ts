/**
 * Where the demo's fans and visitors come from: a band on a US tour draws mostly Americans, then
 * Canada, the UK and a long tail. `weight` shapes both the visits (by ISO code, as geoip gives
 * them) and the fans' answers (country name, a city with its state or region, a postcode).
 */
export interface Place {
  city: string;
  state: string;
  zip: string;
}

export interface Country {
  code: string;
  name: string;
  weight: number;
  phone: string;
  places: Place[];
}

export const COUNTRIES: Country[] = [
  {
    code: 'US',
    name: 'United States',
    weight: 420,
    phone: '+1',
    places: [
      { city: 'Austin', state: 'TX', zip: '78701' },
      { city: 'Denver', state: 'CO', zip: '80202' },
      { city: 'Portland', state: 'OR', zip: '97205' },
      { city: 'Chicago', state: 'IL', zip: '60614' },
      { city: 'Nashville', state: 'TN', zip: '37203' },
      { city: 'Seattle', state: 'WA', zip: '98101' },
      { city: 'Boise', state: 'ID', zip: '83702' },
      { city: 'Brooklyn', state: 'NY', zip: '11211' },
      { city: 'Oakland', state: 'CA', zip: '94612' },
      { city: 'Minneapolis', state: 'MN', zip: '55401' },
    ],
  },
  {
    code: 'CA',
    name: 'Canada',
    weight: 70,
    phone: '+1',
    places: [
      { city: 'Toronto', state: 'ON', zip: 'M5V 2T6' },
      { city: 'Vancouver', state: 'BC', zip: 'V6B 1A1' },
      { city: 'Montreal', state: 'QC', zip: 'H2X 1Y4' },
    ],
  },
  {
    code: 'GB',
    name: 'United Kingdom',
    weight: 60,
    phone: '+44',
    places: [
      { city: 'London', state: 'England', zip: 'E1 6AN' },
      { city: 'Manchester', state: 'England', zip: 'M1 1AE' },
      { city: 'Glasgow', state: 'Scotland', zip: 'G1 1XQ' },
    ],
  },
  {
    code: 'DE',
    name: 'Germany',
    weight: 35,
    phone: '+49',
    places: [
      { city: 'Berlin', state: 'Berlin', zip: '10115' },
      { city: 'Hamburg', state: 'Hamburg', zip: '20095' },
    ],
  },
  {
    code: 'AU',
    name: 'Australia',
    weight: 30,
    phone: '+61',
    places: [
      { city: 'Melbourne', state: 'VIC', zip: '3000' },
      { city: 'Sydney', state: 'NSW', zip: '2000' },
    ],
  },
  {
    code: 'MX',
    name: 'Mexico',
    weight: 25,
    phone: '+52',
    places: [
      { city: 'Mexico City', state: 'CDMX', zip: '06700' },
      { city: 'Guadalajara', state: 'Jalisco', zip: '44100' },
    ],
  },
  { code: 'IE', name: 'Ireland', weight: 18, phone: '+353', places: [{ city: 'Dublin', state: 'Leinster', zip: 'D02 X285' }] },
  { code: 'NL', name: 'Netherlands', weight: 16, phone: '+31', places: [{ city: 'Amsterdam', state: 'North Holland', zip: '1012 AB' }] },
  {
    code: 'FR',
    name: 'France',
    weight: 16,
    phone: '+33',
    places: [
      { city: 'Paris', state: 'Île-de-France', zip: '75011' },
      { city: 'Lyon', state: 'Rhône', zip: '69002' },
    ],
  },
  { code: 'BR', name: 'Brazil', weight: 15, phone: '+55', places: [{ city: 'São Paulo', state: 'SP', zip: '01310-100' }] },
  { code: 'SE', name: 'Sweden', weight: 12, phone: '+46', places: [{ city: 'Stockholm', state: 'Stockholm', zip: '111 20' }] },
  {
    code: 'ES',
    name: 'Spain',
    weight: 12,
    phone: '+34',
    places: [
      { city: 'Madrid', state: 'Madrid', zip: '28004' },
      { city: 'Barcelona', state: 'Catalonia', zip: '08001' },
    ],
  },
  { code: 'JP', name: 'Japan', weight: 10, phone: '+81', places: [{ city: 'Tokyo', state: 'Tokyo', zip: '150-0001' }] },
  { code: 'NZ', name: 'New Zealand', weight: 9, phone: '+64', places: [{ city: 'Auckland', state: 'Auckland', zip: '1010' }] },
  { code: 'IT', name: 'Italy', weight: 9, phone: '+39', places: [{ city: 'Milan', state: 'Lombardy', zip: '20121' }] },
  { code: 'NO', name: 'Norway', weight: 7, phone: '+47', places: [{ city: 'Oslo', state: 'Oslo', zip: '0150' }] },
  { code: 'DK', name: 'Denmark', weight: 6, phone: '+45', places: [{ city: 'Copenhagen', state: 'Capital Region', zip: '1050' }] },
  { code: 'BE', name: 'Belgium', weight: 6, phone: '+32', places: [{ city: 'Antwerp', state: 'Flanders', zip: '2000' }] },
  { code: 'PL', name: 'Poland', weight: 6, phone: '+48', places: [{ city: 'Warsaw', state: 'Masovia', zip: '00-001' }] },
  { code: 'AR', name: 'Argentina', weight: 5, phone: '+54', places: [{ city: 'Buenos Aires', state: 'CABA', zip: 'C1002' }] },
  { code: 'CL', name: 'Chile', weight: 4, phone: '+56', places: [{ city: 'Santiago', state: 'RM', zip: '8320000' }] },
  { code: 'ZA', name: 'South Africa', weight: 4, phone: '+27', places: [{ city: 'Cape Town', state: 'Western Cape', zip: '8001' }] },
  { code: 'FI', name: 'Finland', weight: 4, phone: '+358', places: [{ city: 'Helsinki', state: 'Uusimaa', zip: '00100' }] },
  { code: 'PT', name: 'Portugal', weight: 4, phone: '+351', places: [{ city: 'Lisbon', state: 'Lisbon', zip: '1100-148' }] },
  { code: 'CH', name: 'Switzerland', weight: 3, phone: '+41', places: [{ city: 'Zurich', state: 'Zurich', zip: '8001' }] },
  { code: 'AT', name: 'Austria', weight: 3, phone: '+43', places: [{ city: 'Vienna', state: 'Vienna', zip: '1010' }] },
  { code: 'KR', name: 'South Korea', weight: 3, phone: '+82', places: [{ city: 'Seoul', state: 'Seoul', zip: '04524' }] },
  { code: 'PH', name: 'Philippines', weight: 3, phone: '+63', places: [{ city: 'Manila', state: 'Metro Manila', zip: '1000' }] },
  { code: 'IN', name: 'India', weight: 3, phone: '+91', places: [{ city: 'Bengaluru', state: 'Karnataka', zip: '560001' }] },
  { code: 'SG', name: 'Singapore', weight: 2, phone: '+65', places: [{ city: 'Singapore', state: 'Singapore', zip: '018956' }] },
  { code: 'IS', name: 'Iceland', weight: 1, phone: '+354', places: [{ city: 'Reykjavík', state: 'Capital Region', zip: '101' }] },
];

/** [country, weight] pairs for Random.weighted. */
export const COUNTRY_WEIGHTS = COUNTRIES.map((country) => [country, country.weight] as const);
