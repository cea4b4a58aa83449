import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotificationContext, useNotify, useResourceContext, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

/** One upload's actions: the path after POST /api/upload-videos/{id}/, or delete. */
export type UploadActionName = 'approve' | 'hidden' | 'show' | 'hide-copies' | 'moderation-approve' | 'spam-allow' | 'tags' | 'poster' | 'delete';

const SUCCESS: Record<UploadActionName, string> = {
  approve: 'approved',
  hidden: 'hidden',
  show: 'shown',
  'hide-copies': 'copiesHidden',
  'moderation-approve': 'allowed',
  'spam-allow': 'spamAllowed',
  tags: 'tagged',
  poster: 'thumbnailChosen',
  delete: 'deleted',
};

/** How long a review outcome stays: a reviewer acts every second or two (react-admin's default is 4 s). */
const REVIEW_NOTICE_MS = 1500;

/**
 * Runs one action on one upload, notifies the outcome and refreshes the resource's list and
 * dialog. The caller confirms deletes first. React-admin shows notifications one after another;
 * while reviewing at speed the newest outcome replaces those still waiting, so it shows at once
 * instead of behind a queue of older ones.
 */
export function useUploadAction() {
  const resource = useResourceContext() ?? 'uploads';
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const { resetNotifications } = useNotificationContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [resource, 'upload-action'],
    mutationFn: async ({ id, action, tags, index }: { id: Identifier; action: UploadActionName; tags?: string[]; index?: number }) => {
      if (action === 'delete') await dataProvider.delete(resource, { id });
      else await dataProvider.action(resource, { id, action, data: action === 'tags' ? { tags } : action === 'poster' ? { index } : undefined });
      return action;
    },
    onSuccess: (action) => {
      resetNotifications();
      notify(`resources.${resource}.actions.${SUCCESS[action]}`, { type: 'success', autoHideDuration: REVIEW_NOTICE_MS });
      void queryClient.invalidateQueries({ queryKey: [resource] });
    },
    onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
  });
}

export type BulkActionName = 'approve' | 'hidden' | 'show' | 'tags' | 'delete';

/** A bulk call of Fan Uploads over the selected ids; clears the selection after it. */
export function useBulkAction(onDone: () => void) {
  const resource = useResourceContext() ?? 'uploads';
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [resource, 'bulk-action'],
    mutationFn: async ({ action, ids, tags }: { action: BulkActionName; ids: Identifier[]; tags?: string[] }) => ({
      action,
      // Fan Uploads' bulk calls, under the current account's list (POST <list path>/<action> with {ids}).
      result: await dataProvider.action<{ ids: string[] }>('uploads', { ids, action, data: tags ? { tags } : undefined }),
    }),
    onSuccess: ({ action, result }) => {
      const key = action === 'delete' ? 'deleted' : 'done';
      notify(`resources.${resource}.bulk.${key}`, { type: 'success', messageArgs: { smart_count: result.ids.length } });
      onDone();
      void queryClient.invalidateQueries({ queryKey: [resource] });
    },
    onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
  });
}
