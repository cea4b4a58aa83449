import type { DeepStringRecord } from '#shared/i18n/types';
import type * as en from '../fanData';

export const fanDataResourceMessages: DeepStringRecord<typeof en.fanDataResourceMessages> = {
  name: 'Données des fans |||| Données des fans',
  fields: {
    createdAt: 'Envoyé le',
    name: 'Nom',
    email: 'E-mail',
    dob: 'Naissance',
    country: 'Pays',
    cityState: 'Ville/Région',
    zip: 'Code postal',
    phone: 'Téléphone',
    instagram: 'Instagram',
    tiktok: 'TikTok',
    venueCity: 'Ville de la salle',
    song: 'Titre de la chanson',
    artist: 'Artiste',
    views: 'Vues',
    likes: "J'aime",
    upload: 'Contenu',
    marketingConsent: 'Consentement marketing',
    rights: 'Droits',
  },
  rightsStatus: { none: 'Non demandés', requested: 'Demandés', granted: 'Accordés', declined: 'Refusés', revoked: 'Retirés' },
  filters: {
    label: 'Filtres des données des fans',
    pageId: 'Page',
    allPages: 'Toutes les pages',
    venue: 'Salle',
    song: 'Chanson',
    artist: 'Artiste',
    marketingConsent: 'Consentement marketing',
    any: 'Tous',
    consented: 'Consenti',
    notConsented: 'Non consenti',
  },
  empty: 'Aucune donnée de fan à afficher',
  loading: 'Chargement des données des fans…',
  export: 'Exporter en CSV',
  columns: { button: 'Colonnes', title: 'Afficher ou masquer des colonnes', showAll: 'Tout afficher', done: 'Terminé' },
  play: { button: 'Lire', label: 'Lire le contenu de %{fan}', title: 'Contenu de %{fan}', notFound: "Ce contenu n'est plus disponible." },
  erase: {
    button: "Effacer les données d'un fan",
    title: "Effacer les données d'un fan",
    intro:
      "Retrouvez tout ce que ce compte détient sur un fan grâce à l'e-mail qu'il a donné, puis effacez-le : ses envois, ses consentements, ses contenus et leurs fichiers. Seule une note indiquant qu'un effacement a eu lieu, et quand, est conservée.",
    email: 'E-mail du fan',
    find: 'Rechercher',
    held: 'Ce compte détient %{submissions} envoi(s), %{uploads} contenu(s) et %{consents} consentement(s) pour ce fan.',
    nothing: 'Ce compte ne détient rien pour cet e-mail.',
    submit: 'Effacer',
    confirmTitle: 'Effacer les données de ce fan ?',
    confirmContent: 'Tout ce qui est détenu sur %{email} sera définitivement effacé : envois, consentements, contenus et leurs fichiers. Action irréversible.',
    done: 'Données du fan effacées',
    erased: '%{submissions} envoi(s), %{consentRecords} consentement(s) et %{uploads} contenu(s) effacés le %{when}.',
    log: {
      title: 'Effacements',
      empty: "Aucune donnée de fan n'a été effacée dans ce compte.",
      by: 'Demandé par %{name}',
      removedUser: "un utilisateur qui n'est plus dans ce compte",
      more: 'Les %{shown} derniers effacements sur %{total}.',
    },
  },
};

export const privacyMessages: DeepStringRecord<typeof en.privacyMessages> = {
  title: 'Données des fans et confidentialité',
  kept: 'Ce que les fans donnent sur vos pages de collecte (leurs coordonnées, leurs consentements et leurs contenus) est conservé tant que ce compte existe, sauf effacement anticipé. Supprimer un contenu supprime ses fichiers ; fermer le compte supprime tout.',
  erase:
    "Un fan peut demander l'effacement de ses données en écrivant à %{email}. Un administrateur du compte l'efface depuis Données des fans → Effacer les données d'un fan ; seuls le fait et l'heure de l'effacement sont conservés.",
};
