import type { ResourceBehaviour } from './behaviour';
import { userMessagesBehaviour } from './user-messages';

/** Each declared resource's server behaviour, by its name; a resource without one is storage alone. */
export const behaviours: Readonly<Record<string, ResourceBehaviour>> = {
  'user-messages': userMessagesBehaviour,
};
