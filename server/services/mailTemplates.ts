import type { MailMessage } from '../adapters/mail';
import { escapeHtml } from '../http/html';
import { fanTextFor } from '../http/fanText';
import { DEFAULT_FAN_LOCALE, isFanLocale } from '#shared/i18n/fan/locales';

const PRODUCT = 'Fan Content Console';

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

/** Mails to fans, in the language they used (mails to staff: server/mail/staffMails.ts). */
export const mailTemplates = {
  /** To the fan, when their upload arrived, in the language they sent it in (submissions.locale). */
  fanReceived: (to: string, name: string, account: string, page: string, locale: string) => fanNotice(to, name, locale, 'received', { account, page }),
  /** To the fan, when staff approved their upload, in the language they sent it in. */
  fanApproved: (to: string, name: string, account: string, page: string, locale: string) => fanNotice(to, name, locale, 'approved', { account, page }),
};
