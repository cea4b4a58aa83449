import { defineBehaviour, type ResourceBehaviour } from '../../server/resources/behaviour';
import { fieldError } from '../../server/errors';

/**
 * The server behaviours of the test resources (tests/fixtures/resources), by name: what a real
 * resource keeps in server/resources/<name>.ts, apart from its declaration, which the console reads too.
 */
export const testBehaviours: Readonly<Record<string, ResourceBehaviour>> = {
  // A setlist is published only with songs on it: the rule a hook checks before the action writes.
  setlists: defineBehaviour({
    async beforeAction(_context, _action, record, values) {
      if (!String(record.songs ?? '').trim()) throw fieldError('songs', 'app.validation.required');
      return values;
    },
  }),
};
