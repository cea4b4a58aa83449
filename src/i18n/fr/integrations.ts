import type { DeepStringRecord } from '#shared/i18n/types';
import type { integrationsMessages as en } from '../integrations';

export const integrationsMessages: DeepStringRecord<typeof en> = {
  title: 'Dropbox',
  text: "Les contenus approuvés des fans sont copiés dans le dossier de l'application Dropbox, un dossier par page.",
  connect: 'Connecter Dropbox',
  disconnect: 'Déconnecter Dropbox',
  connected: 'Connecté à Dropbox.',
  justConnected: 'Dropbox est connecté. Les contenus approuvés y seront copiés.',
  disconnected: 'Dropbox est déconnecté.',
  notConfigured: "Dropbox n'est pas configuré sur ce serveur.",
  failed: "Dropbox n'a pas pu être joint. Veuillez réessayer.",
  errors: {
    access_denied: "Dropbox n'a pas été connecté : l'accès n'a pas été autorisé.",
    invalid_state: "Dropbox n'a pas été connecté : la demande de connexion a expiré ou n'a pas été lancée ici. Veuillez réessayer.",
    connect_failed: "Dropbox n'a pas été connecté : Dropbox n'a pas confirmé la connexion. Veuillez réessayer.",
    unknown: "Dropbox n'a pas été connecté : l'intégration a échoué (code d'erreur %{code}). Veuillez réessayer.",
    revoked: "La connexion à Dropbox ne fonctionne plus (l'accès a été retiré dans Dropbox). Les contenus ne sont plus copiés. Connectez de nouveau Dropbox.",
  },
};
