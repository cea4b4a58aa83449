import type { Db } from '../db';
import type { NewUser } from '../db/types';
import { newId, nowIso } from '../db/rows';
import { hashPassword } from './passwords';
import { insertUser } from '../db/repositories/users';

interface CreateUserInput {
  email: string;
  firstName: string;
  lastName: string;
  password?: string;
  type?: NewUser['type'];
  status?: 'pending' | 'enabled' | 'disabled';
  emailVerified?: boolean;
}

export async function createUser(db: Db, input: CreateUserInput): Promise<string> {
  const id = newId();
  const now = nowIso();
  await insertUser(db, {
    id,
    email: input.email.trim().toLowerCase(),
    passwordHash: input.password ? await hashPassword(input.password) : null,
    firstName: input.firstName,
    lastName: input.lastName,
    type: input.type ?? 'user',
    status: input.status ?? 'enabled',
    emailVerified: input.emailVerified ? 1 : 0,
    videoProcessedEmails: 1,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}
