import type { MailMessage } from '../adapters/mail';
import { escapeHtml } from '../http/html';
import { richTextToPlain } from '../http/richText';
import { fanTextFor } from '../http/fanText';
import { DEFAULT_FAN_LOCALE, isFanLocale } from '@shared/i18n/fan/locales';

const PRODUCT = 'Fan Content Console';

/** One shape for every mail: greeting, a paragraph, the link on its own line, when it expires. */
function linkMail(to: string, subject: string, name: string, intro: string, link: string, expiry: string): MailMessage {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const text = [greeting, '', intro, '', link, '', expiry, '', `— ${PRODUCT}`].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(expiry)}</p><p>— ${PRODUCT}</p>`;
  return { to, subject, text, html };
}

/** A notice without a link: greeting, paragraphs, signature. */
function noticeMail(to: string, subject: string, name: string, paragraphs: string[], greeting = name ? `Hello ${name},` : 'Hello,'): MailMessage {
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), `— ${PRODUCT}`].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p>— ${PRODUCT}</p>`;
  return { to, subject, text, html };
}

/** A mail to a fan in their language (shared/i18n/fan): greeting, one paragraph, signature. */
function fanNotice(to: string, name: string, locale: string, what: 'received' | 'approved', args: { account: string; page: string }): MailMessage {
  const { m, f } = fanTextFor(isFanLocale(locale) ? locale : DEFAULT_FAN_LOCALE);
  const greeting = name ? f(m.mail.helloName, { name }) : m.mail.hello;
  return noticeMail(to, f(m.mail[`${what}Subject`], args), name, [f(m.mail[what], args)], greeting);
}

/** A platform admin's message to a user: their subject, their text (sanitised rich text), who sent it. */
function messageMail(to: string, name: string, subject: string, body: string, sender: string): MailMessage {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const signature = `${sender}, ${PRODUCT}`;
  const text = [greeting, '', richTextToPlain(body), '', `— ${signature}`].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>${body}<p>— ${escapeHtml(signature)}</p>`;
  return { to, subject, text, html };
}

export const mailTemplates = {
  /** The digest of uploads processed for an account user who opted in. */
  videoProcessed: (to: string, name: string, uploads: { account: string; page: string }[], link: string) =>
    linkMail(
      to,
      uploads.length === 1 ? `${PRODUCT}: a fan upload is ready to review` : `${PRODUCT}: ${uploads.length} fan uploads are ready to review`,
      name,
      [
        uploads.length === 1 ? 'A fan upload has been processed and is ready to review:' : `${uploads.length} fan uploads have been processed and are ready to review:`,
        ...uploads.map((u) => `- ${u.page} (${u.account})`),
        '',
        'Review them in the console:',
      ].join('\n'),
      link,
      'You get at most one of these mails every 10 minutes. Turn them off in your profile.',
    ),
  /** To the fan, when their upload arrived, in the language they sent it in (submissions.locale). */
  fanReceived: (to: string, name: string, account: string, page: string, locale: string) => fanNotice(to, name, locale, 'received', { account, page }),
  /** To the fan, when staff approved their upload, in the language they sent it in. */
  fanApproved: (to: string, name: string, account: string, page: string, locale: string) => fanNotice(to, name, locale, 'approved', { account, page }),
  userMessage: messageMail,
  resetPassword: (to: string, name: string, link: string, hours: number) =>
    linkMail(to, `${PRODUCT}: reset your password`, name, 'Someone asked to reset the password of your account. Follow this link to choose a new one:', link, `The link works once and expires in ${hours} hours. If you did not ask for it, ignore this mail.`),
  setPassword: (to: string, name: string, link: string, hours: number) =>
    linkMail(to, `${PRODUCT}: set your password`, name, `An account was created for you on ${PRODUCT}. Follow this link to choose your password:`, link, `The link works once and expires in ${hours} hours.`),
  verifyEmail: (to: string, name: string, link: string, hours: number) =>
    linkMail(to, `${PRODUCT}: verify your email`, name, 'Please confirm your email address by following this link:', link, `The link works once and expires in ${hours} hours.`),
  changeEmail: (to: string, name: string, link: string, hours: number) =>
    linkMail(to, `${PRODUCT}: confirm your new email`, name, `Follow this link to make ${to} the email of your account:`, link, `The link works once and expires in ${hours} hours. Until then your old email stays in use.`),
  /** To the old address when a change of email is asked for. */
  emailChanging: (to: string, name: string, newEmail: string, support: string) =>
    noticeMail(to, `${PRODUCT}: your email is being changed`, name, [
      `Someone signed in to your account asked to change its email to ${newEmail}. The change takes effect when the link sent to that address is followed; until then this address stays in use.`,
      `If this was not you, change your password now and write to ${support}.`,
    ]),
  invitation: (to: string, inviter: string, account: string, link: string, days: number) =>
    linkMail(to, `${inviter} invited you to join ${account} on ${PRODUCT}`, '', `${inviter} invited you to join ${account} on ${PRODUCT}. Follow this link to accept:`, link, `The invitation expires in ${days} days.`),
};
