import { sql } from 'kysely';
import type { Db } from '..';

/** The cheapest statement the database answers: the health check's probe. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
