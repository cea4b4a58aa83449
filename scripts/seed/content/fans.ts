import type { CaptureForm } from '#shared/domain/schemas/capture';
import type { Random } from './random';
import { COUNTRY_WEIGHTS, type Country, type Place } from './places';

/** Everything a demo fan could answer; each page's form takes only what it asks. */
export interface Fan {
  firstName: string;
  lastName: string;
  email: string;
  country: Country;
  place: Place;
  dob: string;
  phone: string;
  instagram: string;
  tiktok: string;
  marketingConsent: boolean;
  /** Where the fan's requests come from (a documentation address, RFC 5737), for the address key. */
  address: string;
}

const FIRST = [
  'Ava',
  'Liam',
  'Maya',
  'Noah',
  'Zoe',
  'Ethan',
  'Priya',
  'Mateo',
  'Chloe',
  'Jonas',
  'Aisha',
  'Lucas',
  'Hannah',
  'Diego',
  'Emma',
  'Kai',
  'Sofia',
  'Oliver',
  'Leila',
  'Marcus',
  'Grace',
  'Tariq',
  'Ingrid',
  'Ben',
  'Yuki',
  'Nadia',
  'Sam',
  'Freya',
  'Omar',
  'Isla',
  'Theo',
  'Camila',
  'Riley',
  'Jasmine',
  'Felix',
  'Amara',
  'Owen',
  'Lena',
  'Hugo',
  'Rosa',
];
const LAST = [
  'Garcia',
  'Nguyen',
  'Smith',
  'Okafor',
  'Müller',
  'Johnson',
  'Patel',
  'Rossi',
  'Kim',
  'Brown',
  'Silva',
  "O'Brien",
  'Larsen',
  'Cohen',
  'Martin',
  'Walker',
  'Haddad',
  'Kowalski',
  'Tanaka',
  'Lopez',
  'Fischer',
  'Murphy',
  'Andersson',
  'Dubois',
  'Reyes',
  'Clarke',
];
const MAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'proton.me', 'hotmail.com'];

const pad = (n: number) => String(n).padStart(2, '0');
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** A new fan; `index` keeps emails, handles and addresses unique across the demo. */
export function makeFan(random: Random, index: number): Fan {
  const firstName = random.pick(FIRST);
  const lastName = random.pick(LAST);
  const country = random.weighted(COUNTRY_WEIGHTS);
  const handle = `${ascii(firstName)}${random.pick(['', '.', '_'])}${ascii(lastName)}${random.chance(0.5) ? random.int(1, 99) : ''}`.slice(0, 24);
  const year = random.int(1968, 2007);
  return {
    firstName,
    lastName,
    email: `${ascii(firstName)}.${ascii(lastName)}${index}@${random.pick(MAIL_DOMAINS)}`,
    country,
    place: random.pick(country.places),
    dob: `${year}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`,
    phone: `${country.phone} ${random.int(200, 989)} ${random.int(100, 999)} ${random.int(1000, 9999)}`,
    instagram: random.chance(0.75) ? handle : '',
    tiktok: random.chance(0.55) ? `${handle}.${random.pick(['live', 'music', 'vids', 'x'])}`.slice(0, 30) : '',
    marketingConsent: random.chance(0.62),
    address: `198.51.${Math.floor(index / 250)}.${(index % 250) + 1}`,
  };
}

/** The fan's answers to one page's form: only the fields it shows, list choices from its own lists. */
export function answersFor(form: CaptureForm, fan: Fan, random: Random): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (form.captureName) Object.assign(body, { firstName: fan.firstName, lastName: fan.lastName });
  if (form.captureEmail) body.email = fan.email;
  if (form.captureCountry) body.country = fan.country.name;
  if (form.captureCityState) Object.assign(body, { city: fan.place.city, state: fan.place.state });
  if (form.captureZip) body.zip = fan.place.zip;
  if (form.captureDob) body.dob = fan.dob;
  if (form.capturePhone) body.phone = fan.phone;
  if (form.captureInstagram && fan.instagram) body.instagram = fan.instagram;
  if (form.captureTiktok && fan.tiktok) body.tiktok = fan.tiktok;
  if (form.captureVenueCity && form.venueCities.length) body.venueCity = random.pick(form.venueCities);
  if (form.captureSongList && form.songs.length) body.song = random.pick(form.songs);
  if (form.captureArtist && form.artists.length) body.artist = random.pick(form.artists);
  if (form.captureMarketingConsent) body.marketingConsent = fan.marketingConsent;
  if (form.customTerms.length) body.terms = form.customTerms.map(() => true);
  return body;
}
