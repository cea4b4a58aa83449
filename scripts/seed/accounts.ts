import type { Db } from '../../server/db';
import { nowIso } from '../../server/db/rows';
import { backdateAccount } from '../../server/db/repositories/demoSeedDates';
import { setDemoPage } from '../../server/db/repositories/demoSeedPages';
import { createAccount } from '../../server/services/accountCreate';
import { createPage } from '../../server/services/pages';
import type { Plan } from '#shared/domain/plans';

interface DemoAccount {
  name: string;
  slug: string;
  plan: Plan;
  status: 'enabled' | 'disabled';
  createdAt: string;
  pages: string[];
}

/**
 * More accounts for the Platform Accounts list: every plan, one disabled, created over the past
 * year. They have pages but no members yet (as a platform admin creates them, before the owner
 * accepts), so the demo users and their memberships stay as the README lists them.
 */
const ACCOUNTS: DemoAccount[] = [
  {
    name: 'Neon Harbor Festival',
    slug: 'neonharbor',
    plan: 'enterprise',
    status: 'enabled',
    createdAt: '2026-02-11T10:00:00.000Z',
    pages: ['Main Stage', 'Silent Disco'],
  },
  {
    name: 'Riverside Roasters',
    slug: 'riversideroasters',
    plan: 'basic',
    status: 'enabled',
    createdAt: '2026-05-03T15:30:00.000Z',
    pages: ['Latte Art Contest'],
  },
  { name: 'Granite Peak Rangers', slug: 'granitepeak', plan: 'basic', status: 'disabled', createdAt: '2025-12-19T09:15:00.000Z', pages: ['Season Opener'] },
  { name: 'Lumen Records', slug: 'lumenrecords', plan: 'pro', status: 'enabled', createdAt: '2026-08-27T18:45:00.000Z', pages: [] },
];

export async function seedAccounts(db: Db): Promise<void> {
  for (const demo of ACCOUNTS) {
    const id = await createAccount(db, { name: demo.name, slug: demo.slug, plan: demo.plan, status: demo.status });
    await backdateAccount(db, id, demo.createdAt, nowIso());
    for (const [index, name] of demo.pages.entries()) {
      const page = await createPage(db, id, name);
      await setDemoPage(db, page.id, { status: index === 0 ? 'enabled' : 'pending' });
    }
  }
}
