import type { Deps } from '../deps';
import type { Db } from '../db';
import type { Invite, User } from '../db/types';
import { newId } from '../db/rows';
import { findAccountName } from '../db/repositories/accounts';
import { findMemberRole, insertMember, setMemberRole } from '../db/repositories/accountMembers';
import * as invites from '../db/repositories/invitations';
import { HttpError, orNotFound } from '../errors';
import { INVITE_TTL_DAYS } from '#shared/domain/constants';
import { roleRank, type AccountRole } from '#shared/domain/roles';
import { staffMails } from '../mail/staffMails';
import { hashSecret, newSecret } from './tokens';
import { findUserByEmail } from '../db/repositories/users';
import { assertMayMail } from './mailLimits';

const invalidInvitation = () => new HttpError(404, 'NotFoundError', 'app.server.invalidInvitation');

interface InvitationInput {
  accountId: string;
  email: string;
  role: AccountRole;
  invitedBy: User;
}

/** In the invitee's language when they have one, else in the inviter's (who chose whom to write to). */
async function mailInvitation({ db, mailer, config }: Deps, accountName: string, inviter: User, email: string, token: string) {
  const inviterName = `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email;
  const invitee = await findUserByEmail(db, email);
  await mailer.send(
    staffMails(invitee?.locale ?? inviter.locale).invitation(email, inviterName, accountName, `${config.baseUrl}/account-invite/${token}`, INVITE_TTL_DAYS),
  );
}

/**
 * Creates the pending invitation of an email to an account (or renews it) and mails its link.
 * Callers check the recipient's mail limit (assertMayMailInvitation) before they write anything.
 */
export async function createInvitation(deps: Deps, input: InvitationInput): Promise<Invite> {
  const { db } = deps;
  const email = input.email.trim().toLowerCase();
  const account = orNotFound(await findAccountName(db, input.accountId), 'account');
  const { token, hash } = newSecret();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_DAYS * 86400_000).toISOString();
  const invite = await db.transaction().execute(async (trx) => {
    await invites.cancelPendingInvites(trx, account.id, email, now.toISOString());
    const row = {
      id: newId(),
      accountId: account.id,
      email,
      role: input.role,
      tokenHash: hash,
      invitedBy: input.invitedBy.id,
      status: 'pending',
      expiresAt,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    await invites.insertInvite(trx, row);
    return row;
  });
  await mailInvitation(deps, account.name, input.invitedBy, email, token);
  return invite;
}

/** Invitations (and resends) to one address are limited like every mail sent on request. */
export function assertMayMailInvitation(db: Db, email: string): Promise<void> {
  return assertMayMail(db, 'invitation', email);
}

async function pendingInvite(db: Db, accountId: string, email: string): Promise<Invite> {
  const invite = await invites.findPendingInvite(db, accountId, email.trim().toLowerCase());
  if (!invite) throw new HttpError(404, 'NotFoundError', 'app.server.noPendingInvitation');
  return invite;
}

/** A new link (the old one stops working) with a fresh expiry, mailed again. */
export async function resendInvitation(deps: Deps, accountId: string, email: string, by: User): Promise<Invite> {
  const invite = await pendingInvite(deps.db, accountId, email);
  await assertMayMailInvitation(deps.db, invite.email);
  return createInvitation(deps, { accountId, email: invite.email, role: invite.role, invitedBy: by });
}

export async function cancelInvitation(db: Db, accountId: string, email: string): Promise<void> {
  const invite = await pendingInvite(db, accountId, email);
  await invites.markInviteCanceled(db, invite.id);
}

/** The live invitation behind a link, with its account. */
export async function findInvitation(db: Db, token: string) {
  const row = await invites.findLiveInviteByTokenHash(db, hashSecret(token));
  if (!row) throw invalidInvitation();
  return row;
}

export async function describeInvitation(db: Db, token: string) {
  const invite = await findInvitation(db, token);
  const user = await findUserByEmail(db, invite.email);
  return { email: invite.email, role: invite.role, account: { id: invite.accountId, name: invite.accountName }, userExists: !!user };
}

/** Membership with the invited role (keeping a higher one) and the invite marked accepted, together. */
export async function acceptInvitation(db: Db, inviteId: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const invite = await invites.findPendingInviteById(trx, inviteId);
    if (!invite) throw invalidInvitation();
    const member = await findMemberRole(trx, invite.accountId, userId);
    if (!member) {
      await insertMember(trx, invite.accountId, userId, invite.role);
    } else if (roleRank(invite.role) > roleRank(member.role)) {
      await setMemberRole(trx, invite.accountId, userId, invite.role);
    }
    await invites.markInviteAccepted(trx, invite.id);
  });
}
