/** Les chaînes des demandes de droits (resources.rights-requests.*). */
export default {
  name: 'Demande de droits |||| Demandes de droits',
  fields: {
    uploadId: 'Contenu',
    status: 'Droits',
    locale: 'Langue',
    releaseVersion: 'Version du texte de cession',
    expiresAt: 'Lien valable jusqu’au',
    answeredAt: 'Réponse',
    createdAt: 'Demandé',
  },
  choices: { status: { none: 'Aucun droit', requested: 'Droits demandés', granted: 'Droits accordés', declined: 'Droits refusés', revoked: 'Droits retirés' } },
  empty: 'Aucune demande de droits.',
};
