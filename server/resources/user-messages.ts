import { staffMails } from '../mail/staffMails';
import { requiredRichText, sanitizeRichText } from '../http/richText';
import { assertMayMail } from '../services/mailLimits';
import { findUser } from './admin-users';
import { routeLimits } from '../routes/limits';
import { defineBehaviour } from './behaviour';

const fullName = (user: { firstName?: unknown; lastName?: unknown }) => `${String(user.firstName ?? '')} ${String(user.lastName ?? '')}`.trim();

/** A message is mailed before it is kept: only messages that went out are in the history. */
export const userMessagesBehaviour = defineBehaviour({
  async beforeCreate({ deps: { db, mailer }, actor, parentId }, values) {
    const user = await findUser(db, parentId);
    const subject = String(values.subject);
    const body = requiredRichText('body', String(values.body));
    await assertMayMail(db, 'message', user.email);
    await mailer.send(staffMails(user.locale).userMessage(user.email, fullName(user), subject, body, fullName(actor)));
    return { subject, body, sentBy: actor.id };
  },
  read(record) {
    const sender = record.sentBy as { id: string; firstName: string | null; lastName: string | null } | null;
    return { ...record, body: sanitizeRichText(String(record.body)), sentBy: sender && { id: sender.id, name: fullName(sender) } };
  },
  routes: {
    list: { summary: 'Messages platform admins sent to the user, newest first (paged)' },
    create: {
      summary: 'Mail a message (subject up to 150, text up to 5000 characters) to the user and keep it in their history',
      rateLimit: routeLimits.sendsMail,
    },
  },
});
