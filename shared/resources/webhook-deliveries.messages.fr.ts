/** Les chaînes du journal des livraisons de webhook (resources.webhook-deliveries.*). */
export default {
  name: 'Livraison |||| Livraisons',
  fields: {
    event: 'Événement',
    status: 'Statut',
    statusCode: 'Code',
    attempts: 'Tentatives',
    error: 'Erreur',
    url: 'Point de terminaison',
    body: 'Corps',
    createdAt: 'En file',
    updatedAt: 'Heure',
  },
  choices: { status: { pending: 'En attente', delivered: 'Livrée', failed: 'Échouée' } },
  empty: 'Aucune livraison pour l’instant.',
};
