import { useGetOne } from 'react-admin';
import type { UploadCard } from '#shared/domain/schemas/uploads';
import { FOLLOW_PROCESSING_MS, stillProcessing } from './uploadRecord';

/**
 * An upload as it is now while its clip is still being processed: read again every
 * FOLLOW_PROCESSING_MS until it is reviewable. A card and the dialog share the reading, and only
 * that record changes: reading the grid's page again would also bring the clips sent meanwhile
 * and move every card under the reviewer's pointer.
 */
export function useFollowedUpload<T extends UploadCard>(resource: string, upload: T): T {
  const following = stillProcessing(upload);
  const { data } = useGetOne<T>(
    resource,
    { id: upload.id },
    { enabled: following, retry: false, refetchInterval: (query) => (query.state.data && stillProcessing(query.state.data) ? FOLLOW_PROCESSING_MS : false) },
  );
  return following && data ? data : upload;
}
