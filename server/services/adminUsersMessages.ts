import type { Db } from '../db';
import { userMessageRows } from '../db/repositories/users';
import type { Deps } from '../deps';
import type { User } from '../db/types';
import { newId, nowIso } from '../db/rows';
import type { UserMessageInput } from '#shared/domain/schemas/adminUsers';
import { staffMails } from '../mail/staffMails';
import { assertMayMail } from './mailLimits';
import { requiredRichText, sanitizeRichText } from '../http/richText';

const fullName = (user: Pick<User, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

/** A user's messages, newest first, with who sent each (null when that admin is gone). */
export async function listUserMessages(db: Db, userId: string, paging: { page: number; limit: number }) {
  const { data, total } = await userMessageRows(db, userId, paging);
  return {
    data: data.map(({ senderId, senderFirstName, senderLastName, ...message }) => ({
      ...message,
      body: sanitizeRichText(message.body),
      sentBy: senderId ? { id: senderId, name: fullName({ firstName: senderFirstName ?? '', lastName: senderLastName ?? '' }) } : null,
    })),
    total,
  };
}

/** Mails the message to the user, then keeps it in their history (only messages that went out are kept). */
export async function sendUserMessage({ db, mailer }: Deps, user: User, sender: User, input: UserMessageInput) {
  const body = requiredRichText('body', input.body);
  await assertMayMail(db, 'message', user.email);
  await mailer.send(staffMails(user.locale).userMessage(user.email, fullName(user), input.subject, body, fullName(sender)));
  const message = { id: newId(), userId: user.id, sentBy: sender.id, subject: input.subject, body, createdAt: nowIso() };
  await db.insertInto('userMessages').values(message).execute();
  return { id: message.id, subject: message.subject, body: message.body, createdAt: message.createdAt, sentBy: { id: sender.id, name: fullName(sender) } };
}
