import type { DeepStringRecord } from '#shared/i18n/types';
import type { adminJobsResourceMessages as en } from '../adminJobs';

export const adminJobsResourceMessages: DeepStringRecord<typeof en> = {
  name: 'Tâche |||| Tâches',
  title: 'Tâches de fond',
  counts: 'Tâches par état',
  driver: "File d'attente : %{driver}",
  state: { queued: 'En attente', active: 'En cours', completed: 'Terminées', failed: 'En échec' },
  failedTitle: 'Tâches en échec',
  empty: 'Aucune tâche en échec.',
  fields: { kind: 'Tâche', error: 'Erreur', attempts: 'Tentatives', failedAt: 'Échec le' },
  retry: {
    button: 'Relancer',
    confirm: 'Relancer la tâche %{kind} avec de nouvelles tentatives ?',
    done: 'La tâche est de nouveau en attente',
  },
};
