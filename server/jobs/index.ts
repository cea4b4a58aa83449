import type { Deps } from '../deps';

/** Every job kind and its handler. Handlers run at least once per job, so each is idempotent. */
export function registerJobHandlers(deps: Deps): void {
  void deps;
}
