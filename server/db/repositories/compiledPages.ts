import type { Compilable } from 'kysely';
import type { Db } from '..';
import { compilePlaceholders, parametersOf, placeholder, runCompiled, type Compiled } from '../compiledQuery';
import { pageBounds, pageResult, type PageBounds, type PageRequest, type PageResult } from './paginate';

/** How many query shapes a list keeps compiled per database (the least recently used go first). */
const SHAPES_KEPT = 500;

export interface ListQueries<R> {
  rows: Compilable<R>;
  count: Compilable<unknown>;
  cap: number | undefined;
}

interface Shape<R> {
  rows: Compiled<R>;
  count: Compiled<unknown>;
  /** The filters given as bound values, in the order of their placeholders (after limit, offset, cap). */
  bound: string[];
  capped: boolean;
}

/**
 * A server-side list built and compiled once per shape (its sort, its order, which filters are set,
 * and the value of each filter that decides the SQL's shape), then run with each call's values, as
 * compiledQuery does for lookups: building and compiling a list's two queries with Kysely took
 * ~150 us of a Fan Data call whose SQL took 700.
 *
 * `bound` names the filters that reach the SQL only as bound values (`where(column, '=', value)`):
 * they are built with placeholders and may differ between calls of one shape. Every other filter
 * is part of the shape, by value (a status that chooses a condition, a boolean). A bound filter's
 * emptiness is part of the shape too (`if (filters.venue)`). A placeholder that reaches the SQL
 * other than as a bound value is refused when the shape is compiled.
 */
export function compiledPages<F extends object, S extends string, R>(
  build: (db: Db, filters: F, request: PageRequest<S>, bounds: PageBounds) => ListQueries<R>,
  { bound, countCapRows }: { bound: readonly (keyof F & string)[]; countCapRows?: number },
): (db: Db, filters: F, request: PageRequest<S>) => Promise<PageResult<R>> {
  const boundNames = new Set<string>(bound);
  const shapes = new WeakMap<Db, Map<string, Shape<R>>>();
  return async (db, filters, request) => {
    const named = filters as Record<string, unknown>;
    const names = Object.keys(named).filter((name) => named[name] !== undefined).sort();
    const isBound = (name: string) => boundNames.has(name) && typeof named[name] === 'string' && named[name] !== '';
    const key = `${request.sort}\u0000${request.order}\u0000${names.map((name) => (isBound(name) ? `${name}=?` : `${name}=${JSON.stringify(named[name])}`)).join('\u0000')}`;
    let kept = shapes.get(db);
    if (!kept) shapes.set(db, (kept = new Map()));
    let shape = kept.get(key);
    if (shape) kept.delete(key);
    else shape = compileShape(db, build, named, names.filter(isBound), request, countCapRows);
    kept.set(key, shape);
    if (kept.size > SHAPES_KEPT) kept.delete(kept.keys().next().value as string);

    const { limit, offset, cap } = pageBounds(request, countCapRows);
    const values = [limit, offset, cap, ...shape.bound.map((name) => named[name])];
    const [data, [countRow]] = await Promise.all([runCompiled(db, shape.rows, parametersOf(shape.rows, values)), runCompiled(db, shape.count, parametersOf(shape.count, values))]);
    return pageResult(data, countRow, shape.capped ? cap : undefined, request);
  };
}

function compileShape<F extends object, S extends string, R>(
  db: Db,
  build: (db: Db, filters: F, request: PageRequest<S>, bounds: PageBounds) => ListQueries<R>,
  filters: Record<string, unknown>,
  bound: string[],
  request: PageRequest<S>,
  countCapRows: number | undefined,
): Shape<R> {
  const placeholders = [0, 1, 2, ...bound.map((_, index) => index + 3)].map(placeholder);
  const withPlaceholders = { ...filters, ...Object.fromEntries(bound.map((name, index) => [name, placeholders[index + 3]])) } as F;
  // Placeholders stand for numbers in LIMIT, OFFSET and the count's cap: bound values all the same.
  const bounds = { limit: placeholders[0], offset: placeholders[1], cap: placeholders[2] } as unknown as PageBounds;
  const queries = build(db, withPlaceholders, request, bounds);
  const rows = compilePlaceholders(queries.rows.compile(), placeholders);
  if (!rows.slots.includes(0) || !rows.slots.includes(1)) throw new Error('compiledPages: the rows query must take the page bounds as bound values');
  const capped = queries.cap !== undefined;
  if (capped !== (countCapRows !== undefined)) throw new Error('compiledPages: countCapRows must be the cap the list counts up to');
  return { rows, count: compilePlaceholders(queries.count.compile(), placeholders), bound, capped };
}
