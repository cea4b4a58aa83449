import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, readOutbox, signIn, testDatabases, type TestApp } from './helpers';
import { insertUpload } from './uploadFixtures';
import { makeMedia } from './captureMedia';
import { fanReceivedMailHandler } from '../../server/jobs/fanMails';
import type { JobContext } from '../../server/adapters/queue';
import { FAN_RECEIVED_MAIL_JOB } from '#shared/domain/constants';

/**
 * The fans' side in the fan's language: the capture page, the embeddable wall and the
 * share page are written in a link's ?lang=, else the best match of Accept-Language, else
 * English (the fan's remembered choice lives in the page's localStorage: no cookie is read); a submission keeps the language it was made in, on the
 * submission and its consent record, and the fan's mail is written in it.
 */
describe.each(testDatabases)("the fan's language on $name", (kind) => {
  let t: TestApp;
  let band: string;
  let media: ReturnType<typeof makeMedia>;
  const OWLS = { accountSlug: 'midnightowls', pageSlug: 'summertour2026' };
  beforeAll(async () => {
    t = await createTestApp(kind, { staticSite: true });
    band = (await demoAccounts(t.db)).band;
    await t.db
      .updateTable('pages')
      .set({ customTerms: JSON.stringify(['I filmed this myself']) })
      .where('accountId', '=', band)
      .where('slug', '=', 'summertour2026')
      .execute();
    media = makeMedia();
  });
  afterAll(async () => {
    await t?.close();
    media?.cleanup();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it("writes the capture page in the best match of Accept-Language, and in a link's ?lang= before it, never from a cookie", async () => {
    const spanish = await get('/p/midnightowls/summertour2026', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers.vary).toContain('Accept-Language');
    const html = spanish.body;
    expect(html).toMatch(/<html lang="es">/);
    expect(html).toContain('<meta property="og:locale" content="es_ES" />');
    expect(html).toContain('Cargando el formulario…');
    expect(html).toContain('>Ir al contenido</a>');
    expect(html).toContain('<label for="fan-locale" data-fan="language">Idioma</label>');
    expect(html).toContain('<option value="es" lang="es" selected>Español</option>');
    // The account's words stay as written.
    expect(html).toContain('<h1>Share your best moment from the show!</h1>');
    // The page's script starts from the Spanish strings the server wrote in.
    const strings = JSON.parse(/<script type="application\/json" id="fan-text">(.*?)<\/script>/.exec(html)![1]) as {
      locale: string;
      messages: { form: { send: string } };
    };
    expect(strings).toMatchObject({ locale: 'es', messages: { form: { send: 'Enviar' } } });

    expect(spanish.headers.vary).not.toContain('Cookie');
    expect(spanish.headers['set-cookie']).toBeUndefined();
    const linked = await get('/p/midnightowls/summertour2026?lang=de', { 'accept-language': 'es-MX' });
    expect(linked.body).toMatch(/<html lang="de">/);
    expect(linked.body).toContain('Formular wird geladen…');
    const wallLinked = await get('/p/midnightowls/summertour2026/wall?lang=pt', { 'accept-language': 'es-MX' });
    expect(wallLinked.body).toMatch(/<html lang="pt">/);
    // A language we do not speak, or a repeated parameter, is no choice; the old cookie is not read.
    for (const url of ['/p/midnightowls/summertour2026?lang=klingon', '/p/midnightowls/summertour2026?lang=de&lang=fr']) {
      const ignored = await get(url, { 'accept-language': 'es-MX' });
      expect(ignored.statusCode).toBe(200);
      expect(ignored.body).toMatch(/<html lang="es">/);
    }
    const oldCookie = await get('/p/midnightowls/summertour2026', { 'accept-language': 'es-MX', cookie: 'fan_locale=de' });
    expect(oldCookie.body).toMatch(/<html lang="es">/);
    const fallback = await get('/p/midnightowls/summertour2026', { 'accept-language': 'ja, ko;q=0.5' });
    expect(fallback.body).toMatch(/<html lang="en">/);
    expect(fallback.body).toContain('Loading the form…');
    const refused = await get('/p/midnightowls/nosuchpage', { 'accept-language': 'pt-BR' });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain('<title>Página não encontrada</title>');
    expect(refused.body).toContain('Esta página não existe.');
  });

  it('writes the embeddable wall and the share page in Spanish, their social tags too', async () => {
    const wall = await get('/p/midnightowls/summertour2026/wall', { 'accept-language': 'es-MX' });
    expect(wall.statusCode).toBe(200);
    expect(wall.body).toMatch(/<html lang="es">/);
    expect(wall.body).toContain('Cargando…');

    const pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).where('slug', '=', 'summertour2026').executeTakeFirstOrThrow())
      .id;
    await t.db.updateTable('pages').set({ requireApproval: 0 }).where('id', '=', pageId).execute();
    await t.db.updateTable('accounts').set({ socialSiteDescription: null }).where('id', '=', band).execute();
    const upload = await insertUpload(t.db, {
      accountId: band,
      pageId,
      mp4: `accounts/${band}/u/video.mp4`,
      thumbnail: `accounts/${band}/u/thumb.jpg`,
      viewCount: 12345,
      likeCount: 1,
    });
    const share = await get(`/s/${upload.shareToken}`, { 'accept-language': 'es-MX' });
    expect(share.statusCode).toBe(200);
    expect(share.body).toMatch(/<html lang="es">/);
    expect(share.body).toContain('<meta property="og:description" content="Un video de fan en The Midnight Owls" />');
    expect(share.body).toContain('12.345 reproducciones');
    expect(share.body).toContain('1 me gusta');
    expect(share.body).toContain('Comparte el tuyo');
    const gone = await get('/s/nosuchtoken', { 'accept-language': 'es-MX' });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('Este video o foto no está disponible.');
  });

  it('keeps the language of a Spanish submission on it and its consent record, and mails the fan in Spanish', async () => {
    const send = async (headers: Record<string, string>, extra: Record<string, unknown>, email: string) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/public/uploads',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': String(media.mp4.length),
          'upload-metadata': Object.entries({ ...OWLS, filename: 'clip.mp4', filetype: 'video/mp4' })
            .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
            .join(','),
        },
      });
      expect(created.statusCode).toBe(201);
      const id = created.headers.location!.split('/').pop()!;
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/api/public/uploads/${id}`,
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: media.mp4,
      });
      expect(patched.statusCode).toBe(204);
      const body = {
        uploadId: id,
        firstName: 'Lucía',
        lastName: 'Pérez',
        email,
        country: 'MX',
        city: 'Monterrey',
        state: 'NL',
        venueCity: 'Denver, CO',
        song: 'Hollow Moon',
        terms: [true],
        ...extra,
      };
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/public/pages/${OWLS.accountSlug}/${OWLS.pageSlug}/submissions`,
        headers,
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: string; uploadId: string };
    };
    // The page says which language it was shown in; a client that does not is taken at its Accept-Language.
    const said = await send({}, { locale: 'es' }, 'lucia@example.com');
    const negotiated = await send({ 'accept-language': 'es-MX' }, {}, 'lucia2@example.com');
    for (const { id } of [said, negotiated]) {
      expect((await t.db.selectFrom('submissions').select('locale').where('id', '=', id).executeTakeFirstOrThrow()).locale).toBe('es');
      const consent = await t.db.selectFrom('consentRecords').select(['locale', 'consents']).where('submissionId', '=', id).executeTakeFirstOrThrow();
      expect(consent.locale).toBe('es');
      // The texts exactly as shown: the account's own words.
      expect(JSON.parse(consent.consents)).toContainEqual({ kind: 'term', text: 'I filmed this myself', required: true, accepted: true });
    }
    // A language we do not speak is bad input, not a 500.
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/public/pages/${OWLS.accountSlug}/${OWLS.pageSlug}/submissions`,
      payload: { uploadId: 'x', locale: 'tlh' },
    });
    expect(bad.statusCode).toBe(400);

    // The content dialog's consent says the language the texts were shown in.
    const cookie = await signIn(t.app, 'owner@example.com');
    const detail = await t.app.inject({ method: 'GET', url: `/api/accounts/${band}/videos/${said.uploadId}`, headers: { cookie } });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ consent: { locale: 'es' } });

    // The received mail was queued with the submission; run it as a worker would.
    if (t.app.deps.queue.driver === 'table') {
      const job = await t.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', FAN_RECEIVED_MAIL_JOB)
        .where('payload', '=', JSON.stringify({ uploadId: said.uploadId }))
        .executeTakeFirst();
      expect(job).toBeDefined();
    }
    const context: JobContext = { id: 'job', kind: FAN_RECEIVED_MAIL_JOB, attempt: 1, maxAttempts: 5, signal: new AbortController().signal };
    await fanReceivedMailHandler(t.app.deps)({ uploadId: said.uploadId }, context);
    await fanReceivedMailHandler(t.app.deps)({ uploadId: said.uploadId }, context);
    const mails = readOutbox(t.dataDir).filter((mail) => mail.to === 'lucia@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('The Midnight Owls recibió tu envío');
    expect(mails[0].text).toContain('Hola, Lucía Pérez:');
    expect(mails[0].text).toContain('The Midnight Owls lo revisará pronto.');
  });
});
