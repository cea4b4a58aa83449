import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, readOutbox, signIn, testDatabases, type TestApp } from './helpers';
import { insertSubmission, insertUpload } from './uploadFixtures';
import { rightsRequestMailHandler } from '../../server/jobs/rightsMail';
import { rightsLink } from '../../server/services/rightsLinks';
import { writeReleaseVersion } from '../../server/services/releaseTexts';
import { DEFAULT_RELEASE_TEXTS } from '#shared/domain/rights';
import { RIGHTS_REQUEST_MAIL_JOB } from '#shared/domain/constants';
import type { JobContext } from '../../server/adapters/queue';

/**
 * Rights requests: staff ask the fans of chosen uploads for the rights to use them; each fan gets
 * one mail in their language with a signed link, grants, declines or later revokes per clip, and
 * each answer is recorded with the exact text and version. An account using only clips with rights
 * granted keeps the others off the wall and out of reels.
 */
describe.each(testDatabases)('rights requests on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let team: string;
  let pageId: string;
  let wallUrl: string;
  const ids: Record<'video' | 'photo' | 'french' | 'noEmail' | 'other', string> = { video: '', photo: '', french: '', noEmail: '', other: '' };
  const cookies: Record<string, string> = {};
  const job: JobContext = { id: 'job', kind: RIGHTS_REQUEST_MAIL_JOB, attempt: 1, maxAttempts: 5, signal: new AbortController().signal };

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ band, team } = await demoAccounts(t.db));
    const page = await t.db
      .selectFrom('pages')
      .innerJoin('accounts', 'accounts.id', 'pages.accountId')
      .select(['pages.id', 'pages.slug', 'accounts.slug as accountSlug'])
      .where('pages.accountId', '=', band)
      .where('pages.status', '=', 'enabled')
      .executeTakeFirstOrThrow();
    pageId = page.id;
    wallUrl = `/api/public/pages/${page.accountSlug}/${page.slug}/wall`;
    await t.db.updateTable('pages').set({ requireApproval: 0 }).where('id', '=', pageId).execute();
    const clip = async (email: string | null, locale: string, input: Parameters<typeof insertUpload>[1] = { accountId: band, pageId }) => {
      const upload = await insertUpload(t.db, { mp4: `accounts/${input.accountId}/u/v.mp4`, ...input });
      await insertSubmission(t.db, {
        accountId: input.accountId,
        pageId: input.pageId,
        uploadId: upload.id,
        email,
        firstName: 'Lucía',
        lastName: 'Pérez',
        locale,
      });
      return upload.id;
    };
    ids.video = await clip('lucia@example.com', 'es');
    ids.photo = await clip('Lucia@Example.com', 'es', { accountId: band, pageId, type: 'image', image: `accounts/${band}/u/p.jpg`, mp4: null });
    ids.french = await clip('zoe@example.com', 'fr');
    ids.noEmail = await clip(null, 'en');
    const teamPage = (await t.db.selectFrom('pages').select('id').where('accountId', '=', team).executeTakeFirstOrThrow()).id;
    ids.other = await clip('other@example.com', 'en', { accountId: team, pageId: teamPage });
    for (const who of ['owner', 'user', 'readonly']) cookies[who] = await signIn(t.app, `${who}@example.com`);
  });
  afterAll(async () => t?.close());

  const api = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });
  const request = (who: string, payload: object) => api(who, 'POST', `/api/accounts/${band}/rights-requests`, payload);
  const statusOf = async (id: string) => (await t.db.selectFrom('uploads').select('rightsStatus').where('id', '=', id).executeTakeFirstOrThrow()).rightsStatus;
  const linkIdOf = async (uploadId: string) =>
    (await t.db.selectFrom('rightsRequests').select('linkId').where('uploadId', '=', uploadId).orderBy('createdAt', 'desc').executeTakeFirstOrThrow()).linkId;
  const linkTo = (to: string) =>
    /(http:\/\/localhost:3000\/rights\/\S+)/
      .exec(readOutbox(t.dataDir).find((mail) => mail.to.toLowerCase() === to)!.text)![1]
      .replace('http://localhost:3000', '');
  const form = (path: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: path.split('?')[0],
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const answer = (link: string, uploadId: string, value: string) => {
    const query = new URLSearchParams(link.split('?')[1]);
    return t.db
      .selectFrom('rightsRequests')
      .select('id')
      .where('uploadId', '=', uploadId)
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow()
      .then(({ id }) => form(link, { e: query.get('e')!, s: query.get('s')!, request: id, answer: value }));
  };

  it("refuses bad input, other accounts' uploads and read-only members, writing nothing", async () => {
    for (const body of [{}, { ids: [] }, { ids: 'x' }, { ids: [ids.video], extra: 1 }, { ids: Array(101).fill(ids.video) }]) {
      expect((await request('user', body)).statusCode).toBe(400);
    }
    expect((await request('user', { ids: [ids.video, ids.other] })).statusCode).toBe(404);
    expect((await request('readonly', { ids: [ids.video] })).statusCode).toBe(403);
    expect((await request('user', { ids: [ids.noEmail] })).json()).toMatchObject({
      message: 'Nobody to ask: no fan e-mail address is recorded for these uploads',
    });
    expect(await t.db.selectFrom('rightsRequests').selectAll().execute()).toEqual([]);
    // Read-only members see the status: the list, and the filter of Fan Uploads.
    expect((await api('readonly', 'GET', `/api/accounts/${band}/rights-requests`)).statusCode).toBe(200);
    expect((await api('readonly', 'GET', `/api/accounts/${band}/videos?rights=bogus`)).statusCode).toBe(400);
  });

  it('mails each fan once, in the language recorded at upload, listing their clips, the release text and a link', async () => {
    const response = await request('user', { ids: [ids.video, ids.photo, ids.french, ids.noEmail] });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      requested: expect.arrayContaining([ids.video, ids.photo, ids.french]),
      mails: 2,
      releaseVersion: 1,
      skipped: [{ id: ids.noEmail, reason: 'noEmail' }],
    });
    const links = [...new Set([await linkIdOf(ids.video), await linkIdOf(ids.photo), await linkIdOf(ids.french)])];
    expect(links).toHaveLength(2);
    // At least once: a job run twice sends one mail.
    for (const linkId of links) for (let run = 0; run < 2; run += 1) await rightsRequestMailHandler(t.app.deps)({ linkId }, job);
    const spanish = readOutbox(t.dataDir).filter((mail) => mail.to.toLowerCase() === 'lucia@example.com');
    expect(spanish).toHaveLength(1);
    expect(spanish[0].subject).toBe('The Midnight Owls quiere usar tus vídeos');
    expect(spanish[0].text).toContain('• Vídeo · ');
    expect(spanish[0].text).toContain('• Foto · ');
    expect(spanish[0].text).toContain(DEFAULT_RELEASE_TEXTS.es);
    const french = readOutbox(t.dataDir).filter((mail) => mail.to === 'zoe@example.com');
    expect(french).toHaveLength(1);
    expect(french[0].subject).toBe('The Midnight Owls souhaite utiliser vos contenus');
    expect(await statusOf(ids.video)).toBe('requested');
    const list = await api('readonly', 'GET', `/api/accounts/${band}/videos?rights=requested`);
    expect(
      list
        .json()
        .data.map((card: { id: string }) => card.id)
        .sort(),
    ).toEqual([ids.video, ids.photo, ids.french].sort());
    // Asked already: skipped, no second mail.
    expect((await request('user', { ids: [ids.video] })).json()).toMatchObject({ mails: 0, skipped: [{ id: ids.video, reason: 'requested' }] });
  });

  it('records each grant and decline with the exact text, its version, the language and a salted address', async () => {
    const link = linkTo('lucia@example.com');
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<html lang="es">/);
    expect(page.body).toContain('Lo que aceptas (versión 1)');
    // Her photo is shown so she can tell her clips apart; the video has no poster yet, so no picture.
    const pictures = [...page.body.matchAll(/<img src="([^"]+)"/g)].map((match) => match[1]);
    expect(pictures).toHaveLength(1);
    expect(pictures[0]).toContain('p.jpg');
    const granted = await answer(link, ids.video, 'granted');
    expect(granted.statusCode).toBe(303);
    expect((await t.app.inject({ method: 'GET', url: granted.headers.location as string })).body).toContain('Tu respuesta está guardada.');
    expect((await answer(link, ids.photo, 'declined')).statusCode).toBe(303);
    expect([await statusOf(ids.video), await statusOf(ids.photo)]).toEqual(['granted', 'declined']);
    const answers = await t.db.selectFrom('rightsAnswers').selectAll().orderBy('createdAt').execute();
    expect(answers.map((row) => [row.uploadId, row.answer, row.releaseVersion, row.locale, row.text])).toEqual([
      [ids.video, 'granted', 1, 'es', DEFAULT_RELEASE_TEXTS.es],
      [ids.photo, 'declined', 1, 'es', DEFAULT_RELEASE_TEXTS.es],
    ]);
    expect(answers[0].addressKey).toMatch(/^[\w-]{32}$/);
    expect(answers[0].addressKey).not.toContain('127.0.0.1');
    // A second click on the same answer changes nothing (409 page), a made-up answer is refused (400).
    expect((await answer(link, ids.video, 'granted')).statusCode).toBe(409);
    expect((await answer(link, ids.video, 'maybe')).statusCode).toBe(400);
    expect(await t.db.selectFrom('rightsAnswers').selectAll().execute()).toHaveLength(2);
  });

  it('keeps old release text versions as fans saw them: saving makes a new version, an old one is read-only', async () => {
    const list = await api('readonly', 'GET', `/api/accounts/${band}/release-texts`);
    const [v1] = list.json().data;
    expect(v1).toMatchObject({ version: 1, textFr: DEFAULT_RELEASE_TEXTS.fr });
    const saved = await api('user', 'PUT', `/api/accounts/${band}/release-texts/${v1.id}`, { textEn: 'Our own words.' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, textEn: 'Our own words.', textFr: DEFAULT_RELEASE_TEXTS.fr });
    const old = await api('user', 'PUT', `/api/accounts/${band}/release-texts/${v1.id}`, { textEn: 'Changed.' });
    expect(old.statusCode).toBe(409);
    // Two saves of the latest version at once: one makes the next version, the other is told it is no longer the latest.
    const v2 = saved.json();
    const both = await Promise.all(['Ours.', 'Theirs.'].map((textEn) => api('user', 'PUT', `/api/accounts/${band}/release-texts/${v2.id}`, { textEn })));
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await api('readonly', 'GET', `/api/accounts/${band}/release-texts/${v1.id}`)).json()).toMatchObject({
      version: 1,
      textEn: DEFAULT_RELEASE_TEXTS.en,
    });
    expect((await api('readonly', 'PUT', `/api/accounts/${band}/release-texts/${v1.id}`, { textEn: 'x' })).statusCode).toBe(403);
    expect((await api('user', 'POST', `/api/accounts/${band}/release-texts`, { textEn: 'x'.repeat(5001) })).statusCode).toBe(400);
    // The fan's page still shows the version they were asked with.
    expect((await t.app.inject({ method: 'GET', url: linkTo('zoe@example.com') })).body).toContain('Ce que vous acceptez (version 1)');
  });

  it('refuses a save of a version another save superseded, even once it was checked as the latest', async () => {
    // PostgreSQL's interleaving of two saves at once: both checked the same version as the latest,
    // and the first committed before the second wrote.
    const versions = async () =>
      ((await api('readonly', 'GET', `/api/accounts/${band}/release-texts`)).json().data as { id: string; version: number; textEn: string }[]).sort(
        (a, b) => b.version - a.version,
      );
    const [latest] = await versions();
    await t.db.transaction().execute((trx) => writeReleaseVersion(trx, band, { textEn: 'First.' }, latest.id));
    const second = t.db.transaction().execute((trx) => writeReleaseVersion(trx, band, { textEn: 'Second.' }, latest.id));
    await expect(second).rejects.toMatchObject({ status: 409 });
    expect((await versions())[0]).toMatchObject({ version: latest.version + 1, textEn: 'First.' });
  });

  it('keeps clips without granted rights off the wall where required, and a revoke takes a clip out of the wall and its reels', async () => {
    const wallIds = async () => ((await t.app.inject({ method: 'GET', url: wallUrl })).json() as { data: { id: string }[] }).data.map((item) => item.id);
    expect(await wallIds()).toEqual(expect.arrayContaining([ids.video, ids.photo, ids.french]));
    const account = await api('owner', 'GET', `/api/accounts/${band}`);
    expect(account.json().rightsRequired).toBe(false);
    await t.db.updateTable('accounts').set({ rightsRequired: 1 }).where('id', '=', band).execute();
    const shown = await wallIds();
    expect(shown).toContain(ids.video);
    expect(shown).not.toContain(ids.photo);
    expect(shown).not.toContain(ids.french);
    const now = new Date().toISOString();
    await t.db
      .insertInto('reels')
      .values({
        id: 'rights-reel',
        accountId: band,
        name: 'Show',
        clips: JSON.stringify([ids.video, ids.french]),
        status: 'done',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    expect((await answer(linkTo('lucia@example.com'), ids.video, 'revoked')).statusCode).toBe(303);
    expect(await statusOf(ids.video)).toBe('revoked');
    expect(await wallIds()).not.toContain(ids.video);
    const reel = await t.db.selectFrom('reels').selectAll().where('id', '=', 'rights-reel').executeTakeFirstOrThrow();
    expect([reel.status, JSON.parse(reel.clips)]).toEqual(['outOfDate', [ids.french]]);
    expect(
      (await t.db.selectFrom('rightsAnswers').select('answer').where('uploadId', '=', ids.video).orderBy('createdAt').execute()).map((row) => row.answer),
    ).toEqual(['granted', 'revoked']);
  });

  it('refuses forged, expired and unknown links with a clear page (403, 403, 404), never a 500', async () => {
    const link = linkTo('zoe@example.com');
    const forged = await t.app.inject({ method: 'GET', url: link.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA') });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('This link is not valid.');
    const linkId = await linkIdOf(ids.french);
    const expired = rightsLink(t.config, linkId, '2020-01-01T00:00:00.000Z').replace('http://localhost:3000', '');
    const old = await t.app.inject({ method: 'GET', url: expired });
    expect(old.statusCode).toBe(403);
    expect(old.body).toContain('This link has expired.');
    const unknown = rightsLink(t.config, 'nosuchlink', '2099-01-01T00:00:00.000Z').replace('http://localhost:3000', '');
    expect((await t.app.inject({ method: 'GET', url: unknown })).statusCode).toBe(404);
    for (const url of ['/rights/x', '/rights/x?e=abc&s=1', '/rights/%00?e=1&s=1', `${link}&e=1`]) {
      expect([403, 404]).toContain((await t.app.inject({ method: 'GET', url })).statusCode);
    }
    const query = new URLSearchParams(link.split('?')[1]);
    expect((await form(link, { e: query.get('e')!, s: 'forged', request: 'x', answer: 'granted' })).statusCode).toBe(403);
    expect((await form(link, { e: query.get('e')!, s: query.get('s')!, request: 'someone-else', answer: 'granted' })).statusCode).toBe(404);
    const junk = await t.app.inject({
      method: 'POST',
      url: link.split('?')[0],
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x'.repeat(5000),
    });
    expect(junk.statusCode).toBeLessThan(500);
    expect(await statusOf(ids.french)).toBe('requested');
  });

  it("erases a fan's rights requests and answers with the fan; their link then finds nothing", async () => {
    const link = linkTo('zoe@example.com');
    expect((await answer(link, ids.french, 'granted')).statusCode).toBe(303);
    expect((await api('owner', 'POST', `/api/accounts/${band}/fans/erase`, { email: 'zoe@example.com' })).statusCode).toBe(200);
    expect(await t.db.selectFrom('rightsRequests').selectAll().where('uploadId', '=', ids.french).execute()).toEqual([]);
    expect(await t.db.selectFrom('rightsAnswers').selectAll().where('uploadId', '=', ids.french).execute()).toEqual([]);
    const gone = await t.app.inject({ method: 'GET', url: link });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('There is nothing to answer here any more.');
  });
});
