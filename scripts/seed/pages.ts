import type { Db } from '../../server/db';
import { nowIso } from '../../server/db/rows';
import { setDemoPage } from '../../server/db/repositories/demoSeedPages';
import { createPage } from '../../server/services/pages';

interface DemoPage {
  name: string;
  status: 'enabled' | 'pending' | 'disabled' | 'archived';
  title: string;
  settings?: Record<string, number | string>;
}

const OWLS: DemoPage[] = [
  {
    name: 'Summer Tour 2026',
    status: 'enabled',
    title: 'Share your best moment from the show!',
    settings: {
      captureVenueCity: 1,
      venueCities: 'Austin, TX\nDenver, CO\nPortland, OR\nChicago, IL\nNashville, TN',
      captureSongList: 1,
      songList: 'Night Flight\nHollow Moon\nFeathers\nCity Lights\nLast Call',
      captureCountry: 1,
      captureCityState: 1,
      captureInstagram: 1,
      captureMarketingConsent: 1,
      requireApproval: 1,
    },
  },
  {
    name: 'Acoustic Sessions',
    status: 'pending',
    title: 'Send us your cover of an Owls song',
    settings: { captureSongList: 1, songList: 'Feathers\nHollow Moon', captureTiktok: 1 },
  },
  { name: 'Spring Tour 2026', status: 'disabled', title: 'Relive the spring tour', settings: { captureVenueCity: 1, venueCities: 'Seattle, WA\nBoise, ID' } },
  {
    name: 'Album Launch Party',
    status: 'archived',
    title: 'Were you at the launch? Show us!',
    settings: { captureDob: 1, captureArtist: 1, artistList: 'The Midnight Owls\nPaper Lanterns\nGlass Harbor' },
  },
];

const HARBOR: DemoPage[] = [
  { name: 'Match Day Moments', status: 'enabled', title: 'Share your goal celebration!', settings: { capturePhone: 1, captureCountry: 1, captureZip: 1 } },
  { name: 'Cup Final', status: 'pending', title: 'Cup final memories' },
];

/** Pages in every status with realistic capture settings for the two demo accounts. */
export async function seedPages(db: Db, accounts: { band: string; team: string }): Promise<void> {
  for (const [accountId, pages] of [
    [accounts.band, OWLS],
    [accounts.team, HARBOR],
  ] as const) {
    for (const demo of pages) {
      const page = await createPage(db, accountId, demo.name);
      await setDemoPage(db, page.id, { ...demo.settings, title: demo.title, status: demo.status, updatedAt: nowIso() });
    }
  }
}
