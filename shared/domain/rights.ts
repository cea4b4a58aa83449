import type { FanLocale } from '../i18n/fan/locales';

/**
 * The rights to use a fan's clip or photo beyond the wall (an ad, a broadcast): asked by staff,
 * answered by the fan from a signed link. 'none' until asked; a grant may be revoked later.
 */
export const RIGHTS_STATUSES = ['none', 'requested', 'granted', 'declined', 'revoked'] as const;
export type RightsStatus = (typeof RIGHTS_STATUSES)[number];

/** What a fan may answer about one clip: grant or decline a request, revoke a grant. */
export const RIGHTS_ANSWERS = ['granted', 'declined', 'revoked'] as const;
export type RightsAnswer = (typeof RIGHTS_ANSWERS)[number];

/** How long a fan's link works, revoking included: a season of ads and broadcasts. */
export const RIGHTS_LINK_DAYS = 365;

/** The release text's column for each fan language (release_texts.text_<locale>). */
export const RELEASE_TEXT_FIELDS = { en: 'textEn', fr: 'textFr', es: 'textEs', de: 'textDe', pt: 'textPt' } as const satisfies Record<FanLocale, string>;
export type ReleaseTextField = (typeof RELEASE_TEXT_FIELDS)[FanLocale];

/** The release text an account starts with, in each fan language; staff may write their own. */
export const DEFAULT_RELEASE_TEXTS: Readonly<Record<FanLocale, string>> = {
  en:
    'I confirm I made this recording and I grant the account the free, worldwide right to use, edit and publish it, with or without my name, ' +
    'in advertising, broadcasts and social media. I may revoke this grant at any time from this page; uses already published stay.',
  fr:
    "Je confirme avoir réalisé cet enregistrement et j'accorde au compte le droit gratuit et mondial de l'utiliser, de le monter et de le publier, " +
    'avec ou sans mon nom, dans la publicité, les émissions et les réseaux sociaux. Je peux retirer cet accord à tout moment depuis cette page ; ' +
    'les utilisations déjà publiées restent.',
  es:
    'Confirmo que hice esta grabación y concedo a la cuenta el derecho gratuito y mundial a usarla, editarla y publicarla, con o sin mi nombre, ' +
    'en publicidad, emisiones y redes sociales. Puedo revocar esta autorización en cualquier momento desde esta página; los usos ya publicados se mantienen.',
  de:
    'Ich bestätige, dass ich diese Aufnahme gemacht habe, und räume dem Konto das kostenlose, weltweite Recht ein, sie mit oder ohne meinen Namen ' +
    'in Werbung, Sendungen und sozialen Medien zu nutzen, zu bearbeiten und zu veröffentlichen. Ich kann diese Erlaubnis jederzeit auf dieser Seite ' +
    'widerrufen; bereits veröffentlichte Nutzungen bleiben bestehen.',
  pt:
    'Confirmo que fiz esta gravação e concedo à conta o direito gratuito e mundial de usá-la, editá-la e publicá-la, com ou sem o meu nome, ' +
    'em publicidade, transmissões e redes sociais. Posso revogar esta autorização a qualquer momento nesta página; os usos já publicados permanecem.',
};
