import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
const root = path.dirname(fileURLToPath(import.meta.url));
const captureDir = path.join(root, 'src', 'capture') + path.sep;

/**
 * The fan capture page (src/capture) is written against React's API but runs on
 * preact/compat: React DOM alone is about 60 KB of gzip JavaScript, and the page's budget is
 * 80 KB in all. Only imports from src/capture are redirected; the console keeps React.
 */
const REACT_TO_PREACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};
function captureOnPreact(): Plugin {
  return {
    name: 'capture-on-preact',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      // Unit tests render with React's testing library, so they keep React.
      if (process.env.VITEST) return null;
      const target = REACT_TO_PREACT[source];
      if (!target || !importer || !importer.startsWith(captureDir)) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

export default defineConfig({
  plugins: [captureOnPreact(), react()],
  server: {
    proxy: { '/api': apiTarget, '/files': apiTarget, '/assets/maps': apiTarget, '/p/': apiTarget, '/l/': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // The console and the fan capture page (served by the server at /p/{account}/{page}).
      input: { main: path.join(root, 'index.html'), capture: path.join(root, 'capture.html') },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // One module graph and one jsdom per worker, not per file: importing react-admin and MUI
          // and building jsdom again for each file was two thirds of the unit stage (170 s to 50 s
          // here). Each test cleans what it renders and localStorage (tests/unit/setup.ts).
          isolate: false,
          // Rendering react-admin screens in jsdom is CPU-bound: sized for a busy two-core machine.
          testTimeout: 20000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          fileParallelism: true,
          // Server tests wait on PostgreSQL, child processes and ffmpeg more than they compute:
          // more files at once than the two cores keeps CI's wall time down.
          maxWorkers: 4,
          // Every file imports the whole server; sharing one module graph per worker instead of
          // importing it again for each file saves minutes of CPU. Files share no module state:
          // each builds its own app, database and adapters (tests/server/helpers.ts).
          isolate: false,
        },
      },
    ],
  },
});
