import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { route, type RouteDef } from './define';
import { contentAnswer } from './answers';

/**
 * Country shapes for the Visitors by Country map, from the world-atlas package: served by us so
 * the console fetches nothing from the internet (no tile server). Cached for a year: the file
 * changes only with the package.
 */
const MAP_FILES = ['countries-110m.json'] as const;
const require = createRequire(import.meta.url);
const cache = new Map<string, Buffer>();

export const mapRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/assets/maps/:file',
    access: 'public',
    summary: 'World country shapes (TopoJSON from world-atlas) for the Insights map',
    tags: ['insights'],
    schema: {
      params: z.object({ file: z.enum(MAP_FILES) }),
      response: { 200: contentAnswer('The TopoJSON file as world-atlas ships it', 'application/json') },
    },
    async handler(request, reply) {
      const { file } = request.params;
      let body = cache.get(file);
      if (!body) cache.set(file, (body = await fs.readFile(require.resolve(`world-atlas/${file}`))));
      return reply.header('content-type', 'application/json').header('cache-control', 'public, max-age=31536000, immutable').send(body);
    },
  }),
];
