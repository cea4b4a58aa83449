import { PROCESS_UPLOAD_JOB } from '../../src/domain/constants';
import type { Deps } from '../deps';
import { processUploadHandler } from './processUpload';

/** Every job kind and its handler. Handlers run at least once per job, so each is idempotent. */
export function registerJobHandlers(deps: Deps): void {
  deps.queue.work(PROCESS_UPLOAD_JOB, processUploadHandler(deps));
}
