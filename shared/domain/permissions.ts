import { hasRole, type AccountRole, type UserType } from './roles';

/**
 * Who may do what, written once (spec console.md section 6, platform-admin.md section 6).
 * The console's canAccess and the server's route guards both read this table, so the
 * menu, the buttons and the API cannot disagree.
 *
 * A rule is the weakest account role that may act, 'platformAdmin' for routes only users of
 * type admin may use, or 'signedIn' for a user's own records (whoever is signed in acts on
 * theirs, in no account). Platform admins pass every account rule.
 */
export type Rule = AccountRole | 'platformAdmin' | 'signedIn';

/** Platform Admin's users and accounts are kept alike: listed, opened, created, edited, enabled and disabled. */
const platformAdminDirectory = {
  list: 'platformAdmin',
  show: 'platformAdmin',
  create: 'platformAdmin',
  edit: 'platformAdmin',
  enable: 'platformAdmin',
  disable: 'platformAdmin',
} as const;

export const PERMISSIONS = {
  insights: { list: 'readonly' },
  // 'show' is react-admin's read of one record, so showing a hidden upload again is 'unhide'.
  uploads: {
    list: 'readonly',
    show: 'readonly',
    download: 'readonly',
    edit: 'user',
    approve: 'user',
    tag: 'user',
    /** Choosing a clip's poster among its candidates. */
    poster: 'user',
    hide: 'user',
    unhide: 'user',
    /** Hides the later uploads showing the same footage (the hide's rules, on each). */
    'hide-copies': 'user',
    delete: 'user',
    /** The dialog's Like: any member (not platform admins, refused by the service). */
    like: 'readonly',
  },
  data: { list: 'readonly', export: 'readonly', erase: 'admin' },
  /** A copy is a new page; the status actions are edits. */
  pages: {
    list: 'readonly',
    show: 'readonly',
    create: 'user',
    edit: 'user',
    enable: 'user',
    disable: 'user',
    archive: 'user',
    clone: 'user',
    'rotate-screen-token': 'user',
  },
  /** Configuration: 'user (can edit, cannot manage users)' saves it like any other edit. */
  accounts: { show: 'readonly', edit: 'user' },
  /** Managing users is what sets admins and owners apart from users. */
  'account-users': { list: 'readonly', show: 'readonly', create: 'admin', edit: 'admin', delete: 'admin' },
  /**
   * Admins change the plan (isAdmin); the billing portal (payment methods, invoices, cancelling
   * the paid subscription) stays with owners, who answer for the account's money.
   */
  subscription: { show: 'readonly', edit: 'admin', billing: 'owner' },
  /** Connecting Dropbox is part of Configuration: users may do it. */
  integrations: { show: 'readonly', edit: 'user' },
  /** The signed webhook endpoint: its secret is only for account admins. */
  webhooks: { show: 'admin', edit: 'admin' },
  'admin-users': {
    ...platformAdminDirectory,
    'verify-email': 'platformAdmin',
    'send-invite': 'platformAdmin',
    avatar: 'platformAdmin',
  },
  'admin-accounts': {
    ...platformAdminDirectory,
    plan: 'platformAdmin',
  },
  'admin-uploads': {
    list: 'platformAdmin',
    show: 'platformAdmin',
    delete: 'platformAdmin',
    edit: 'platformAdmin',
    'moderation-approve': 'platformAdmin',
    'spam-allow': 'platformAdmin',
  },
  'admin-jobs': { list: 'platformAdmin', retry: 'platformAdmin' },
  /** Acting beyond the plan's limits (the server's planLimits bypass; no upgrade prompts). */
  'plan-limits': { bypass: 'platformAdmin' },
} as const satisfies Record<string, Record<string, Rule>>;

export type PermissionResource = keyof typeof PERMISSIONS;
export type PermissionAction<R extends PermissionResource> = keyof (typeof PERMISSIONS)[R] & string;

interface Identity {
  type: UserType;
  /** The role in the current account, or null when there is none. */
  role: AccountRole | null;
}

export function isPlatformAdmin(identity: Pick<Identity, 'type'> | null | undefined): boolean {
  return identity?.type === 'admin';
}

export function satisfies(identity: Identity | null | undefined, rule: Rule): boolean {
  if (!identity) return false;
  if (rule === 'signedIn' || isPlatformAdmin(identity)) return true;
  if (rule === 'platformAdmin') return false;
  return hasRole(identity.role, rule);
}

/** One resource's row: the weakest role for each of its actions. */
type AccessRow = Readonly<Partial<Record<string, Rule>>>;

/**
 * The permission table in force: PERMISSIONS' rows and each declared resource's access row,
 * built once from the list of declarations and handed to whoever checks (the server's route
 * guard, the console's auth provider). Nothing adds to it afterwards, so what a test declares
 * lives in that test's table only.
 */
export interface PermissionTable {
  /** The weakest role for the action, or undefined when the resource or the action is unknown. */
  ruleFor(resource: string, action: string): Rule | undefined;
  /** react-admin's canAccess contract: unknown resources or actions are denied. */
  canAccess(identity: Identity | null | undefined, target: { resource: string; action: string }): boolean;
}

export function permissionTable(declared: readonly { name: string; permission?: string; access: AccessRow }[]): PermissionTable {
  const rows = new Map<string, AccessRow>(Object.entries(PERMISSIONS));
  for (const { name: resourceName, permission, access } of declared) {
    const name = permission ?? resourceName;
    // A declaration may take its row from PERMISSIONS itself (the same object); any other second row is a mistake.
    if (rows.has(name) && rows.get(name) !== access) throw new Error(`Permission resource ${name} is declared twice`);
    rows.set(name, Object.freeze({ ...access }));
  }
  const ruleFor = (resource: string, action: string): Rule | undefined => {
    const row = rows.get(resource);
    return row && Object.hasOwn(row, action) ? row[action] : undefined;
  };
  return Object.freeze({
    ruleFor,
    canAccess(identity: Identity | null | undefined, { resource, action }: { resource: string; action: string }) {
      const rule = ruleFor(resource, action);
      return rule !== undefined && satisfies(identity, rule);
    },
  });
}

/** canEdit of spec section 6: readonly members edit nothing. */
export function canEdit(identity: Identity | null | undefined): boolean {
  return satisfies(identity, 'user');
}

/** isAdmin of spec section 6: account admin or owner, or platform admin. */
export function isAccountAdmin(identity: Identity | null | undefined): boolean {
  return satisfies(identity, 'admin');
}
