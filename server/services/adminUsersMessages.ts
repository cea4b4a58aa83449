import type { Db } from '../db';
import type { Deps } from '../deps';
import type { User } from '../db/types';
import { newId, nowIso } from '../db/rows';
import type { UserMessageInput } from '../../src/domain/schemas/adminUsers';
import { mailTemplates } from './mailTemplates';
import { assertMayMail } from './mailLimits';

const fullName = (user: Pick<User, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

/** A user's messages, newest first, with who sent each (null when that admin is gone). */
export async function listUserMessages(db: Db, userId: string, { page, limit }: { page: number; limit: number }) {
  const base = db.selectFrom('userMessages').where('userMessages.userId', '=', userId);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as sender', 'sender.id', 'userMessages.sentBy')
      .select([
        'userMessages.id',
        'userMessages.subject',
        'userMessages.body',
        'userMessages.createdAt',
        'sender.id as senderId',
        'sender.firstName as senderFirstName',
        'sender.lastName as senderLastName',
      ])
      .orderBy('userMessages.createdAt', 'desc')
      .orderBy('userMessages.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map(({ senderId, senderFirstName, senderLastName, ...message }) => ({
      ...message,
      sentBy: senderId ? { id: senderId, name: fullName({ firstName: senderFirstName ?? '', lastName: senderLastName ?? '' }) } : null,
    })),
    total: Number(count.n),
  };
}

/** Mails the message to the user, then keeps it in their history (only messages that went out are kept). */
export async function sendUserMessage({ db, mailer }: Deps, user: User, sender: User, input: UserMessageInput) {
  await assertMayMail(db, 'message', user.email);
  await mailer.send(mailTemplates.userMessage(user.email, fullName(user), input.subject, input.body, fullName(sender)));
  const message = { id: newId(), userId: user.id, sentBy: sender.id, subject: input.subject, body: input.body, createdAt: nowIso() };
  await db.insertInto('userMessages').values(message).execute();
  return { id: message.id, subject: message.subject, body: message.body, createdAt: message.createdAt, sentBy: { id: sender.id, name: fullName(sender) } };
}
