import { sql, type Kysely } from 'kysely';

/**
 * Page slugs are compared lower-case from now on (like account slugs), so existing ones are
 * lower-cased. Where pages of an account differ only by case (SUMMERTOUR2026 beside
 * summertour2026), a slug already lower-case stays, so that page's address does not change;
 * otherwise the oldest page takes it. Each other page takes the first free `<slug><n>`
 * (n = 2, 3, ...), as a new page with a taken name does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One-word aliases: the app's camel-case plugin leaves them alone.
  const { rows } = await sql<{ id: string; account: string; slug: string }>`
    select id, account_id as account, slug from pages order by account_id, created_at, id`.execute(db);
  const taken = new Map<string, Set<string>>();
  const changes: { id: string; slug: string }[] = [];
  for (const row of rows) {
    const used = taken.get(row.account) ?? new Set<string>();
    taken.set(row.account, used);
    // Lower-case slugs of later pages are theirs before any renamed page takes a number.
    if (row.slug === row.slug.toLowerCase()) used.add(row.slug);
  }
  const claimed = new Map<string, Set<string>>();
  for (const row of rows) {
    const used = taken.get(row.account)!;
    const mine = claimed.get(row.account) ?? new Set<string>();
    claimed.set(row.account, mine);
    const lower = row.slug.toLowerCase();
    let slug = lower;
    if (mine.has(slug) || (slug !== row.slug && used.has(slug))) {
      const base = lower.slice(0, 44);
      for (let n = 2; ; n++) {
        slug = `${base}${n}`;
        if (!used.has(slug) && !mine.has(slug)) break;
      }
    }
    mine.add(slug);
    used.add(slug);
    if (slug !== row.slug) changes.push({ id: row.id, slug });
  }
  // Two steps, so no update meets a slug another row is about to give up.
  for (const change of changes) await sql`update pages set slug = ${`~${change.id}`} where id = ${change.id}`.execute(db);
  for (const change of changes) await sql`update pages set slug = ${change.slug} where id = ${change.id}`.execute(db);
}

export async function down(): Promise<void> {
  // The original case is not kept; lower-case slugs are valid before this migration too.
}
