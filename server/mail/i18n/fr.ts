import type { DeepStringRecord } from '#shared/i18n/types';
import type { staffMailText as en } from './en';

/** Mails to staff in French (server/mail/i18n/en.ts names what each one is). */
export const staffMailText: DeepStringRecord<typeof en> = {
  product: 'Fan Content Console',
  hello: 'Bonjour,',
  helloName: 'Bonjour %{name},',
  linkOnce: 'Le lien ne fonctionne qu’une fois et expire dans %{hours} heures.',
  videoProcessed: {
    subject: '%{product} : un contenu de fan est prêt à être examiné |||| %{product} : %{smart_count} contenus de fans sont prêts à être examinés',
    intro: 'Un contenu de fan a été traité et est prêt à être examiné : |||| %{smart_count} contenus de fans ont été traités et sont prêts à être examinés :',
    review: 'Examinez-les dans la console :',
    note: 'Vous recevez au plus un de ces e-mails toutes les 10 minutes. Vous pouvez les désactiver dans votre profil.',
  },
  resetPassword: {
    subject: '%{product} : réinitialisez votre mot de passe',
    intro: 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte. Suivez ce lien pour en choisir un nouveau :',
    expiry: 'Le lien ne fonctionne qu’une fois et expire dans %{hours} heures. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.',
  },
  setPassword: {
    subject: '%{product} : choisissez votre mot de passe',
    intro: 'Un compte a été créé pour vous sur %{product}. Suivez ce lien pour choisir votre mot de passe :',
  },
  verifyEmail: {
    subject: '%{product} : vérifiez votre e-mail',
    intro: 'Veuillez confirmer votre adresse e-mail en suivant ce lien :',
  },
  changeEmail: {
    subject: '%{product} : confirmez votre nouvel e-mail',
    intro: 'Suivez ce lien pour faire de %{email} l’e-mail de votre compte :',
    expiry: 'Le lien ne fonctionne qu’une fois et expire dans %{hours} heures. D’ici là, votre ancien e-mail reste utilisé.',
  },
  emailChanging: {
    subject: '%{product} : votre e-mail est en cours de modification',
    changing:
      'Une personne connectée à votre compte a demandé à remplacer son e-mail par %{email}. Le changement prend effet quand le lien envoyé à cette adresse est suivi ; d’ici là, cette adresse reste utilisée.',
    notYou: 'Si ce n’était pas vous, changez votre mot de passe dès maintenant et écrivez à %{support}.',
  },
  invitation: {
    subject: '%{inviter} vous invite à rejoindre %{account} sur %{product}',
    intro: '%{inviter} vous invite à rejoindre %{account} sur %{product}. Suivez ce lien pour accepter :',
    expiry: 'L’invitation expire dans %{days} jours.',
  },
  userMessage: { signature: '%{sender}, %{product}' },
};
