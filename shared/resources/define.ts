import { z } from 'zod';
import type { Rule } from '../domain/permissions';
import { listQuery, searchText } from '../domain/schemas/common';
import { MAX_PAGE_SIZE } from '../domain/constants';
import { takingBackOutput } from '../domain/schemas/ownOutput';
import { fieldKind } from './fields';

/** The five actions a declared resource may have (all, unless it names fewer), each with the weakest role that may take it. */
const RESOURCE_ACTIONS = ['list', 'show', 'create', 'edit', 'delete'] as const;
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number];

/** Read-only fields a record carries beside its declared ones (all three unless it names fewer). */
export const RECORD_FIELDS = ['id', 'createdAt', 'updatedAt'] as const;
type RecordField = (typeof RECORD_FIELDS)[number];

/**
 * The row every record of the resource belongs to, whose id is the path's `:id`: the account by
 * default; another table for a resource under it (a user's messages under /api/users/:id/messages).
 */
interface ResourceParent {
  /** The parent's table (camelCase, as Kysely names it); none for a platform resource of its own (every user). */
  table?: string;
  /** Our column holding the parent's id (camelCase); none for a platform resource of its own. */
  column?: string;
  /** The list's path below /api, `:id` standing for the parent ('users/:id/messages'). */
  path: string;
  /** What the 404 names when `:id` is no such parent (server messages' notFound key). */
  missing: string;
}

/**
 * Another table's row embedded in the record where the screen needs it (who sent a message): the
 * record's key holds `{ id, ...fields }` of the row its column names, or null when there is none.
 * A reference to another declared resource of the account (a setlist's venue) whose column is
 * one of the fields is chosen in the form: the console offers that resource's records
 * (ReferenceInput) and links to the one chosen (ReferenceField); the server takes only a record
 * of the same account.
 */
interface ResourceReference {
  /** The other table (default: the referenced resource's). */
  table?: string;
  /** The declared resource the column points to, when it is one (an account resource). */
  resource?: AnyResource;
  /** Our column holding the other row's id (camelCase). */
  column: string;
  /** The other row's columns read into the embedded object beside its id. */
  fields: readonly string[];
  /** The embedded object as the API answers it (default, for a declared resource: its id and those fields' schemas). */
  answer?: z.ZodType;
}

/**
 * A resource as one declaration, shared by the server (routes, repository, guards,
 * OpenAPI) and the console (views, menu, canAccess). Field names are camelCase; the table's
 * columns are their snake_case (Kysely's CamelCasePlugin), made by the resource's migration.
 */
interface ResourceDeclaration<F extends z.ZodRawShape = z.ZodRawShape, S extends string = string> {
  /** react-admin's resource name, also its permission resource and its path segment. */
  name: string;
  /** The table (snake_case). */
  table: string;
  /**
   * Who acts on it: 'account' members by their role in the account the path names (rows carry
   * account_id; routes under /api/accounts/:id/<name>), 'platform' admins only (every rule
   * 'platformAdmin'), whatever account the parent is in, or the signed-in 'user' on their own
   * rows (rows carry user_id; routes under /api/users/me/<name>; every rule 'signedIn'), in no
   * account: another user's record is not there (404).
   */
  scope: 'account' | 'platform' | 'user';
  /** The parent row of another table (default: the account; a platform resource names one, or its own `path`). */
  parent?: ResourceParent;
  /**
   * The list's path below /api of a platform resource under no row (every user: 'users'), its
   * records reached by `recordPath` ('users/:id'); or of a user's own records when it is not
   * users/me/<name> (the accounts one may switch to: 'users/me/accounts').
   */
  path?: string;
  /**
   * The permission row's name when the resource's name is a console path that keeps the spec's
   * URL ('admin/users' is the row 'admin-users'); default: the name.
   */
  permission?: string;
  /**
   * The column that identifies a record (default 'id'): a membership is known by its user's id.
   * The API answers it as the record's id.
   */
  key?: string;
  /** The record's path parameter (default: the singular of the name, 'venueId'; a membership's is 'userId'). */
  param?: string;
  /**
   * A record reached by its own id rather than under its parent (the spec's /api/pages/:id): the
   * path below /api, `:id` standing for the record. Its show, edit, delete and record actions live
   * there; the guard finds the account through the record, and another account's id answers 404.
   */
  recordPath?: string;
  /**
   * The record as the API answers it, when the spec gives its exact shape (a page's booleans and
   * addresses, never null): list items, reads and writes answer it. Default: the declared fields
   * (each nullable), the record fields, the references and the derived fields.
   */
  answer?: z.ZodObject;
  /** Rows of other tables embedded in each record, by the record's key. */
  references?: Readonly<Record<string, ResourceReference>>;
  /** The record fields it has (default: all three; a log that is never edited has no updatedAt). */
  recordFields?: readonly RecordField[];
  /** The list's page size: its default and the most one page may ask (default: the tables' own). */
  pageSize?: { default: number; max: number };
  /** What the API and the form accept: one zod schema per field, limits included. */
  fields: F;
  /**
   * Fields the API answers but neither create nor edit accepts: written by the table's default
   * and by record actions only (a setlist's status, changed by 'publish').
   */
  readOnly?: readonly (keyof F & string)[];
  /** Sort names the list accepts: declared fields or record fields, each the lead of an index the migration makes. */
  sorts: readonly [S, ...S[]];
  /** Text sorts ordered without regard to case (a page's name), each the lead of a lower(column) index. */
  caseless?: readonly (keyof F & string)[];
  /** One of the sorts or extra sorts. */
  defaultSort: S | (string & {});
  /**
   * Fields the list filters by equality (`?city=Austin`), each index-backed. A joined list field
   * filters by one of its values (`?tags=encore`: the records holding that tag).
   */
  filters?: readonly (keyof F & string)[];
  /**
   * List fields whose values are also rows of a join table, one per record and value (an
   * upload's tags, many uploads to many tags): the record's column keeps the list as given, the
   * join table is written in the same transaction and indexed by value, so the list filters by a
   * value through that index rather than by reading every record's list.
   */
  joined?: Readonly<Partial<Record<keyof F & string, JoinedList>>>;
  /** Fields the list's `q` searches (case-insensitive contains). */
  search?: readonly (keyof F & string)[];
  /**
   * The actions it has (default: all five). A log the server writes (webhook deliveries) is
   * ['list', 'show']: no create, edit or delete routes and no such views.
   */
  actions?: readonly ResourceAction[];
  /** Actions on a record beyond the five, by name (each needs its rule in `access`). */
  recordActions?: Readonly<Record<string, RecordAction>>;
  /** Read-only fields derived from the others on every read, by name. */
  derived?: Readonly<Record<string, DerivedField>>;
  /** A PERMISSIONS row: the weakest role for each of its actions and record actions. */
  access: Partial<Record<ResourceAction, Rule>> & Readonly<Record<string, Rule>>;
  /**
   * Rules of its access row for routes it does not generate: ones it keeps by hand beside the
   * declared ones (Fan Data's CSV export and a fan's erasure: `['export', 'erase']`, guarded
   * through `accessTo(<name>)`), or another declaration's on the same records that its screens use
   * (Platform Accounts' show and edit are the account's own configuration's). Naming them is what
   * lets the row, one PERMISSIONS row for the console and the server alike, hold their rules,
   * since any other rule for an action the resource lacks is refused as a mistake.
   */
  routeRules?: readonly string[];
  /**
   * Whether the console gives it default views at /<name> (default: yes, unless it lives under
   * another row). False when a screen of the console's own shows it (the account's users); the
   * views it has, when fewer than its actions (pages are created from a dialog on their list), or
   * a view whose reads and writes another declaration of the same records serves (Platform
   * Accounts' edit screen saves through the account's own configuration).
   */
  views?: boolean | readonly ('list' | 'show' | 'create' | 'edit')[];
  /** Sorts a replaced list makes of several columns (a member's name), beside the declared ones. */
  extraSorts?: readonly string[];
  /** Where the console lists it (to users who may list it): the header, a user menu group, or no menu. */
  menu: 'main' | 'accountSettings' | 'platformAdmin' | 'none';
  /** The field that names a record in the console (its page title, a reference's text); default: the first field. */
  title?: string;
  /** Its place within the menu (lower first; resources without one follow). */
  menuOrder?: number;
  /** The menu's label (a translation key) when it is not the name's plural ('Your Pages'). */
  menuLabel?: string;
  /**
   * Column values every row of the resource has, in columns that are not fields (an invitation's
   * status 'pending'): the resource's rows are those only, and a row it creates gets them. Each
   * column follows account_id in the index of every sort.
   */
  only?: Readonly<Record<string, string | number>>;
  /** A time field past which a row is gone (an invitation's expiry): lists and reads skip it then. */
  liveUntil?: keyof F & string;
  /** Columns the default list shows (default: the first four fields); the record's times may be among them. */
  listFields?: readonly ((keyof F & string) | RecordField)[];
}

/** The join table of a list field: its table, the column naming the record and the one holding a value (camelCase). */
interface JoinedList {
  table: string;
  key: string;
  value: string;
}

/**
 * An action on a record beyond the five (publish, archive): a POST route on the record
 * (<path>/:<record>Id/<action>), its rule in the resource's `access`, a data provider call
 * (`action`) and a button that hides itself from roles that may not take it.
 */
interface RecordAction {
  /** The fields it sets (a server hook may refuse the action, or write more). */
  set?: Readonly<Record<string, string | number | boolean | null>>;
  /** PUT when it replaces a part of the record with its body (an account's plan); POST by default. */
  method?: 'POST' | 'PUT';
  /** The route's last segment when the spec names it apart from the action and its rule (hiding an upload is POST .../hidden); default: the action's name. */
  path?: string;
  /** Also on many records at once: POST <path>/<action> with { ids }, all written or none. */
  bulk?: boolean;
}

/** Where the product is served: a derived field may make an address of it. */
interface Site {
  baseUrl: string;
}

/** A read-only field made from the record's others (and its references) each time it is read. */
interface DerivedField {
  /** The value as the API answers it. */
  schema: z.ZodType;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a record of the declaration's own fields and references
  from: (record: any, site: Site) => unknown;
}

/** The declaration as written, checked: sorts, filters and search name fields of the resource. */
export function defineResource<const F extends z.ZodRawShape, const S extends (keyof F & string) | RecordField>(
  declaration: ResourceDeclaration<F, S>,
): ResourceDeclaration<F, S> {
  const actions: readonly string[] = [...actionsOf(declaration), ...Object.keys(declaration.recordActions ?? {}), ...(declaration.routeRules ?? [])];
  const ruled = Object.keys(declaration.access);
  if (actions.some((action) => !ruled.includes(action)) || ruled.some((action) => !actions.includes(action))) {
    throw new Error(`Resource ${declaration.name}: access must give a rule for each of its actions and route rules (${actions.join(', ')}), and for no other`);
  }
  const clash = Object.keys(declaration.recordActions ?? {}).find(
    (action) => (RESOURCE_ACTIONS as readonly string[]).includes(action) || !/^[a-z][a-z-]*$/.test(action),
  );
  if (clash) throw new Error(`Resource ${declaration.name}: a record action is named in lower case and is none of the five (${clash})`);
  // A route rule is no generated route's: one of its actions or record actions would be both.
  const taken = (declaration.routeRules ?? []).find(
    (rule) => actionsOf(declaration).includes(rule as ResourceAction) || Object.hasOwn(declaration.recordActions ?? {}, rule),
  );
  if (taken) throw new Error(`Resource ${declaration.name}: a route rule names a hand-made route, not one of its actions or record actions (${taken})`);
  if (![...declaration.sorts, ...(declaration.extraSorts ?? [])].includes(declaration.defaultSort))
    throw new Error(`Resource ${declaration.name}: defaultSort must be one of its sorts`);
  if (declaration.scope === 'platform' && !declaration.parent && !(declaration.path && declaration.recordPath)) {
    throw new Error(`Resource ${declaration.name}: a platform resource names its parent, or its own path and recordPath`);
  }
  if (declaration.path && (declaration.scope === 'account' || declaration.parent))
    throw new Error(`Resource ${declaration.name}: only a platform resource under no row, or a user's own, has a path of its own`);
  if (declaration.scope === 'user') {
    if (declaration.parent || declaration.recordPath)
      throw new Error(`Resource ${declaration.name}: a user's own records live under the user (users/me/...), not another row`);
    if (Object.values(declaration.access).some((rule) => rule !== 'signedIn'))
      throw new Error(`Resource ${declaration.name}: a user's own records are for whoever is signed in (every rule 'signedIn')`);
  }
  if (declaration.scope !== 'user' && Object.values(declaration.access).includes('signedIn'))
    throw new Error(`Resource ${declaration.name}: 'signedIn' is the rule of a user's own records only`);
  if (declaration.scope === 'platform' && Object.values(declaration.access).some((rule) => rule !== 'platformAdmin')) {
    throw new Error(`Resource ${declaration.name}: a platform resource is for platform admins only (every rule 'platformAdmin')`);
  }
  for (const [key, reference] of Object.entries(declaration.references ?? {})) {
    if (!reference.answer && !reference.resource) throw new Error(`Resource ${declaration.name}: reference ${key} of a table gives its answer`);
    if (!reference.table && !reference.resource) throw new Error(`Resource ${declaration.name}: reference ${key} names its table or its resource`);
    if (reference.resource && reference.resource.scope !== 'account')
      throw new Error(`Resource ${declaration.name}: reference ${key} must point to an account resource`);
  }
  for (const field of Object.keys(declaration.joined ?? {})) {
    if (fieldKind((declaration.fields as z.ZodRawShape)[field] as z.ZodType).kind !== 'list')
      throw new Error(`Resource ${declaration.name}: joined field ${field} must be a list of texts`);
  }
  if (declaration.liveUntil && fieldKind((declaration.fields as z.ZodRawShape)[declaration.liveUntil] as z.ZodType).kind !== 'datetime') {
    throw new Error(`Resource ${declaration.name}: liveUntil must name a time field (z.iso.datetime())`);
  }
  return Object.freeze(declaration);
}

/** The field that names a record in the console: the declared title, or the first field. */
export const titleFieldOf = (resource: Pick<AnyResource, 'title' | 'fields'>): string => resource.title ?? Object.keys(resource.fields)[0];

/** The embedded object a reference answers: the declared one, or its resource's id and fields. */
const referenceAnswerOf = (reference: ResourceReference): z.ZodType =>
  reference.answer ??
  z.object({ id: z.string(), ...Object.fromEntries(reference.fields.map((field) => [field, (reference.resource!.fields[field] as z.ZodType).nullable()])) });

/** The table a reference reads: its own, or its resource's. */
export const referenceTable = (reference: ResourceReference): string => reference.table ?? reference.resource!.table;

/** The references the form writes: to a declared resource, through a column that is one of the fields (field -> resource). */
export const chosenReferences = (resource: AnyResource): { field: string; to: AnyResource }[] =>
  Object.values((resource.references ?? {}) as Record<string, ResourceReference>)
    .filter((reference) => reference.resource && Object.hasOwn(resource.fields, reference.column))
    .map((reference) => ({ field: reference.column, to: reference.resource! }));

/** The account as parent: its records listed at /api/accounts/:id/<segment> (the resource's name, unless the spec says otherwise). */
export const accountParent = (segment: string) => ({ table: 'accounts', column: 'accountId', path: `accounts/:id/${segment}`, missing: 'account' });

/**
 * The parent whose id is the path's :id: the declared one, the signed-in user for a user's own
 * records (the path says me), none for a platform resource of its own path, or the account.
 */
export const parentOf = (resource: AnyResource): ResourceParent =>
  resource.parent ??
  (resource.scope === 'user'
    ? { table: 'users', column: 'userId', path: resource.path ?? `users/me/${resource.name}`, missing: 'user' }
    : resource.path !== undefined
      ? { path: resource.path, missing: 'record' }
      : accountParent(resource.name));

/** The permission row a resource's routes and buttons are checked against. */
export const permissionOf = (resource: Pick<AnyResource, 'name' | 'permission'>): string => resource.permission ?? resource.name;

export const recordFieldsOf = (resource: Pick<AnyResource, 'recordFields'>): readonly RecordField[] => resource.recordFields ?? RECORD_FIELDS;

/** The actions a resource has: the declared ones, or all five. */
export const actionsOf = (resource: Pick<ResourceDeclaration, 'actions'>): readonly ResourceAction[] => resource.actions ?? RESOURCE_ACTIONS;

// Declarations of any field shape in one list.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list holds resources of different fields
export type AnyResource = ResourceDeclaration<any, string>;

/** The path parameter of one record: the declared one, or 'venues' -> 'venueId', 'webhook-deliveries' -> 'webhookDeliveryId'. */
export function recordParam(resource: Pick<AnyResource, 'name' | 'param'>): string {
  if (resource.param) return resource.param;
  const camel = resource.name.replace(/[-/](\w)/g, (_, c: string) => c.toUpperCase());
  return `${camel.replace(/ies$/, 'y').replace(/s$/, '')}Id`;
}

/** Translation keys, react-admin's own: resources.<name>.name ('Venue |||| Venues') and resources.<name>.fields.<field>. */
export const labelKey = (resource: Pick<AnyResource, 'name'>) => `resources.${resource.name}.name`;
/** The menu's label: the plural of the name (src/i18n/en.ts derives it unless the strings give one). */
export const menuLabelKey = (resource: Pick<AnyResource, 'name'>) => `resources.${resource.name}.menu`;
export const fieldLabelKey = (resource: Pick<AnyResource, 'name'>, field: string) => `resources.${resource.name}.fields.${field}`;

/** The fields a create or an edit takes: the declared ones but the read-only ones. */
export const writableFieldsOf = (resource: AnyResource): z.ZodRawShape =>
  Object.fromEntries(Object.entries(resource.fields as z.ZodRawShape).filter(([key]) => !resource.readOnly?.includes(key)));

/** The body of a create: exactly the writable fields. */
export const createSchemaOf = (resource: AnyResource) => z.object(writableFieldsOf(resource)).strict();

/** The body of an update: also takes back what the GET answered (read-only fields ignored). */
export const updateSchemaOf = (resource: AnyResource) =>
  takingBackOutput(createSchemaOf(resource), [
    ...RECORD_FIELDS,
    ...(resource.readOnly ?? []),
    ...Object.keys(resource.references ?? {}),
    ...Object.keys(resource.derived ?? {}),
  ]);

/** One record as the API answers it: the declared answer, or its record fields, its fields (null when empty) and its embedded references. */
export function recordSchemaOf(resource: AnyResource): z.ZodObject {
  if (resource.answer) return resource.answer;
  const fields = Object.fromEntries(Object.entries(resource.fields).map(([key, schema]) => [key, (schema as z.ZodType).nullable()]));
  const times = Object.fromEntries(
    recordFieldsOf(resource)
      .filter((key) => key !== 'id')
      .map((key) => [key, z.string()]),
  );
  const references = Object.fromEntries(Object.entries(resource.references ?? {}).map(([key, reference]) => [key, referenceAnswerOf(reference).nullable()]));
  const derived = Object.fromEntries(Object.entries(resource.derived ?? {}).map(([key, field]) => [key, field.schema]));
  return z.object({ id: z.string(), ...fields, ...times, ...references, ...derived });
}

/** The record with its derived fields made (the server does it on every read). */
export function withDerived<R extends Record<string, unknown>>(resource: AnyResource, record: R, site: Site): R {
  if (!resource.derived) return record;
  const derived = Object.fromEntries(Object.entries(resource.derived).map(([key, field]) => [key, field.from(record, site)]));
  return { ...record, ...derived };
}

/** The body of a bulk action: the records' ids. */
export const bulkActionSchema = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(MAX_PAGE_SIZE) }).strict();

export const listSchemaOf = (resource: AnyResource) => z.object({ data: z.array(recordSchemaOf(resource)), total: z.number().int() });

/** A filter's value as a query string carries it: numbers and booleans arrive as text, a list is filtered by one of its texts. */
function queryValue(schema: z.ZodType): z.ZodType {
  const { kind } = fieldKind(schema);
  if (kind === 'list') return searchText();
  if (kind === 'number') return z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), schema);
  if (kind === 'boolean') return z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), schema);
  return schema;
}

/** The list's query: paging, the declared sorts, `q` when it searches, one optional filter per declared filter. */
export function listQueryOf(resource: AnyResource) {
  const filters = Object.fromEntries((resource.filters ?? []).map((field) => [field, queryValue(resource.fields[field] as z.ZodType).optional()]));
  return listQuery([...resource.sorts, ...(resource.extraSorts ?? [])] as [string, ...string[]], resource.defaultSort, resource.pageSize)
    .extend({ ...(resource.search?.length ? { q: searchText() } : {}), ...filters })
    .strict();
}
