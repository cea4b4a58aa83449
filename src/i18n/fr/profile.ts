import type { DeepStringRecord } from '#shared/i18n/types';
import type { profileMessages as en } from '../profile';

export const profileMessages: DeepStringRecord<typeof en> = {
  title: 'Profil',
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'E-mail',
  avatar: 'Avatar',
  avatarSaved: 'Avatar enregistré',
  videoProcessedEmails: "M'envoyer un e-mail quand la vidéo d'un fan est traitée",
  save: 'Enregistrer',
  saved: 'Profil enregistré',
  changePassword: 'Changer le mot de passe',
  currentPassword: 'Mot de passe actuel',
  newPassword: 'Nouveau mot de passe',
  confirmPassword: 'Confirmer le mot de passe',
  passwordChanged: 'Mot de passe modifié',
  changeEmail: "Changer d'e-mail",
  newEmail: 'Nouvel e-mail',
  confirmEmail: 'Confirmer le nouvel e-mail',
  emailSent: 'Nous avons envoyé un lien à %{email}. Votre e-mail changera quand vous le suivrez.',
  cancel: 'Annuler',
  submit: 'Enregistrer',
};
