/** Les chaînes des invitations en attente (resources.invites.*). */
export default {
  name: 'Invitation |||| Invitations en attente',
  fields: { email: 'E-mail', role: 'Rôle', expiresAt: 'Expire le', createdAt: 'Envoyée le' },
  choices: { role: { owner: 'Propriétaire', admin: 'Administrateur', user: 'Utilisateur', readonly: 'Lecture seule' } },
  empty: 'Aucune invitation en attente.',
};
