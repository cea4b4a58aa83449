import { randomBytes } from 'node:crypto';

/** Opaque ids: 16 random bytes in base64url (22 characters). */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** A row's createdAt (`now`) and expiresAt (`ms` later), as ISO strings. */
export function lifespan(ms: number, now = new Date()): { createdAt: string; expiresAt: string } {
  return { createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + ms).toISOString() };
}

/** `{ required: true }`: the row must exist, and a missing one throws Kysely's NoResultError. */
export type Lookup = { required?: boolean };

/** A looked-up row: always there when the lookup was `{ required: true }`, else maybe undefined. */
export type Found<Row, Options extends Lookup> = Options extends { required: true } ? Row : Row | undefined;

/** Runs a select of at most one row as a lookup: the row or undefined, or with `{ required: true }` the row or NoResultError. */
export function takeOne<Row, Options extends Lookup>(
  query: { executeTakeFirst(): Promise<Row | undefined>; executeTakeFirstOrThrow(): Promise<Row> },
  options?: Options,
): Promise<Found<Row, Options>> {
  return (options?.required ? query.executeTakeFirstOrThrow() : query.executeTakeFirst()) as Promise<Found<Row, Options>>;
}

export function toBool(value: number | null | undefined): boolean {
  return value === 1;
}

export function fromBool(value: boolean | undefined | null): number {
  return value ? 1 : 0;
}

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Freezes a value and everything it holds: for answers shared by many requests (a caller changing one would change them all). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** A unique-constraint violation, told by its driver code (never by its text). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
