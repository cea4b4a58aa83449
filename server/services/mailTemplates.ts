import type { MailMessage } from '../adapters/mail';
import { escapeHtml } from '../http/html';
import { fanDate, fanTextFor } from '../http/fanText';

const PRODUCT = 'Fan Content Console';

/** A notice without a link: greeting, paragraphs, signature. */
function noticeMail(to: string, subject: string, name: string, paragraphs: string[], greeting = name ? `Hello ${name},` : 'Hello,'): MailMessage {
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), `— ${PRODUCT}`].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br />')}</p>`).join('')}<p>— ${PRODUCT}</p>`;
  return { to, subject, text, html };
}

/** A mail to a fan in their language (shared/i18n/fan): greeting, one paragraph, signature. */
function fanNotice(to: string, name: string, locale: string, what: 'received' | 'approved', args: { account: string; page: string }): MailMessage {
  const { m, f } = fanTextFor(locale);
  const greeting = name ? f(m.mail.helloName, { name }) : m.mail.hello;
  return noticeMail(to, f(m.mail[`${what}Subject`], args), name, [f(m.mail[what], args)], greeting);
}

/** What the rights mail lists and links to. */
export interface RightsMail {
  account: string;
  clips: { type: string; page: string; uploadedAt: string }[];
  text: string;
  link: string;
}

/** To a fan: the account asks for the rights to use their clips; each listed, the release text, the link to answer. */
function rightsRequestMail(to: string, name: string, locale: string, mail: RightsMail): MailMessage {
  const { m, f } = fanTextFor(locale);
  const greeting = name ? f(m.mail.helloName, { name }) : m.mail.hello;
  const clips = mail.clips.map(
    (clip) =>
      `• ${f(m.rights.mailClip, { kind: clip.type === 'image' ? m.rights.image : m.rights.video, page: clip.page, date: fanDate(locale, clip.uploadedAt) })}`,
  );
  const paragraphs = [
    f(m.rights.mailIntro, { account: mail.account }),
    clips.join('\n'),
    m.rights.mailText,
    mail.text,
    f(m.rights.mailLink, { link: mail.link }),
  ];
  return noticeMail(to, f(m.rights.mailSubject, { account: mail.account }), name, paragraphs, greeting);
}

/** Mails to fans, in the language they used (mails to staff: server/mail/staffMails.ts). */
export const mailTemplates = {
  /** To the fan, when their upload arrived, in the language they sent it in (submissions.locale). */
  fanReceived: (to: string, name: string, account: string, page: string, locale: string) => fanNotice(to, name, locale, 'received', { account, page }),
  /** To the fan, when staff approved their upload, in the language they sent it in. */
  fanApproved: (to: string, name: string, account: string, page: string, locale: string) => fanNotice(to, name, locale, 'approved', { account, page }),
  /** To the fan, when staff ask for the rights to use their clips, in the language recorded at upload. */
  rightsRequest: rightsRequestMail,
};
