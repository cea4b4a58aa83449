import type { Config } from '../../config';
import { NsfwjsProvider, stopNsfwjsModel } from './nsfwjs';
import { RekognitionProvider } from './rekognition';
import type { ModerationProvider } from './types';

export type { ModerationLabel, ModerationProvider } from './types';
export { isAllowedBy } from './types';

/** The provider MODERATION_PROVIDER names (nsfwjs by default). */
export function createModerationProvider(config: Pick<Config, 'moderationProvider' | 'rekognition'>): ModerationProvider {
  switch (config.moderationProvider) {
    case 'nsfwjs':
      return new NsfwjsProvider();
    case 'rekognition':
      return new RekognitionProvider(config.rekognition);
  }
}

/** Ends what a provider runs in the process (nsfwjs's model thread), once no job needs it. */
export function stopModerationModel(): Promise<void> {
  return stopNsfwjsModel();
}
