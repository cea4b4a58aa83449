/** Les chaînes des best-of vidéo (resources.reels.*). */
export default {
  name: 'Best-of |||| Best-of',
  fields: {
    name: 'Nom',
    pageId: 'Page',
    page: 'Page',
    clips: 'Extraits',
    credits: 'Créditer les pseudos des fans',
    status: 'État',
    progress: 'Avancement (%)',
    error: 'Erreur',
    duration: 'Durée (s)',
    verticalKey: 'Fichier 9:16',
    squareKey: 'Fichier 1:1',
    landscapeKey: 'Fichier 16:9',
    urls: 'Vidéos',
    createdAt: 'Créé le',
  },
  choices: { status: { queued: 'En attente', rendering: 'En cours de rendu', done: 'Prêt', failed: 'Échec', outOfDate: 'Périmé' } },
  search: 'Rechercher des best-of',
  empty: 'Aucun best-of pour le moment.',
};
