import type { DeepStringRecord } from '#shared/i18n/types';
import type { webhookMessages as en } from '../webhooks';

export const webhookMessages: DeepStringRecord<typeof en> = {
  title: 'Webhooks',
  intro:
    'Nous envoyons en POST les événements upload.received, upload.processed et upload.approved au format JSON à cette adresse, signés dans l\'en-tête X-Webhook-Signature (t=<heure unix>,v1=<HMAC-SHA256 de "<t>.<body>"> avec le secret ci-dessous).',
  url: 'Adresse (https://)',
  save: "Enregistrer l'adresse",
  saved: 'Adresse du webhook enregistrée',
  remove: "Retirer l'adresse",
  removed: 'Adresse du webhook retirée',
  removeTitle: "Retirer l'adresse du webhook ?",
  removeContent: 'Plus aucun événement ne sera envoyé à %{url}. Le journal des envois est conservé.',
  secret: 'Secret de signature',
  reveal: 'Afficher le secret',
  hide: 'Masquer le secret',
  rotate: 'Nouveau secret',
  rotated: 'Un nouveau secret signe désormais les envois',
  test: 'Envoyer un test',
  tested: "Événement de test mis en file d'attente ; il apparaît dans le journal ci-dessous",
  log: 'Envois récents',
};
