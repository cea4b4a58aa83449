import type { AccountRole } from '#shared/domain/roles';

/** Records the console reads outside react-admin's resources, through the data provider's own methods. */
export interface AccountMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: AccountRole;
  createdAt: string;
}

export interface UserMessageRecord {
  id: string;
  subject: string;
  body: string;
  createdAt: string;
  sentBy: { id: string; name: string } | null;
}
