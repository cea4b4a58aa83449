import { benchAuthContext } from './authContext';
import { benchBundleSize } from './bundleSize';
import { benchTusUpload } from './tusUpload';
import { benchCapturePage } from './capturePage';
import { benchMedia } from './media';
import { benchQueue } from './queue';
import { benchUploadList } from './uploadList';
import { benchFanDataExport } from './fanDataExport';
import { benchInsights } from './insights';
import { benchFanDataList } from './fanDataList';

/** `npm run bench`: every benchmark, one after the other (they share two cores). */
const benchmarks: [string, () => Promise<void>][] = [
  ['auth-context', benchAuthContext],
  ['bundle-size', benchBundleSize],
  ['tus-upload', benchTusUpload],
  ['capture-page', benchCapturePage],
  ['queue', benchQueue],
  ['media', benchMedia],
  ['upload-list', benchUploadList],
  ['fan-data-list', benchFanDataList],
  ['fan-data-export', benchFanDataExport],
  ['insights', benchInsights],
];

const only = process.argv[2];
for (const [name, run] of benchmarks) {
  if (!only || only === name) await run();
}
