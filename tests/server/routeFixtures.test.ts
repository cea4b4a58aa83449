import { describe, expect, it } from 'vitest';
import { crossAccountRoutes, paramKeys, pathValues, type WalkWorld } from './routeFixtures';
import type { RouteDef } from '../../server/routes/define';

/** The walks' path values come from one table, and a parameter it lacks stops them by name. */
describe('route walk fixtures', () => {
  const world = { accountA: 'account-a', t: { app: { resources: [] } } } as unknown as WalkWorld;

  it('looks up :id by the path before it and other parameters by name', () => {
    expect(paramKeys('/api/accounts/:id/venues/:venueId')).toEqual([
      { name: 'id', key: '/api/accounts/:id' },
      { name: 'venueId', key: ':venueId' },
    ]);
  });

  it('fails with "add a fixture for :xId" for a parameter nobody listed', async () => {
    await expect(pathValues(world)({ method: 'GET', url: '/api/accounts/:id/gadgets/:gadgetId' })).rejects.toThrow('add a fixture for :gadgetId');
    await expect(pathValues(world)({ method: 'GET', url: '/api/gadgets/:id' })).rejects.toThrow('add a fixture for :id (/api/gadgets/:id)');
  });

  it('checks across accounts every route reaching a record through the account in its path', () => {
    const def = (url: string, account?: object) =>
      ({ method: 'GET', url, access: { resource: 'pages', action: 'list', ...(account ? { account } : {}) } }) as unknown as RouteDef;
    const routes = [
      def('/api/accounts/:id/venues/:venueId'),
      def('/api/accounts/:id/venues'),
      def('/api/pages/:id', { from: 'record', table: 'pages', param: 'id' }),
    ];
    expect(crossAccountRoutes(routes).map((route) => route.url)).toEqual(['/api/accounts/:id/venues/:venueId']);
  });
});
