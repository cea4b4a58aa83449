import type { DeepStringRecord } from '#shared/i18n/types';
import type { adminAccountsResourceMessages as en } from '../adminAccounts';

export const adminAccountsResourceMessages: DeepStringRecord<typeof en> = {
  name: 'Compte |||| Comptes',
  title: 'Comptes de la plateforme',
  loading: 'chargement…',
  empty: 'Aucun compte ne correspond à cette recherche.',
  fields: {
    name: 'Nom',
    slug: 'Identifiant',
    subscriptionPlan: 'Offre',
    status: 'Statut',
    uploadVideoCount: 'Vidéos',
    pageCount: 'Pages',
    userCount: 'Utilisateurs',
    createdAt: 'Créé le',
  },
  plan: { free: 'Gratuite', basic: 'Basic', pro: 'Pro', enterprise: 'Enterprise' },
  status: { enabled: 'Activé', disabled: 'Désactivé' },
  search: { name: 'Rechercher par nom ou identifiant', status: 'Statut', subscriptionPlan: 'Offre', any: 'Tous', submit: 'Rechercher' },
  newAccount: {
    button: 'Nouveau compte',
    title: 'Nouveau compte',
    submit: 'Créer',
    slugHint: 'Lettres et chiffres uniquement ; le début de chaque adresse de page',
    ownerEmail: 'E-mail du propriétaire (facultatif)',
    ownerHint: 'Nous lui envoyons une invitation à devenir propriétaire du compte.',
    hint: "Vous pourrez inviter d'autres utilisateurs et régler l'apparence du compte une fois créé.",
    created: 'Compte %{name} créé',
  },
  planChanged: "%{name} est maintenant sur l'offre %{plan}",
  actions: {
    enable: 'Activer le compte',
    disable: 'Désactiver le compte',
    enableConfirm: 'Activer %{name} ? Ses utilisateurs pourront de nouveau le choisir et ses pages accepteront de nouveau les contenus des fans.',
    disableConfirm:
      "Désactiver %{name} ? Ses utilisateurs ne pourront plus le choisir, ceux qui y travaillent seront invités à choisir un autre compte et ses pages n'accepteront plus les contenus des fans.",
    enabled: 'Compte %{name} activé',
    disabled: 'Compte %{name} désactivé',
  },
  details: {
    breadcrumb: 'Comptes de la plateforme',
    tabs: { label: 'Détails du compte', general: 'Général', users: 'Utilisateurs' },
  },
};
