import { useGetOne } from 'react-admin';
import type { UploadCard } from '#shared/domain/schemas/uploads';
import { followWhileProcessing, stillProcessing } from './uploadRecord';

/**
 * An upload as it is now while its clip is still being processed: read again every few
 * seconds until it is reviewable. A card and the dialog share the reading, and only
 * that record changes: reading the grid's page again would also bring the clips sent meanwhile
 * and move every card under the reviewer's pointer.
 */
export function useFollowedUpload<T extends UploadCard>(resource: string, upload: T): T {
  const following = stillProcessing(upload);
  const { data } = useGetOne<T>(resource, { id: upload.id }, { enabled: following, retry: false, refetchInterval: followWhileProcessing });
  return following && data ? data : upload;
}
