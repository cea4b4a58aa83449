import type { Db } from '../../../server/db';
import { parseJson } from '../../../server/db/rows';
import { updateAccount } from '../../../server/db/repositories/accounts';
import { accountsBySlugs } from '../../../server/db/repositories/demoSeedContent';
import type { AccountLinks } from '#shared/domain/types';

/** The links the demo accounts' capture pages show in their header and footer (counted when fans click them). */
const LINKS: Record<string, AccountLinks> = {
  midnightowls: {
    primary: 'https://midnightowls.example.com',
    header: [
      { label: 'Tour Dates', link: 'https://midnightowls.example.com/tour', type: 'external', primary: true },
      { label: 'Merch', link: 'https://shop.midnightowls.example.com', type: 'external' },
      { label: 'Listen', link: 'https://music.example.com/artist/midnight-owls', type: 'external' },
    ],
    footer: [
      { label: 'Newsletter', link: 'https://midnightowls.example.com/newsletter', type: 'external' },
      { label: 'Instagram', link: 'https://instagram.example.com/midnightowls', type: 'external' },
    ],
  },
  harborcityfc: {
    primary: 'https://harborcityfc.example.com',
    header: [
      { label: 'Tickets', link: 'https://harborcityfc.example.com/tickets', type: 'external', primary: true },
      { label: 'Fixtures', link: 'https://harborcityfc.example.com/fixtures', type: 'external' },
    ],
    footer: [{ label: 'Club Shop', link: 'https://shop.harborcityfc.example.com', type: 'external' }],
  },
};

/** Gives the demo accounts their page links, unless someone already set some. */
export async function seedAccountLinks(db: Db): Promise<void> {
  for (const [slug, links] of Object.entries(LINKS)) {
    const [account] = await accountsBySlugs(db, [slug]);
    if (!account) continue;
    const current = parseJson<Partial<AccountLinks>>(account.links, {});
    if (current.primary || current.header?.length || current.footer?.length) continue;
    await updateAccount(db, account.id, { links: JSON.stringify(links) });
  }
}
