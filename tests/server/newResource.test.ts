import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Migrator } from 'kysely';
import type { AnyResource } from '#shared/resources/define';
import type { ResourceBehaviour } from '../../server/resources/behaviour';
import { scaffold } from '../../scripts/newResource';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { migrationsIn } from '../../server/db/migrations';
import { seedDemo } from '../../scripts/demoSeed';
import { demoAccounts, freshDb, signIn } from './helpers';

/**
 * `npm run new:resource <name>` on a copy of the repository's lists: it writes the declaration,
 * the strings and the migration, lists the declaration, and the resource they make is served end to end.
 */
const repo = path.resolve(import.meta.dirname, '../..');

describe('npm run new:resource', () => {
  let root: string;
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let result: ReturnType<typeof scaffold>;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-scaffold-'));
    fs.mkdirSync(path.join(root, 'shared'));
    fs.symlinkSync(path.join(repo, 'shared/domain'), path.join(root, 'shared/domain'));
    fs.cpSync(path.join(repo, 'shared/resources'), path.join(root, 'shared/resources'), { recursive: true });
    fs.cpSync(path.join(repo, 'server/db/migrations'), path.join(root, 'server/db/migrations'), { recursive: true });
    // The copied migrations import #shared/* through the package's imports.
    fs.symlinkSync(path.join(repo, 'package.json'), path.join(root, 'package.json'));
    result = scaffold('gizmo-kits', root, { now: new Date('2020-01-01T00:00:00Z') });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('writes three files and lists the declaration', () => {
    const [declaration, messages, migration] = result.written;
    expect(declaration).toBe('shared/resources/gizmo-kits.ts');
    expect(messages).toBe('shared/resources/gizmo-kits.messages.ts');
    // After the newest migration, whatever the clock says.
    const newest = fs
      .readdirSync(path.join(repo, 'server/db/migrations'))
      .filter((file) => /^\d{14}-/.test(file))
      .sort()
      .at(-1)!;
    expect(migration).toMatch(/^server\/db\/migrations\/\d{14}-GizmoKits\.ts$/);
    expect(path.basename(migration) > newest).toBe(true);
    const resourcesIndex = fs.readFileSync(path.join(root, 'shared/resources/index.ts'), 'utf8');
    expect(resourcesIndex).toContain("import { gizmoKits } from './gizmo-kits';");
    expect(resourcesIndex).toMatch(/\n {2}gizmoKits,\n\];/);
    // The migration runs because it is in the folder (below): no list of migrations is edited.
    expect(result.edited).toEqual(['shared/resources/index.ts']);
    expect(() => scaffold('gizmo-kits', root)).toThrow('exists already');
    expect(() => scaffold('Gizmo', root)).toThrow('is not a resource name');
  });

  it('makes a resource that is served with its routes, guards and table', async () => {
    const { gizmoKits } = (await import(path.join(root, result.written[0]))) as { gizmoKits: AnyResource };
    const fresh = await freshDb({ name: 'sqlite' });
    drop = async () => {
      await fresh.db.destroy();
      await fresh.drop();
    };
    const migrations = await migrationsIn(path.join(root, 'server/db/migrations'));
    expect(Object.keys(migrations).at(-1)).toBe(path.basename(result.written[2], '.ts'));
    const { error } = await new Migrator({ db: fresh.db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    expect(error).toBeUndefined();
    await seedDemo(fresh.db);
    const config = loadConfig({ DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, {
      staticDir: undefined,
      baseUrl: 'http://localhost:3000',
    });
    app = await buildApp(config, { db: fresh.db, logger: false, resources: [gizmoKits] });
    await app.ready();
    const { band } = await demoAccounts(fresh.db);
    const user = await signIn(app, 'user@example.com');
    const created = await app.inject({ method: 'POST', url: `/api/accounts/${band}/gizmo-kits`, headers: { cookie: user }, payload: { name: 'Starter kit' } });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/accounts/${band}/gizmo-kits/${created.json().id}`;
    expect(app.routeTable.map((def) => def.url)).toContain('/api/accounts/:id/gizmo-kits/:gizmoKitId');
    const list = await app.inject({ method: 'GET', url: `/api/accounts/${band}/gizmo-kits?q=starter`, headers: { cookie: user } });
    expect(list.json()).toMatchObject({ total: 1, data: [{ name: 'Starter kit', notes: null }] });
    const readonly = await signIn(app, 'readonly@example.com');
    expect((await app.inject({ method: 'DELETE', url, headers: { cookie: readonly } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url, headers: { cookie: user } })).statusCode).toBe(200);
  });

  describe('--parent pages --action publish', () => {
    let withAction: ReturnType<typeof scaffold>;
    let actionApp: FastifyInstance;
    let dropAction: () => Promise<void>;

    beforeAll(() => {
      // The behaviours' list is edited, so it is a copy; the files it and the new behaviour import stay the repository's.
      fs.mkdirSync(path.join(root, 'server/resources'), { recursive: true });
      for (const file of fs.readdirSync(path.join(repo, 'server/resources'))) {
        const target = path.join(repo, 'server/resources', file);
        if (file === 'behaviours.ts') fs.copyFileSync(target, path.join(root, 'server/resources', file));
        else fs.symlinkSync(target, path.join(root, 'server/resources', file));
      }
      fs.symlinkSync(path.join(repo, 'server/errors.ts'), path.join(root, 'server/errors.ts'));
      withAction = scaffold('gig-notes', root, { parent: 'pages', action: 'publish', now: new Date('2020-01-01T00:00:00Z') });
    });
    afterAll(async () => {
      await actionApp?.close();
      await dropAction?.();
    });

    it('writes a behaviour beside the declaration and lists both', () => {
      expect(withAction.written).toEqual([
        'shared/resources/gig-notes.ts',
        'shared/resources/gig-notes.messages.ts',
        expect.stringMatching(/^server\/db\/migrations\/\d{14}-GigNotes\.ts$/),
        'server/resources/gig-notes.ts',
      ]);
      expect(withAction.edited).toEqual(['shared/resources/index.ts', 'server/resources/behaviours.ts']);
      expect(fs.readFileSync(path.join(root, 'server/resources/behaviours.ts'), 'utf8')).toMatch(/\n {2}'gig-notes': gigNotesBehaviour,\n\};/);
      expect(() => scaffold('gig-lists', root, { parent: 'venues' })).toThrow('a resource goes under one of pages, uploads');
    });

    it('makes a resource under a page whose action works, refused twice by its hook', async () => {
      const { gigNotes } = (await import(path.join(root, withAction.written[0]))) as { gigNotes: AnyResource };
      const { gigNotesBehaviour } = (await import(path.join(root, withAction.written[3]))) as { gigNotesBehaviour: ResourceBehaviour };
      const fresh = await freshDb({ name: 'sqlite' });
      dropAction = async () => {
        await fresh.db.destroy();
        await fresh.drop();
      };
      const migrations = await migrationsIn(path.join(root, 'server/db/migrations'));
      expect((await new Migrator({ db: fresh.db, provider: { getMigrations: async () => migrations } }).migrateToLatest()).error).toBeUndefined();
      await seedDemo(fresh.db);
      const config = loadConfig({ DATA_DIR: path.join(root, 'data-action'), LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, {
        staticDir: undefined,
        baseUrl: 'http://localhost:3000',
      });
      actionApp = await buildApp(config, { db: fresh.db, logger: false, resources: [gigNotes], behaviours: { 'gig-notes': gigNotesBehaviour } });
      await actionApp.ready();
      const { band } = await demoAccounts(fresh.db);
      const page = await fresh.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow();
      const user = await signIn(actionApp, 'user@example.com');
      const send = (method: 'POST' | 'GET', url: string, cookie: string, payload?: object) =>
        actionApp.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      const created = await send('POST', `/api/pages/${page.id}/gig-notes`, user, { name: 'Soundcheck' });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ name: 'Soundcheck', status: 'draft' });
      const publish = `/api/pages/${page.id}/gig-notes/${created.json().id}/publish`;
      expect((await send('POST', publish, await signIn(actionApp, 'readonly@example.com'))).statusCode).toBe(403);
      expect((await send('POST', publish, user)).json()).toMatchObject({ status: 'published' });
      const twice = await send('POST', publish, user);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('That is done already');
      expect(actionApp.routeTable.map((def) => `${def.method} ${def.url}`)).toContain('POST /api/pages/:id/gig-notes/publish');
    });
  });
});
