/** Account roles, weakest first (spec console.md section 6). */
export const ACCOUNT_ROLES = ['readonly', 'user', 'admin', 'owner'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** Roles that can be given through an invitation or an edit (owner is not handed out). */
export const ASSIGNABLE_ROLES = ['readonly', 'user', 'admin'] as const;
type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
export const DEFAULT_INVITE_ROLE: AssignableRole = 'user';

export const USER_TYPES = ['admin', 'user', 'musician', 'artist-relations'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_STATUSES = ['pending', 'enabled', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ACCOUNT_STATUSES = ['enabled', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export function roleRank(role: AccountRole): number {
  return ACCOUNT_ROLES.indexOf(role);
}

export function hasRole(role: AccountRole | null | undefined, min: AccountRole): boolean {
  return !!role && roleRank(role) >= roleRank(min);
}
