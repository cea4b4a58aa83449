import type { UserStatus, UserType } from '#shared/domain/roles';

/** A user as GET /api/users and /api/users/{id} answer it. */
export interface AdminUserRecord {
  id: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  emailVerified: boolean;
  type: UserType;
  status: UserStatus;
  avatar: string | null;
  lastLogin: string | null;
  createdAt: string;
  /** Only on the details, and null for users who are not admins. */
  videoProcessedEmails?: boolean | null;
  account?: { id: string; name: string; headerImage: string | null; lightHeader: boolean } | null;
}

export type { UserMessageRecord } from '../../records';

/** The resource's react-admin name: it is also its URL, /admin/users (see index.ts). */
export const ADMIN_USERS = 'admin/users';
