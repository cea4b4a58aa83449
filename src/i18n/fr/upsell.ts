import type { DeepStringRecord } from '#shared/i18n/types';
import type { upsellMessages as en } from '../upsell';

export const upsellMessages: DeepStringRecord<typeof en> = {
  upgrade: 'Passer à une offre supérieure',
  seePlans: 'Voir les offres',
  dismiss: 'Masquer pendant 7 jours',
  'insight-filter': { title: 'Filtrez vos statistiques', text: 'Passez à une offre supérieure pour filtrer les statistiques par page et par date.' },
  'upload-filter': {
    title: 'Filtrez les contenus des fans',
    text: 'Passez à une offre supérieure pour filtrer les contenus par page, tag, salle, chanson et plus encore.',
  },
  'data-filter': {
    title: 'Filtrez les données des fans',
    text: "Passez à une offre supérieure pour filtrer les données des fans et n'exporter que ce dont vous avez besoin.",
  },
  active_pages: {
    title: 'Plus de pages actives',
    text: 'Votre offre a atteint son nombre de pages actives. Passez à une offre supérieure pour en publier davantage à la fois.',
  },
  page_ads: { title: 'Publicité sur vos pages', text: "La publicité sur les pages fait partie de l'offre Enterprise." },
  custom_terms: { title: 'Conditions personnalisées', text: 'Passez à une offre supérieure pour ajouter vos propres cases de conditions à vos pages.' },
  invite_user: {
    title: "Plus d'utilisateurs",
    text: "Votre offre a atteint son nombre d'utilisateurs. Passez à une offre supérieure pour inviter d'autres personnes.",
  },
  integrations_dropbox: { title: 'Intégration Dropbox', text: 'Passez à une offre supérieure pour copier automatiquement les contenus des fans dans Dropbox.' },
  uploaded_image: { title: 'Photos des fans', text: 'Votre offre ne prend pas en charge les images. Passez à une offre supérieure pour voir cette image.' },
  reels: {
    title: 'Best-of vidéo',
    text: "Les best-of vidéo font partie de l'offre Pro. Passez à une offre supérieure pour monter les meilleurs moments de vos fans en une vidéo pour chaque format social.",
  },
};
