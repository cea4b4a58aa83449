import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './index';

/**
 * A hot query built and compiled once per database, then run with new values: building a
 * Kysely query (and its CamelCasePlugin pass) costs more than running it on SQLite for the
 * short lookups every request makes. `build` receives placeholder values for its parameters,
 * which must reach the SQL only as bound values (in `where`, `values`, `set`), never in its
 * shape (no `if` on them, no `limit` chosen from them).
 */
export function compiledQuery<Args extends unknown[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const compiled = new WeakMap<Db, { query: CompiledQuery<Row>; slots: (number | undefined)[] }>();
  return async (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      const placeholders = args.map((_, index) => `\u0000compiled-query-parameter-${index}\u0000`) as Args;
      const query = build(db, ...placeholders).compile();
      const slots = query.parameters.map((value) => {
        const index = placeholders.indexOf(value);
        return index >= 0 ? index : undefined;
      });
      if (slots.filter((slot) => slot !== undefined).length < args.length) throw new Error('compiledQuery: every argument must be a bound parameter');
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((value, position) => (slots[position] === undefined ? value : args[slots[position]]));
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
