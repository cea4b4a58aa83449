import type { FastifyInstance } from 'fastify';
import { rebuildAllRollups } from '../../server/services/statsRebuild';
import { seedDemo } from '../demoSeed';
import { seedDemoContent } from './content';

/** The whole demo in an app's database: accounts and users, then fan content made by the media pipeline. */
export async function fillDemo(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  await seedDemo(db);
  // Fan uploads through the media pipeline, fan data and 90 days of events (seconds, so not in seedDemo).
  await seedDemoContent(app);
  // The stats read roll-ups only: count the demo's events into them.
  await rebuildAllRollups(db);
}
