import type { Db } from '../../server/db';
import { nowIso } from '../../server/db/rows';
import { updateMusicianProfile } from '../../server/db/repositories/musicianProfiles';
import { createUser } from '../../server/services/users';
import { saveMusicianProfile } from '../../server/services/musicianProfiles';
import { musicianSchema } from '#shared/domain/schemas/musician';
import { emptySchedule } from '#shared/domain/schedule';

/** A date `days` from today, 'yyyy-MM-dd', so the demo's days off stay upcoming. */
const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString().slice(0, 10);

const links = { facebook: '', instagram: '', youtube: '', twitter: '', website: '' };

/** Maya teaches (online and at her studio) on a full week; Leo plays but still has legacy availability text. */
const MUSICIANS = [
  {
    user: { email: 'maya@example.com', firstName: 'Maya', lastName: 'Strings' },
    status: 'enabled',
    lessonAvailability: null,
    profile: {
      slug: 'mayastrings',
      featured: true,
      featurePosition: 1,
      summary:
        'Violinist and fiddler from Nashville. Classically trained at Belmont, ten years on the road with folk and bluegrass bands, and a patient teacher for beginners and returning players alike.',
      instruments: ['Violin', 'Viola', 'Music Theory'],
      band: 'The Midnight Owls',
      location: 'Nashville, TN',
      ...links,
      facebook: 'https://www.facebook.com/mayastringsmusic',
      instagram: 'https://www.instagram.com/mayastrings',
      youtube: 'https://www.youtube.com/@mayastrings',
      website: 'https://mayastrings.example.com',
      customembed: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      enableLessons: true,
      halfHourRate: 35,
      hourRate: 65,
      locationOnline: true,
      locationMusician: true,
      locationStudent: false,
      lessonLocation: 'East Nashville studio, 12 miles around',
      timezone: 'America/Chicago',
      schedule: {
        ...emptySchedule(),
        monday: [
          { start: '09:00', end: '12:00' },
          { start: '14:00', end: '18:00' },
        ],
        tuesday: [{ start: '15:00', end: '20:00' }],
        wednesday: [{ start: '09:00', end: '12:00' }],
        thursday: [{ start: '15:00', end: '20:00' }],
        saturday: [{ start: '10:00', end: '14:00' }],
      },
      scheduleOffs: [{ scheduledDate: inDays(21) }, { scheduledDate: inDays(9) }, { scheduledDate: inDays(10) }],
      migrateScheduling: false,
    },
  },
  {
    user: { email: 'leo@example.com', firstName: 'Leo', lastName: 'Keys' },
    status: 'pending',
    lessonAvailability: 'Weekday evenings after 6pm, Saturday mornings. Text me the week before to book.',
    profile: {
      slug: 'leokeys',
      featured: false,
      featurePosition: null,
      summary: 'Jazz and session pianist in Chicago. Hammond organ on weekends, synths for the studio the rest of the time.',
      instruments: ['Piano', 'Organ', 'Synthesizer'],
      band: 'Southside Organ Trio',
      location: 'Chicago, IL',
      ...links,
      instagram: 'https://www.instagram.com/leokeys',
      twitter: 'https://twitter.com/leokeys',
      customembed: '',
      enableLessons: false,
      halfHourRate: null,
      hourRate: null,
      locationOnline: false,
      locationMusician: false,
      locationStudent: false,
      lessonLocation: '',
      timezone: '',
      schedule: emptySchedule(),
      scheduleOffs: [],
      migrateScheduling: true,
    },
  },
];

/** Two musician users with full public profiles, saved through the same rules as the API. */
export async function seedMusicians(db: Db, password: string): Promise<void> {
  for (const musician of MUSICIANS) {
    const id = await createUser(db, { ...musician.user, password, type: 'musician', emailVerified: true, status: 'enabled' });
    await saveMusicianProfile(db, id, musicianSchema.parse(musician.profile));
    await updateMusicianProfile(db, id, { status: musician.status, lessonAvailability: musician.lessonAvailability, updatedAt: nowIso() });
  }
}
