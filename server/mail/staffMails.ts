import type { MailMessage } from '../adapters/mail';
import { escapeHtml } from '../http/html';
import { richTextToPlain } from '../http/richText';
import { fillMessage, type MessageArgs } from '../messages';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '#shared/domain/locales';
import type { staffMailText as en } from './i18n/en';

/**
 * Every language's mail text, from `./i18n/<locale>.ts` for each of LOCALES (each file typed
 * against the English): a language without its file stops the server from starting.
 */
const TEXT = Object.fromEntries(
  await Promise.all(LOCALES.map(async (locale) => [locale, ((await import(`./i18n/${locale}.ts`)) as { staffMailText: typeof en }).staffMailText] as const)),
) as Record<Locale, typeof en>;

/**
 * Mails to staff in the recipient's language (users.locale; anything else, null included, is
 * English). Each mail: greeting, paragraphs, the link on its own line, when it expires.
 */
export function staffMails(locale: string | null | undefined) {
  const text = TEXT[isLocale(locale) ? locale : DEFAULT_LOCALE];
  const product = text.product;
  const t = (template: string, args: MessageArgs = {}) => fillMessage(template, { product, ...args });
  const greeting = (name: string) => (name ? t(text.helloName, { name }) : text.hello);

  function linkMail(to: string, subject: string, name: string, intro: string, link: string, expiry: string): MailMessage {
    const hello = greeting(name);
    const plain = [hello, '', intro, '', link, '', expiry, '', `— ${product}`].join('\n');
    const html = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(expiry)}</p><p>— ${product}</p>`;
    return { to, subject, text: plain, html };
  }

  function noticeMail(to: string, subject: string, name: string, paragraphs: string[]): MailMessage {
    const hello = greeting(name);
    const plain = [hello, '', ...paragraphs.flatMap((p) => [p, '']), `— ${product}`].join('\n');
    const html = `<p>${escapeHtml(hello)}</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p>— ${product}</p>`;
    return { to, subject, text: plain, html };
  }

  return {
    /** The digest of uploads processed for an account user who opted in. */
    videoProcessed: (to: string, name: string, uploads: { account: string; page: string }[], link: string) => {
      const count = { smart_count: uploads.length };
      const intro = [t(text.videoProcessed.intro, count), ...uploads.map((u) => `- ${u.page} (${u.account})`), '', t(text.videoProcessed.review)].join('\n');
      return linkMail(to, t(text.videoProcessed.subject, count), name, intro, link, t(text.videoProcessed.note));
    },
    /** A platform admin's message to a user: their subject, their text (sanitised rich text), who sent it. */
    userMessage: (to: string, name: string, subject: string, body: string, sender: string): MailMessage => {
      const hello = greeting(name);
      const signature = t(text.userMessage.signature, { sender });
      const plain = [hello, '', richTextToPlain(body), '', `— ${signature}`].join('\n');
      const html = `<p>${escapeHtml(hello)}</p>${body}<p>— ${escapeHtml(signature)}</p>`;
      return { to, subject, text: plain, html };
    },
    resetPassword: (to: string, name: string, link: string, hours: number) =>
      linkMail(to, t(text.resetPassword.subject), name, t(text.resetPassword.intro), link, t(text.resetPassword.expiry, { hours })),
    setPassword: (to: string, name: string, link: string, hours: number) =>
      linkMail(to, t(text.setPassword.subject), name, t(text.setPassword.intro), link, t(text.linkOnce, { hours })),
    verifyEmail: (to: string, name: string, link: string, hours: number) =>
      linkMail(to, t(text.verifyEmail.subject), name, t(text.verifyEmail.intro), link, t(text.linkOnce, { hours })),
    changeEmail: (to: string, name: string, link: string, hours: number) =>
      linkMail(to, t(text.changeEmail.subject), name, t(text.changeEmail.intro, { email: to }), link, t(text.changeEmail.expiry, { hours })),
    /** To the old address when a change of email is asked for. */
    emailChanging: (to: string, name: string, newEmail: string, support: string) =>
      noticeMail(to, t(text.emailChanging.subject), name, [t(text.emailChanging.changing, { email: newEmail }), t(text.emailChanging.notYou, { support })]),
    invitation: (to: string, inviter: string, account: string, link: string, days: number) =>
      linkMail(
        to,
        t(text.invitation.subject, { inviter, account }),
        '',
        t(text.invitation.intro, { inviter, account }),
        link,
        t(text.invitation.expiry, { days }),
      ),
  };
}
