/** Vite's output: files under assets/ carry a content hash in their name, so they never change. */
const HASHED_DIR = 'assets/';

/**
 * Cache-Control of a file of the built console (path relative to its folder): hashed assets
 * are kept for a year; index.html and the unhashed files (favicon, robots.txt) are checked
 * with the server on every use, so a new version reaches users at once.
 */
export function staticCacheControl(relativePath: string): string {
  return relativePath.split(/[\\/]/).join('/').startsWith(HASHED_DIR) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
