import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from './helpers';

/** GET /p/{account}/{page}: the built capture.html with the server's head, first paint and data. */
describe.each(testDatabases)('capture page HTML on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { staticSite: true });
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves the capture page of the build that is there now, after a rebuild while the server runs', async () => {
    const file = path.join(t.config.staticDir!, 'capture.html');
    const before = fs.readFileSync(file, 'utf8');
    expect((await get('/p/midnightowls/summertour2026')).body).not.toContain('capture-rebuilt.js');
    // A rebuild names its script anew; the page must point to the new one, not to the one read at start.
    fs.writeFileSync(file, before.replace('</head>', '<script type="module" src="/assets/capture-rebuilt.js"></script></head>'));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    try {
      expect((await get('/p/midnightowls/summertour2026')).body).toContain('/assets/capture-rebuilt.js');
      expect((await get('/p/midnightowls/nosuchpage')).body).toContain('/assets/capture-rebuilt.js');
    } finally {
      fs.writeFileSync(file, before);
    }
  });

  it('writes the title, social tags, favicon and a first paint, never cached without asking', async () => {
    await t.db
      .updateTable('accounts')
      .set({
        socialSiteImage: '/files/a/social.png',
        socialSiteDescription: 'Owls fans',
        favicon: '/files/a/favicon.png',
        primaryColor: '#ffcc00',
        secondaryColor: '#0f766e',
      })
      .where('slug', '=', 'midnightowls')
      .execute();
    const response = await get('/p/midnightowls/summertour2026');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    // It carries this browser's capture token: no shared cache may keep it.
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    expect(html).toContain('<title>Share your best moment from the show! | The Midnight Owls</title>');
    expect(html).toContain('<meta property="og:description" content="Owls fans" />');
    expect(html).toContain('<meta property="og:image" content="http://localhost:3000/files/a/social.png" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<link rel="icon" href="/files/a/favicon.png" />');
    expect(html).toContain('<h1>Share your best moment from the show!</h1>');
    // A light primary colour gets black text and the default link colour (readable on white).
    expect(html).toContain('--primary:#ffcc00;--on-primary:#000000;--accent:#1d4ed8');
    // The secondary colour fills the file pickers, with white text on this dark one.
    expect(html).toContain('--secondary:#0f766e;--on-secondary:#ffffff');
    const data = /<script type="application\/json" id="capture-data">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data!)).toMatchObject({ ok: true, payload: { page: { slug: 'summertour2026' } } });
    expect(html).not.toMatch(/<script>(?!<)/);
  });

  it('escapes what the account typed, in the head, the first paint and the data', async () => {
    const evil = `</title><script>alert("x")</script>&"'`;
    await t.db.updateTable('pages').set({ title: evil }).where('slug', '=', 'matchdaymoments').execute();
    await t.db.updateTable('accounts').set({ name: `Harbor <b>FC</b>` }).where('slug', '=', 'harborcityfc').execute();
    const html = (await get('/p/harborcityfc/matchdaymoments')).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>FC</b>');
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&quot;&#39; | Harbor &lt;b&gt;FC&lt;/b&gt;</title>');
    expect(html).toContain('\\u003c/title\\u003e\\u003cscript\\u003e');
  });

  it('answers 404 for an unknown page and the refusal for a closed one, with its message', async () => {
    const missing = await get('/p/midnightowls/nosuchpage');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>Page not found</title>');
    expect(missing.body).toContain('This page does not exist.');
    const pending = await get('/p/midnightowls/acousticsessions');
    expect(pending.statusCode).toBe(403);
    expect(pending.body).toContain('This page is not available right now.');
    const tooLong = await get(`/p/midnightowls/${'x'.repeat(300)}`);
    expect(tooLong.statusCode).toBe(404);
    expect(tooLong.body).toContain('This page does not exist.');
    expect((await get('/p/midnightowls')).statusCode).toBe(404);
  });
});
