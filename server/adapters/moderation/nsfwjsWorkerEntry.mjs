// The moderation model's thread starts here. A worker thread does not inherit the TypeScript
// loader its process runs under (tsx in `npm start`, the demo and the scripts; vite-node in
// vitest), so this plain module loads tsx's loader for itself, then the TypeScript body.
import { tsImport } from 'tsx/esm/api';

const { serve } = await tsImport('./nsfwjsWorker.ts', import.meta.url);
serve();
