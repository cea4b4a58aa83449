import type { DeepStringRecord } from '#shared/i18n/types';
import type * as en from '../layout';

export const navMessages: DeepStringRecord<typeof en.navMessages> = {
  insights: 'Statistiques',
  uploads: 'Contenus des fans',
  data: 'Données des fans',
  pages: 'Vos pages',
  sections: 'Rubriques',
  sectionsOf: '%{current}, rubriques',
};

export const menuMessages: DeepStringRecord<typeof en.menuMessages> = {
  open: 'Ouvrir le menu utilisateur',
  switchAccount: 'Changer de compte',
  profile: 'Paramètres du profil',
  accountSettings: 'Paramètres du compte',
  configuration: 'Configuration',
  users: 'Utilisateurs',
  subscription: 'Abonnement',
  platformAdmin: 'Administration de la plateforme',
  adminUsers: 'Utilisateurs',
  adminAccounts: 'Comptes',
  adminJobs: 'Tâches',
  adminUploads: 'Contenus',
  logout: 'Se déconnecter',
  help: 'Aide',
  language: 'Langue',
  noAccount: 'Aucun compte sélectionné',
};

export const layoutMessages: DeepStringRecord<typeof en.layoutMessages> = {
  footer: { terms: "Conditions d'utilisation", copyright: '© %{year} Fan Content Console' },
  switchAccount: {
    title: 'Changer de compte',
    search: 'Rechercher des comptes',
    none: "Vous n'avez pas d'autre compte.",
    cancel: 'Annuler',
  },
  appChanged: {
    title: "L'application a changé",
    text: "Une nouvelle version de l'application a été publiée et l'ancienne ne peut plus être utilisée. Pour continuer, nous devons recharger l'application et vous demander de vous reconnecter.",
    reload: 'Recharger',
    cancel: 'Annuler',
  },
  comingSoon: {
    title: 'Bientôt disponible',
    body: 'Cette partie de la console arrive bientôt.',
    named: "%{what} arrive bientôt : rien n'est encore conservé ni affiché ici.",
  },
  readOnly: { notice: 'Vous pouvez consulter cet élément mais pas le modifier.' },
  errorDialog: {
    title: 'Erreur',
    default: 'Une erreur est survenue',
    status: 'Statut',
    message: 'Message',
    close: 'Fermer',
  },
};

/** Worded so the resource's name needs no agreement ('Page' and 'Compte' alike). */
export const notificationMessages: DeepStringRecord<typeof en.notificationMessages> = {
  created: 'Création enregistrée : %{name}',
  updated: 'Modifications enregistrées : %{name}',
  deleted: 'Suppression effectuée : %{name}',
};
