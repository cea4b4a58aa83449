import pg from 'pg';

/** The PostgreSQL server benches run on, when one is named (BENCH_DATABASE_URL, else TEST_DATABASE_URL). */
export const benchPostgresServer = (): string | undefined => process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** Runs `run` with the URL of a new, empty database on `server`, dropped after. */
export async function withPostgresDatabase(server: string, prefix: string, run: (url: string) => Promise<void>): Promise<void> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  try {
    await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => console.log(`  (database ${name} left behind: still in use)`));
    await admin.end();
  }
}
