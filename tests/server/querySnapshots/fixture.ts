import type { Db } from '../../../server/db';
import type { Account, MusicianProfile, Page, Upload, User } from '../../../server/db/types';
import { findAccountById } from '../../../server/db/repositories/accounts';
import { findUserByEmail } from '../../../server/db/repositories/users';
import { findPageById, pageLookup } from '../../../server/db/repositories/pages';
import { insertUpload } from '../../../server/db/repositories/uploadRows';
import { insertSubmission } from '../../../server/db/repositories/submissions';
import { insertRecord } from '../../../server/db/repositories/declared';
import { userMessages } from '#shared/resources/user-messages';
import { seedDemo } from '../../../scripts/demoSeed';
import { demoAccounts } from '../helpers';

/**
 * The rows the sample calls of tests/server/querySnapshots.test.ts name: the demo seed, plus one
 * upload with its fan's submission and one user message. The ids are random (never written to
 * the snapshots); the sample times are fixed.
 */
export interface Fixture {
  /** The demo's band (The Midnight Owls) and team (Harbor City FC). */
  band: string;
  team: string;
  /** Demo users: the band's owner, a member of the band only, a platform admin. */
  owner: string;
  user: string;
  admin: string;
  /** The band's first page by name. */
  page: string;
  upload: string;
  submission: string;
  userMessage: string;
  accountRow: Account;
  userRow: User;
  pageRow: Page;
  uploadRow: Upload;
  musician: MusicianProfile;
  /** An id no row has: the writes that would change the fixture's rows aim at it (same SQL, nothing changed). */
  missing: string;
}

export const NOW = '2026-01-02T03:04:05.000Z';
export const LATER = '2026-01-03T03:04:05.000Z';

export async function buildFixture(db: Db): Promise<Fixture> {
  await seedDemo(db);
  const { band, team } = await demoAccounts(db);
  const userByEmail = async (email: string) => {
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error(`the demo seed has no ${email}`);
    return user;
  };
  const ownerRow = await userByEmail('owner@example.com');
  const user = await userByEmail('user@example.com');
  const admin = await userByEmail('admin@example.com');
  const [firstPage] = await pageLookup(db, band);
  const pageRow = await findPageById(db, firstPage.id, { required: true });
  const uploadRow: Upload = {
    id: 'snapshot-upload',
    accountId: band,
    pageId: pageRow.id,
    type: 'video',
    status: 'active',
    encodingStatus: 'processed',
    original: 'uploads/snapshot.mov',
    mp4: 'uploads/snapshot.mp4',
    mp4Proxy: 0,
    rightsStatus: 'none',
    webm: null,
    thumbnail: null,
    customThumbnail: null,
    posterCandidates: null,
    approvedAt: null,
    approvedAutomatically: 0,
    isHidden: 0,
    isAllowed: 1,
    viewCount: 0,
    likeCount: 0,
    shareToken: 'snapshot-share',
    tags: '[]',
    moderationStatus: 'processed',
    moderationLabels: '[]',
    encodingError: null,
    image: null,
    duration: 12,
    venueCity: null,
    song: null,
    artist: null,
    createdAt: NOW,
    updatedAt: NOW,
  };
  await insertUpload(db, uploadRow);
  await insertSubmission(db, {
    id: 'snapshot-submission',
    accountId: band,
    pageId: pageRow.id,
    uploadId: uploadRow.id,
    firstName: 'Fan',
    lastName: 'Example',
    email: 'fan@example.com',
    dob: null,
    country: 'FR',
    city: null,
    state: null,
    zip: null,
    phone: null,
    instagram: null,
    tiktok: null,
    venueCity: 'Paris',
    song: null,
    artist: null,
    marketingConsent: 1,
    termsAccepted: '[]',
    createdAt: NOW,
  });
  const userMessage = await insertRecord(db, userMessages, user.id, { subject: 'Hello', body: '<p>Hello</p>' });
  const musician = await db.selectFrom('musicianProfiles').selectAll().orderBy('slug').limit(1).executeTakeFirstOrThrow();
  return {
    band,
    team,
    owner: ownerRow.id,
    user: user.id,
    admin: admin.id,
    page: pageRow.id,
    upload: uploadRow.id,
    submission: 'snapshot-submission',
    userMessage,
    accountRow: await findAccountById(db, band, { required: true }),
    userRow: ownerRow,
    pageRow,
    uploadRow,
    musician,
    missing: 'snapshot-missing',
  };
}
