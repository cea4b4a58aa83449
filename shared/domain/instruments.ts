/**
 * The instruments a musician can teach or play (Expertise; spec platform-admin.md section 9
 * names the list without its entries). Values are stored as written here, so renaming an
 * entry needs a data migration; adding one does not.
 */
export const INSTRUMENTS = [
  'Accordion',
  'Acoustic Guitar',
  'Bagpipes',
  'Banjo',
  'Bass Guitar',
  'Bassoon',
  'Cello',
  'Clarinet',
  'Double Bass',
  'Drums',
  'DJ / Turntables',
  'Electric Guitar',
  'Euphonium',
  'Flute',
  'French Horn',
  'Guitar',
  'Harmonica',
  'Harp',
  'Keyboard',
  'Mandolin',
  'Music Production',
  'Music Theory',
  'Oboe',
  'Organ',
  'Percussion',
  'Piano',
  'Recorder',
  'Saxophone',
  'Songwriting',
  'Synthesizer',
  'Trombone',
  'Trumpet',
  'Tuba',
  'Ukulele',
  'Viola',
  'Violin',
  'Voice',
] as const;

type Instrument = (typeof INSTRUMENTS)[number];

export function isInstrument(value: string): value is Instrument {
  return (INSTRUMENTS as readonly string[]).includes(value);
}
