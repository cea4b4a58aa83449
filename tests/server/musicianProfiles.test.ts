import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemporaryPost } from '../../server/files';
import { createUser } from '../../server/services/users';
import { makePng } from '../fixtures/images';
import { createTestApp, signIn, testDatabases, type TestApp, fieldErrors } from './helpers';

type Body = Record<string, unknown>;

const noSlots = { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] };

/** A complete, valid profile with lessons on (online only). */
const valid = (overrides: Body = {}): Body => ({
  slug: 'ninadrums',
  featured: false,
  featurePosition: null,
  summary: 'Session drummer and teacher.',
  instruments: ['Drums', 'Percussion'],
  band: 'The Backbeats',
  location: 'Austin, TX',
  facebook: '',
  instagram: 'https://www.instagram.com/ninadrums',
  youtube: '',
  twitter: '',
  website: 'https://nina.example.com',
  customembed: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
  enableLessons: true,
  halfHourRate: 30,
  hourRate: 60,
  locationOnline: true,
  locationMusician: false,
  locationStudent: false,
  lessonLocation: '',
  timezone: 'America/Chicago',
  schedule: { ...noSlots, monday: [{ start: '09:00', end: '10:00' }] },
  scheduleOffs: [],
  migrateScheduling: false,
  ...overrides,
});

describe.each(testDatabases)('musician profiles on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let owner: string;
  let maya: string;
  let nina: string;
  let andre: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signIn(t.app, 'admin@example.com');
    owner = await signIn(t.app, 'owner@example.com');
    const id = async (email: string) => (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    maya = await id('maya@example.com');
    andre = await id('andre@example.com');
    nina = await createUser(t.db, { email: 'nina@example.com', firstName: 'Nina', lastName: 'Drums', type: 'musician' });
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'PUT', userId: string, payload?: Body, cookie = admin) =>
    t.app.inject({ method, url: `/api/users/${userId}/musician`, headers: { cookie }, ...(payload ? { payload } : {}) });
  const put = (payload: Body, userId = nina) => call('PUT', userId, payload);
  /** Saving `overrides` fails with exactly this message on this field. */
  const rejects = async (overrides: Body, path: string, message: string) => {
    const response = await put(valid(overrides));
    expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
    expect(fieldErrors(response)).toContainEqual({ path, message });
  };
  const accepts = async (overrides: Body) => {
    const response = await put(valid(overrides));
    expect(response.statusCode, `${JSON.stringify(overrides)} ${response.body}`).toBe(200);
    return response.json();
  };

  it("answers the seeded musician's profile with days off sorted", async () => {
    const response = await call('GET', maya);
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      slug: 'mayastrings',
      status: 'enabled',
      enableLessons: true,
      halfHourRate: 35,
      hourRate: 65,
      timezone: 'America/Chicago',
      exists: true,
    });
    expect(profile.schedule.monday).toEqual([
      { start: '09:00', end: '12:00' },
      { start: '14:00', end: '18:00' },
    ]);
    const dates = profile.scheduleOffs.map((off: { scheduledDate: string }) => off.scheduledDate);
    expect(dates).toHaveLength(3);
    expect([...dates].sort()).toEqual(dates);
  });

  it('answers an empty profile for a musician who has none yet', async () => {
    const other = await createUser(t.db, { email: 'fresh@example.com', firstName: 'Fresh', lastName: 'Face', type: 'musician' });
    const response = await call('GET', other);
    expect(response.json()).toMatchObject({ exists: false, slug: '', enableLessons: null, instruments: [], scheduleOffs: [] });
  });

  it('is for platform admins only, 404 for an unknown user and 400 for a user who is not a musician', async () => {
    expect((await call('GET', maya, undefined, owner)).statusCode).toBe(403);
    expect((await call('PUT', maya, valid(), owner)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${maya}/musician` })).statusCode).toBe(401);
    expect((await call('GET', 'no-such-user')).statusCode).toBe(404);
    expect((await call('PUT', 'no-such-user', valid({ slug: 'ghost' }))).statusCode).toBe(404);
    const notMusician = await call('GET', andre);
    expect(notMusician.statusCode).toBe(400);
    expect(notMusician.json().message).toBe('This user is not a musician');
    expect((await call('PUT', andre, valid({ slug: 'andre' }))).statusCode).toBe(400);
    expect(await t.db.selectFrom('musicianProfiles').select('userId').where('userId', '=', andre).executeTakeFirst()).toBeUndefined();
  });

  it('saves a full profile and answers it back', async () => {
    const saved = await accepts({ scheduleOffs: [{ scheduledDate: '2027-03-02' }, { scheduledDate: '2027-01-15' }, { scheduledDate: '2027-03-02' }] });
    expect(saved).toMatchObject({ slug: 'ninadrums', status: 'pending', instruments: ['Drums', 'Percussion'], hourRate: 60, exists: true });
    expect(saved.scheduleOffs).toEqual([{ scheduledDate: '2027-01-15' }, { scheduledDate: '2027-03-02' }]);
    expect((await call('GET', nina)).json()).toEqual(saved);
  });

  it('requires slug, bio, at least one instrument and the lessons answer', async () => {
    await rejects({ slug: '  ' }, 'slug', 'Required');
    await rejects({ summary: ' ' }, 'summary', 'Required');
    await rejects({ instruments: [] }, 'instruments', 'Choose at least one instrument');
    await rejects({ instruments: ['Kazoo'] }, 'instruments.0', 'Invalid value');
    await rejects({ enableLessons: null }, 'enableLessons', 'Required');
    await accepts({ instruments: ['Voice'] });
  });

  it('stores the bio (rich text) sanitised to the allow-list; an emptied editor is Required', async () => {
    const saved = await accepts({ summary: '<p>Session <em>drummer</em><script>alert(1)</script></p><p onclick="x()">Teacher</p>' });
    expect(saved.summary).toBe('<p>Session <em>drummer</em></p><p>Teacher</p>');
    await rejects({ summary: '<p></p>' }, 'summary', 'Required');
    expect(await t.db.selectFrom('musicianProfiles').select('summary').where('userId', '=', nina).executeTakeFirstOrThrow()).toEqual({
      summary: saved.summary,
    });
  });

  it("takes slugs of 'letters or numbers only, no spaces' up to 50, lowercased, unique among musicians", async () => {
    const format = 'Letters and numbers only, no spaces';
    await rejects({ slug: 'nina drums' }, 'slug', format);
    await rejects({ slug: 'nina-drums' }, 'slug', format);
    await rejects({ slug: 'nina_drums' }, 'slug', format);
    await rejects({ slug: 'niña' }, 'slug', format);
    await rejects({ slug: 'a'.repeat(51) }, 'slug', 'Must be 50 characters or less');
    expect((await accepts({ slug: 'a'.repeat(50) })).slug).toBe('a'.repeat(50));
    expect((await accepts({ slug: ' NinaDrums2 ' })).slug).toBe('ninadrums2');
    const before = (await call('GET', nina)).json();
    const taken = await put(valid({ slug: 'MayaStrings', summary: 'Changed bio' }));
    expect(taken.statusCode).toBe(400);
    expect(fieldErrors(taken)).toEqual([{ path: 'slug', message: 'This slug is already used by another musician' }]);
    expect((await call('GET', nina)).json()).toEqual(before);
  });

  it('asks a whole featurePosition of at least 1 only when featured, and forgets it otherwise', async () => {
    await rejects({ featured: true, featurePosition: null }, 'featurePosition', 'Required');
    await rejects({ featured: true, featurePosition: 0 }, 'featurePosition', 'Must be 1 or more');
    await rejects({ featured: true, featurePosition: 1.5 }, 'featurePosition', 'Must be a whole number');
    expect((await accepts({ featured: true, featurePosition: 1 })).featurePosition).toBe(1);
    expect(await accepts({ featured: false, featurePosition: -3 })).toMatchObject({ featured: false, featurePosition: null });
  });

  it('takes full URLs for the links and a YouTube embed src', async () => {
    for (const field of ['facebook', 'instagram', 'youtube', 'twitter', 'website']) {
      await rejects({ [field]: 'www.example.com/me' }, field, 'Must be a valid URL');
      expect((await accepts({ [field]: 'https://example.com/me' }))[field]).toBe('https://example.com/me');
    }
    const embed = 'Must be the src of a YouTube embed, like https://www.youtube.com/embed/VIDEO_ID';
    await rejects({ customembed: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, 'customembed', embed);
    await rejects({ customembed: 'https://www.youtube.com/embed/short' }, 'customembed', embed);
    await rejects({ customembed: 'http://www.youtube.com/embed/dQw4w9WgXcQ' }, 'customembed', embed);
    await rejects({ customembed: 'https://evil.example.com/embed/dQw4w9WgXcQ' }, 'customembed', embed);
    expect((await accepts({ customembed: 'https://www.youtube.com/embed/dQw4w9WgXcQ?start=30' })).customembed).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ?start=30',
    );
    const pasted = '<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>';
    expect((await accepts({ customembed: pasted })).customembed).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect((await accepts({ customembed: '' })).customembed).toBe('');
  });

  it('takes whole-dollar rates of 0 or more', async () => {
    expect(await accepts({ halfHourRate: 0, hourRate: 0 })).toMatchObject({ halfHourRate: 0, hourRate: 0 });
    await rejects({ halfHourRate: -1 }, 'halfHourRate', 'Must be 0 or more');
    await rejects({ hourRate: -1 }, 'hourRate', 'Must be 0 or more');
    await rejects({ halfHourRate: 30.5 }, 'halfHourRate', 'Must be a whole number');
    await rejects({ hourRate: 'sixty' }, 'hourRate', 'Must be a whole number');
    expect(await accepts({ halfHourRate: null, hourRate: 100000 })).toMatchObject({ halfHourRate: null, hourRate: 100000 });
    await rejects({ hourRate: 100001 }, 'hourRate', 'Must be 100000 or less');
  });

  it('needs one lesson location, and the lesson area only with the musician or student location', async () => {
    const none = { locationOnline: false, locationMusician: false, locationStudent: false };
    await rejects(none, 'locationOnline', 'Choose at least one lesson location');
    expect(await accepts({ ...none, locationOnline: true, lessonLocation: '' })).toMatchObject({ locationOnline: true, lessonLocation: '' });
    await rejects({ ...none, locationMusician: true, lessonLocation: ' ' }, 'lessonLocation', 'Required');
    await rejects({ ...none, locationStudent: true, lessonLocation: '' }, 'lessonLocation', 'Required');
    expect(await accepts({ ...none, locationStudent: true, lessonLocation: 'Travis County' })).toMatchObject({
      locationStudent: true,
      lessonLocation: 'Travis County',
    });
  });

  it("'timezone required' wherever the lessons show it, one of the IANA list", async () => {
    await rejects({ timezone: '' }, 'timezone', 'Required');
    await rejects({ timezone: 'Mars/Olympus_Mons' }, 'timezone', 'Choose a timezone from the list');
    await rejects({ timezone: 'EST5EDT-ish' }, 'timezone', 'Choose a timezone from the list');
    expect((await accepts({ timezone: 'Europe/Lisbon' })).timezone).toBe('Europe/Lisbon');
    expect((await accepts({ timezone: 'UTC' })).timezone).toBe('UTC');
  });

  it('takes time slots that start before they end and do not overlap, sorted by start', async () => {
    const day = (...slots: [string, string][]) => ({ ...noSlots, friday: slots.map(([start, end]) => ({ start, end })) });
    await rejects({ schedule: day(['10:00', '10:00']) }, 'schedule.friday.0.end', 'The start must be before the end');
    await rejects({ schedule: day(['11:00', '10:00']) }, 'schedule.friday.0.end', 'The start must be before the end');
    await rejects({ schedule: day(['24:00', '25:00']) }, 'schedule.friday.0.start', 'Must be a time (HH:mm)');
    await rejects({ schedule: day(['09:00', '']) }, 'schedule.friday.0.end', 'Must be a time (HH:mm)');
    await rejects({ schedule: day(['09:00', '10:00'], ['09:59', '11:00']) }, 'schedule.friday.1.start', 'Overlaps another time slot of the day');
    await rejects({ schedule: day(['13:00', '15:00'], ['09:00', '17:00']) }, 'schedule.friday.0.start', 'Overlaps another time slot of the day');
    const saved = await accepts({ schedule: day(['10:00', '11:00'], ['09:00', '10:00'], ['00:00', '00:01'], ['23:00', '23:59']) });
    expect(saved.schedule.friday).toEqual([
      { start: '00:00', end: '00:01' },
      { start: '09:00', end: '10:00' },
      { start: '10:00', end: '11:00' },
      { start: '23:00', end: '23:59' },
    ]);
    await rejects(
      { schedule: day(...Array.from({ length: 25 }, (_, i): [string, string] => [`${String(i % 24).padStart(2, '0')}:00`, '23:59'])) },
      'schedule.friday',
      'At most 24',
    );
    await rejects({ scheduleOffs: [{ scheduledDate: '2027-02-30' }] }, 'scheduleOffs.0.scheduledDate', 'Must be a date');
    await rejects({ scheduleOffs: [{ scheduledDate: '03/02/2027' }] }, 'scheduleOffs.0.scheduledDate', 'Must be a date');
  });

  it('ignores the lesson rules while lessons are off and keeps the stored lesson settings', async () => {
    const on = await accepts({ slug: 'ninadrums', hourRate: 70, timezone: 'America/Denver' });
    const off = await accepts({
      enableLessons: false,
      halfHourRate: -5,
      hourRate: 1.5,
      locationOnline: false,
      locationMusician: true,
      lessonLocation: '',
      timezone: 'Nowhere/Land',
      schedule: { ...noSlots, monday: [{ start: '12:00', end: '09:00' }] },
      scheduleOffs: [{ scheduledDate: 'someday' }],
    });
    expect(off.enableLessons).toBe(false);
    const { enableLessons: _a, updatedAt: _b, ...lessonsBefore } = on;
    const { enableLessons: _c, updatedAt: _d, ...lessonsAfter } = off;
    expect(lessonsAfter).toEqual(lessonsBefore);
  });

  it('ignores read-only fields (it takes back what GET answered) and refuses unknown ones', async () => {
    const saved = await accepts({ lessonAvailability: 'Mondays', status: 'disabled' });
    expect(saved.lessonAvailability).not.toBe('Mondays');
    expect(saved.status).not.toBe('disabled');
    await rejects({ notAField: 'x' }, '', 'Unknown field: notAField');
    expect((await put({ slug: 'x' })).statusCode).toBe(400);
  });

  /** Uploads a PNG the way the browser does and answers what it puts in an ...Tmp field. */
  async function uploadPng(cookie: string, name: string): Promise<string> {
    const response = await t.app.inject({ method: 'GET', url: `/api/uploads/temporary?fileName=${name}&keepOriginalName=true`, headers: { cookie } });
    const post: TemporaryPost = response.json();
    const form = new FormData();
    for (const [field, value] of Object.entries(post.fields)) form.append(field, value);
    form.append('file', new Blob([new Uint8Array(makePng(320, 180))]), 'upload');
    const encoded = new Response(form);
    const posted = await t.app.inject({
      method: 'POST',
      url: post.url,
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')!, origin: 'http://localhost:3000', host: 'localhost:3000' },
    });
    expect(posted.statusCode, posted.body).toBe(204);
    return `${post.url.replace(/\/$/, '')}/${post.path}`;
  }

  it('moves new images into place, removes image2 and image3 with null, and never takes a URL from the client', async () => {
    const saved = await accepts({
      imageTmp: await uploadPng(admin, 'main.png'),
      imageTmp2: await uploadPng(admin, 'second.png'),
      imageTmp3: await uploadPng(admin, 'third.png'),
    });
    expect(saved.image).toMatch(new RegExp(`^/files/musicians/${nina}/image/[0-9a-f]+/main\\.png$`));
    expect(saved.image2).toMatch(/\/image2\/[0-9a-f]+\/second\.png$/);
    expect(saved.image3).toMatch(/\/image3\/[0-9a-f]+\/third\.png$/);
    expect((await t.app.inject({ method: 'GET', url: saved.image })).statusCode).toBe(200);

    const kept = await accepts({ image: null, image2: 'https://evil.example.com/x.png', image3: null });
    expect(kept).toMatchObject({ image: saved.image, image2: saved.image2, image3: null });
    expect((await accepts({ image2: null })).image2).toBeNull();

    // Someone else's or an unknown upload is refused before anything is written.
    const before = (await call('GET', nina)).json();
    const other = await signIn(t.app, 'paula@example.com');
    for (const bad of [await uploadPng(other, 'theirs.png'), 'tmp/nobody/abcdef/none.png']) {
      const refused = await put(valid({ summary: 'Changed', imageTmp2: bad }));
      expect(refused.statusCode).toBe(400);
      expect(fieldErrors(refused)).toEqual([{ path: 'imageTmp2', message: 'The uploaded file was not found; please upload it again' }]);
    }
    expect((await call('GET', nina)).json()).toEqual(before);
  });

  it('keeps the legacy availability text and takes the migrate flag', async () => {
    const leo = (await t.db.selectFrom('users').select('id').where('email', '=', 'leo@example.com').executeTakeFirstOrThrow()).id;
    const before = (await call('GET', leo)).json();
    expect(before).toMatchObject({ enableLessons: false, migrateScheduling: true });
    expect(before.lessonAvailability).toMatch(/Weekday evenings/);
    const { userId: _u, status: _s, image: _i, image2: _i2, image3: _i3, lessonAvailability: _l, exists: _e, ...input } = before;
    const saved = await call('PUT', leo, { ...input, migrateScheduling: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ migrateScheduling: false, lessonAvailability: before.lessonAvailability });
  });
});
