import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createPage } from '../../server/services/pages';
import { createUser } from '../../server/services/users';
import { addMember } from '../../server/services/accountCreate';
import type { Page } from '../../server/db/types';
import { FAN_DATA_CSV_COLUMNS, fanDataExportQuery } from '#shared/domain/schemas/fanData';
import { exportFanData } from '../../server/services/fanDataExport';
import type { Submission } from '../../server/db/types';
import { newId } from '../../server/db/rows';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';
import { insertSubmission, insertUpload, writeUploadFiles } from './uploadFixtures';

/** Fan Data: the table and its filters, the CSV export, and erasing one fan. */
describe.each(testDatabases)('fan data on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let team: string;
  let mainPage: Page;
  let otherPage: Page;
  let teamPage: Page;
  const as: Record<'owner' | 'admin' | 'user' | 'readonly' | 'platform', string> = { owner: '', admin: '', user: '', readonly: '', platform: '' };
  const get = (who: keyof typeof as, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: as[who] } });
  const table = async (query: string, who: keyof typeof as = 'readonly', account = band) => {
    const response = await get(who, `/api/accounts/${account}/data${query ? `?${query}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
    return response.json() as { data: { id: string; email: string; [key: string]: unknown }[]; total: number };
  };
  const emails = (answer: { data: { email: string }[] }) => answer.data.map((row) => row.email);
  const csvOf = async (query: string, who: keyof typeof as = 'readonly') => {
    const response = await get(who, `/api/accounts/${band}/export-submissions${query ? `?${query}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return { response, rows: parse(response.body) as string[][] };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ band, team } = await demoAccounts(t.db));
    mainPage = await createPage(t.db, band, 'Main Page');
    otherPage = await createPage(t.db, band, 'Other Page');
    teamPage = await createPage(t.db, team, 'Team Page');
    const at = (day: string) => `${day}T10:00:00.000Z`;
    const video = await insertUpload(t.db, { accountId: band, pageId: mainPage.id, viewCount: 12, likeCount: 3 });
    await insertSubmission(t.db, {
      accountId: band,
      pageId: mainPage.id,
      uploadId: video.id,
      createdAt: at('2024-05-01'),
      firstName: 'Ana',
      lastName: 'Alves',
      email: 'ana@example.com',
      city: 'Austin',
      state: 'TX',
      venueCity: 'Austin',
      song: 'Night Owl',
      artist: 'The Owls',
      marketingConsent: 1,
      termsAccepted: '["I agree to the terms","Share my video"]',
    });
    await insertSubmission(t.db, {
      accountId: band,
      pageId: mainPage.id,
      createdAt: at('2024-05-02'),
      firstName: '=HYPERLINK("http://evil.example","click")',
      lastName: 'Zed',
      email: 'zed@example.com',
      phone: '+1 555 0100',
      venueCity: 'Boston',
      song: 'Day Bird',
      artist: 'Guests',
    });
    await insertSubmission(t.db, {
      accountId: band,
      pageId: otherPage.id,
      createdAt: at('2024-05-03'),
      firstName: 'Bo',
      lastName: 'Brown',
      email: 'bo@example.com',
      venueCity: 'Austin',
      marketingConsent: 1,
    });
    await insertSubmission(t.db, { accountId: team, pageId: teamPage.id, createdAt: at('2024-05-04'), email: 'team@example.com' });
    const common = { password: 'demo1234', emailVerified: true, status: 'enabled' as const };
    await addMember(t.db, band, await createUser(t.db, { ...common, email: 'data.admin@example.com', firstName: 'Data', lastName: 'Admin' }), 'admin');
    as.owner = await signIn(t.app, 'owner@example.com');
    as.admin = await signIn(t.app, 'data.admin@example.com');
    as.user = await signIn(t.app, 'user@example.com');
    as.readonly = await signIn(t.app, 'readonly@example.com');
    as.platform = await signIn(t.app, 'admin@example.com');
  });
  afterAll(async () => t?.close());

  describe('GET /api/accounts/{id}/data', () => {
    it("answers the account's rows newest first with the spec's fields", async () => {
      const answer = await table('');
      expect(emails(answer)).toEqual(['bo@example.com', 'zed@example.com', 'ana@example.com']);
      expect(answer.total).toBe(3);
      expect(answer.data[2]).toMatchObject({
        firstName: 'Ana',
        lastName: 'Alves',
        city: 'Austin',
        state: 'TX',
        venueCity: 'Austin',
        song: 'Night Owl',
        artist: 'The Owls',
        views: 12,
        likes: 3,
        marketingConsent: true,
        // Nobody asked the fan for the rights to their upload yet.
        rights: 'none',
      });
      expect(answer.data[2].uploadVideoId).toBeTruthy();
      expect(answer.data[0]).toMatchObject({ views: 0, likes: 0, uploadVideoId: null, marketingConsent: true, rights: null });
    });

    it.each([
      ['venue=Austin', ['bo@example.com', 'ana@example.com']],
      ['song=Day%20Bird', ['zed@example.com']],
      ['artist=The%20Owls', ['ana@example.com']],
      ['marketingConsent=true', ['bo@example.com', 'ana@example.com']],
      ['marketingConsent=false', ['zed@example.com']],
      ['startDate=2024-05-02&endDate=2024-05-02', ['zed@example.com']],
      ['startDate=2024-05-02', ['bo@example.com', 'zed@example.com']],
      ['endDate=2024-05-01', ['ana@example.com']],
      ['sort=name&order=asc', ['ana@example.com', 'bo@example.com', 'zed@example.com']],
      ['sort=email&order=desc', ['zed@example.com', 'bo@example.com', 'ana@example.com']],
      ['sort=marketingConsent&order=asc', ['zed@example.com', 'ana@example.com', 'bo@example.com']],
      ['limit=1&page=2', ['zed@example.com']],
    ])('filters and sorts by %s', async (query, expected) => {
      expect(emails(await table(query))).toEqual(expected);
    });

    it('filters by a page of the account and refuses a page of another account', async () => {
      expect(emails(await table(`pageId=${otherPage.id}`))).toEqual(['bo@example.com']);
      const response = await get('readonly', `/api/accounts/${band}/data?pageId=${teamPage.id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ path: 'pageId' });
    });

    it.each([
      ['startDate=2019-12-31', 'startDate'],
      ['startDate=2024-02-30', 'startDate'],
      ['startDate=2024-05-03&endDate=2024-05-01', 'endDate'],
      ['marketingConsent=maybe', 'marketingConsent'],
      ['sort=views', 'sort'],
      ['colour=red', ''],
      ['limit=500', 'limit'],
    ])('refuses %s', async (query, path) => {
      const response = await get('readonly', `/api/accounts/${band}/data?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].path).toBe(path);
    });

    it('answers the data-filter upgrade on a plan without filters, but sorts; platform admins bypass', async () => {
      const response = await get('owner', `/api/accounts/${team}/data?venue=Austin`);
      expect(response.statusCode).toBe(402);
      expect(response.json().message).toContain('upgrade');
      expect(response.json().errors[0].message).toBe('data-filter');
      expect((await table('sort=email', 'owner', team)).total).toBe(1);
      expect((await table('startDate=2024-01-01', 'platform', team)).total).toBe(1);
      expect((await get('owner', `/api/accounts/${team}/export-submissions?venue=Austin`)).statusCode).toBe(402);
    });
  });

  describe('GET /api/accounts/{id}/export-submissions', () => {
    it('downloads the filtered rows as CSV: header, spec columns, ISO dates, consents, neutralised formulas', async () => {
      const { response, rows } = await csvOf('');
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="midnightowls-fan-data-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(rows[0]).toEqual([...FAN_DATA_CSV_COLUMNS]);
      expect(rows.slice(1).map((row) => row[2])).toEqual(['bo@example.com', 'zed@example.com', 'ana@example.com']);
      const ana = rows[3];
      expect(ana[0]).toBe('2024-05-01T10:00:00.000Z');
      expect(ana.slice(1, 3)).toEqual(['Ana Alves', 'ana@example.com']);
      expect(ana[5]).toBe('Austin, TX');
      expect(ana.slice(10, 15)).toEqual(['Austin', 'Night Owl', 'The Owls', '12', '3']);
      expect(ana[16]).toBe('Yes');
      expect(ana[17]).toBe('I agree to the terms\nShare my video');
      const zed = rows[2];
      expect(zed[1]).toBe(`'=HYPERLINK("http://evil.example","click") Zed`);
      expect(zed[7]).toBe(`'+1 555 0100`);
    });

    it('quotes every text field and neutralises formulas in any cell, whether or not a cell holds quotes or line breaks', async () => {
      const plain = {
        firstName: '-Neg',
        lastName: 'Dash',
        email: 'plain@example.com',
        country: '@home',
        city: 'Austin',
        state: 'TX',
        zip: '=1',
        phone: '+44 20 7946 0000',
        instagram: '@owl',
        tiktok: '\towl',
        venueCity: 'Rome',
        song: 'A = B',
        artist: '+Plus',
      };
      const awkward = {
        firstName: 'Quote "Q"',
        lastName: 'Line\nBreak',
        email: 'awkward@example.com',
        country: '=cmd',
        city: 'Paris',
        state: null,
        zip: null,
        phone: '-1',
        instagram: '＝FULLWIDTH()',
        tiktok: null,
        venueCity: 'Lyon, FR',
        song: 'Semi;colon',
        artist: '@"x"',
      };
      const plainRow = await insertSubmission(t.db, {
        accountId: team,
        pageId: teamPage.id,
        createdAt: '2024-06-01T10:00:00.000Z',
        ...plain,
        termsAccepted: '["=Terms"]',
      });
      const awkwardRow = await insertSubmission(t.db, { accountId: team, pageId: teamPage.id, createdAt: '2024-06-02T10:00:00.000Z', ...awkward });
      try {
        const response = await get('platform', `/api/accounts/${team}/export-submissions`);
        expect(response.statusCode, response.body).toBe(200);
        const rows = parse(response.body) as string[][];
        expect(rows[0]).toEqual([...FAN_DATA_CSV_COLUMNS]);
        expect(rows[1]).toEqual([
          '2024-06-02T10:00:00.000Z',
          'Quote "Q" Line\nBreak',
          'awkward@example.com',
          '',
          "'=cmd",
          'Paris',
          '',
          "'-1",
          "'＝FULLWIDTH()",
          '',
          'Lyon, FR',
          'Semi;colon',
          `'@"x"`,
          '0',
          '0',
          '',
          'No',
          '',
          '',
        ]);
        expect(rows[2]).toEqual([
          '2024-06-01T10:00:00.000Z',
          "'-Neg Dash",
          'plain@example.com',
          '',
          "'@home",
          'Austin, TX',
          "'=1",
          "'+44 20 7946 0000",
          "'@owl",
          "'\towl",
          'Rome',
          'A = B',
          "'+Plus",
          '0',
          '0',
          '',
          'No',
          "'=Terms",
          '',
        ]);
        expect(response.body.split('\n')).toContain(
          `"2024-06-01T10:00:00.000Z","'-Neg Dash","plain@example.com","","'@home","Austin, TX","'=1","'+44 20 7946 0000","'@owl","'\towl","Rome","A = B","'+Plus",0,0,"","No","'=Terms",""`,
        );
      } finally {
        await t.db.deleteFrom('submissions').where('id', 'in', [plainRow.id, awkwardRow.id]).execute();
      }
    });

    it('names in the CSV the countries and US states stored as codes', async () => {
      const us = await insertSubmission(t.db, {
        accountId: team,
        pageId: teamPage.id,
        createdAt: '2024-08-01T10:00:00.000Z',
        email: 'codes.us@example.com',
        country: 'US',
        city: 'Austin',
        state: 'TX',
      });
      const fr = await insertSubmission(t.db, {
        accountId: team,
        pageId: teamPage.id,
        createdAt: '2024-08-02T10:00:00.000Z',
        email: 'codes.fr@example.com',
        country: 'FR',
        city: 'Lyon',
        state: 'Rhône',
      });
      try {
        const rows = parse((await get('platform', `/api/accounts/${team}/export-submissions`)).body) as string[][];
        expect(rows.find((cells) => cells[2] === 'codes.us@example.com')!.slice(4, 6)).toEqual(['United States', 'Austin, Texas']);
        expect(rows.find((cells) => cells[2] === 'codes.fr@example.com')!.slice(4, 6)).toEqual(['France', 'Lyon, Rhône']);
      } finally {
        await t.db.deleteFrom('submissions').where('id', 'in', [us.id, fr.id]).execute();
      }
    });

    it('neutralises formula cells and quotes quotes, commas and line breaks as RFC 4180 says', async () => {
      const row = await insertSubmission(t.db, {
        accountId: team,
        pageId: teamPage.id,
        createdAt: '2024-07-01T10:00:00.000Z',
        firstName: '=HYPERLINK("http://evil.example","x")',
        lastName: null,
        email: 'rfc@example.com',
        country: '+1',
        zip: '-2',
        phone: '@SUM(A1)',
        city: 'Comma, town',
        venueCity: 'CR\r\nLF',
        song: 'Say "hi"',
        artist: 'Line\nbreak',
      });
      try {
        const response = await get('platform', `/api/accounts/${team}/export-submissions`);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.body.startsWith(`${FAN_DATA_CSV_COLUMNS.map((column) => `"${column}"`).join(',')}\n`)).toBe(true);
        expect(response.body).toContain(
          `\n"2024-07-01T10:00:00.000Z","'=HYPERLINK(""http://evil.example"",""x"")","rfc@example.com","","'+1","Comma, town","'-2","'@SUM(A1)","","","CR\r\nLF","Say ""hi""","Line\nbreak",0,0,"","No","",""\n`,
        );
        const rows = parse(response.body) as string[][];
        expect(rows.find((cells) => cells[2] === 'rfc@example.com')).toEqual([
          '2024-07-01T10:00:00.000Z',
          `'=HYPERLINK("http://evil.example","x")`,
          'rfc@example.com',
          '',
          "'+1",
          'Comma, town',
          "'-2",
          "'@SUM(A1)",
          '',
          '',
          'CR\r\nLF',
          'Say "hi"',
          'Line\nbreak',
          '0',
          '0',
          '',
          'No',
          '',
          '',
        ]);
      } finally {
        await t.db.deleteFrom('submissions').where('id', '=', row.id).execute();
      }
    });

    it('reads rows only as fast as the client takes the CSV, then every one of them', async () => {
      const count = 10000;
      const rows: Submission[] = Array.from({ length: count }, (_, i) => ({
        id: newId(),
        accountId: team,
        pageId: teamPage.id,
        uploadId: null,
        firstName: `Many${i}`,
        lastName: 'Fans',
        email: `many${i}@example.com`,
        dob: null,
        country: 'US',
        city: 'Austin',
        state: 'TX',
        zip: null,
        phone: '+1 555 0100',
        instagram: null,
        tiktok: null,
        venueCity: 'Austin',
        song: 'Night Owl',
        artist: 'The Owls',
        marketingConsent: i % 2,
        termsAccepted: '["I agree to the terms"]',
        locale: 'en',
        createdAt: new Date(Date.parse('2023-01-01T00:00:00.000Z') + i * 1000).toISOString(),
      }));
      for (let at = 0; at < count; at += 500)
        await t.db
          .insertInto('submissions')
          .values(rows.slice(at, at + 500))
          .execute();
      try {
        const platform = await t.db.selectFrom('users').select(['id', 'type']).where('email', '=', 'admin@example.com').executeTakeFirstOrThrow();
        const { stream } = await exportFanData(t.app.deps, team, fanDataExportQuery.parse({}), platform, t.app.log);
        const csv = stream as NodeJS.ReadableStream & { readableLength: number; readableHighWaterMark: number; destroy(): void };
        try {
          // Nobody reads: the stream fills its buffer, far short of the whole export (~1.6 MB), and stops there.
          csv.read(0);
          const until = Date.now() + 30_000;
          while (csv.readableLength < csv.readableHighWaterMark && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
          const buffered = csv.readableLength;
          expect(buffered).toBeGreaterThanOrEqual(csv.readableHighWaterMark);
          expect(buffered).toBeLessThan(128 * 1024);
          let text = '';
          for await (const chunk of csv) text += String(chunk);
          expect(text.length).toBeGreaterThan(10 * buffered);
          const lines = parse(text) as string[][];
          expect(lines.filter((cells) => cells[2].startsWith('many'))).toHaveLength(count);
          expect(lines.at(-1)!.slice(1, 3)).toEqual(['Many0 Fans', 'many0@example.com']);
        } finally {
          // An export left unread holds a database connection until it is destroyed (as the reply does when a client leaves).
          csv.destroy();
        }
        // A client that leaves mid-download: the export stops and lets go of its connection (else closing the app would wait for it).
        const left = (await exportFanData(t.app.deps, team, fanDataExportQuery.parse({}), platform, t.app.log)).stream as typeof csv;
        const closed = new Promise<void>((resolve) => left.once('close', () => resolve()));
        left.read(0);
        const leftUntil = Date.now() + 30_000;
        while (left.readableLength === 0 && Date.now() < leftUntil) await new Promise((resolve) => setTimeout(resolve, 10));
        expect(left.readableLength).toBeGreaterThan(0);
        left.destroy();
        await closed;
      } finally {
        for (let at = 0; at < count; at += 500)
          await t.db
            .deleteFrom('submissions')
            .where(
              'id',
              'in',
              rows.slice(at, at + 500).map((row) => row.id),
            )
            .execute();
      }
    });

    it('exports the header line alone when no fan matches', async () => {
      const { rows } = await csvOf('venue=Nowhere%20At%20All');
      expect(rows).toEqual([[...FAN_DATA_CSV_COLUMNS]]);
    });

    it('exports exactly the rows the same filters show', async () => {
      const { rows } = await csvOf('venue=Austin&sort=name&order=asc');
      expect(rows.slice(1).map((row) => row[2])).toEqual(emails(await table('venue=Austin&sort=name&order=asc')));
    });

    it('records who exported, with which filters, and when', async () => {
      const before = await t.db.selectFrom('fanDataExports').selectAll().where('accountId', '=', band).execute();
      await csvOf('song=Day%20Bird', 'readonly');
      const after = await t.db.selectFrom('fanDataExports').selectAll().where('accountId', '=', band).orderBy('createdAt').execute();
      expect(after).toHaveLength(before.length + 1);
      const readonly = await t.db.selectFrom('users').select('id').where('email', '=', 'readonly@example.com').executeTakeFirstOrThrow();
      expect(after.at(-1)).toMatchObject({ userId: readonly.id });
      expect(JSON.parse(after.at(-1)!.filters)).toMatchObject({ song: 'Day Bird' });
    });

    it('refuses bad filters and callers outside the account', async () => {
      expect((await get('readonly', `/api/accounts/${band}/export-submissions?page=2`)).statusCode).toBe(400);
      expect((await get('readonly', `/api/accounts/${band}/export-submissions?startDate=01/01/24`)).statusCode).toBe(400);
      expect((await get('user', `/api/accounts/${team}/export-submissions`)).statusCode).toBe(403);
    });
  });

  describe('a fan erased', () => {
    it('is for account admins only: readonly and user members get 403', async () => {
      for (const who of ['readonly', 'user'] as const) {
        expect((await get(who, `/api/accounts/${band}/fans?email=ana@example.com`)).statusCode).toBe(403);
        const erase = await t.app.inject({
          method: 'POST',
          url: `/api/accounts/${band}/fans/erase`,
          payload: { email: 'ana@example.com' },
          headers: { cookie: as[who] },
        });
        expect(erase.statusCode).toBe(403);
        expect((await get(who, `/api/accounts/${band}/fan-erasures`)).statusCode).toBe(403);
      }
    });

    it('finds everything about one fan by email, erases it with the files, and leaves only that it happened', async () => {
      const upload = await insertUpload(t.db, { accountId: band, pageId: mainPage.id });
      const files = writeUploadFiles(t.dataDir, upload);
      const first = await insertSubmission(t.db, { accountId: band, pageId: otherPage.id, uploadId: upload.id, email: 'gone@example.com', firstName: 'Gone' });
      await insertSubmission(t.db, { accountId: band, pageId: mainPage.id, email: 'gone@example.com' });
      const kept = await insertSubmission(t.db, { accountId: team, pageId: teamPage.id, email: 'gone@example.com' });
      const consent = (submission: { id: string; accountId: string; pageId: string }) =>
        t.db
          .insertInto('consentRecords')
          .values({
            id: `c-${submission.id}`,
            accountId: submission.accountId,
            pageId: submission.pageId,
            submissionId: submission.id,
            consents: '[]',
            createdAt: '2024-05-01T10:00:00.000Z',
          })
          .execute();
      await consent(first);
      await consent(kept);
      const found = await get('admin', `/api/accounts/${band}/fans?email=Gone@Example.com`);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().submissions).toHaveLength(2);
      expect(found.json().uploadIds).toEqual([upload.id]);
      expect(found.json().consentRecords).toBe(1);

      const erase = await t.app.inject({
        method: 'POST',
        url: `/api/accounts/${band}/fans/erase`,
        payload: { email: 'gone@example.com' },
        headers: { cookie: as.admin },
      });
      expect(erase.statusCode, erase.body).toBe(200);
      expect(erase.json()).toMatchObject({ submissions: 2, consentRecords: 1, uploads: 1 });
      expect(await t.db.selectFrom('consentRecords').select('submissionId').where('submissionId', 'in', [first.id, kept.id]).execute()).toEqual([
        { submissionId: kept.id },
      ]);
      expect(await t.db.selectFrom('submissions').select('accountId').where('email', '=', 'gone@example.com').execute()).toEqual([{ accountId: team }]);
      expect(await t.db.selectFrom('uploads').select('id').where('id', '=', upload.id).execute()).toEqual([]);
      expect(files.filter((file) => fs.existsSync(file))).toEqual([]);
      const entries = await t.db.selectFrom('fanErasures').selectAll().where('accountId', '=', band).execute();
      expect(entries).toHaveLength(1);
      expect(JSON.stringify(entries)).not.toContain('gone@');
      expect(emails(await table(''))).not.toContain('gone@example.com');
      // Account admins see that it happened, when, and who asked; nothing about the fan.
      const log = await get('admin', `/api/accounts/${band}/fan-erasures`);
      expect(log.statusCode, log.body).toBe(200);
      expect(log.json()).toEqual({ data: [{ id: entries[0].id, erasedAt: erase.json().erasedAt, requestedBy: 'Data Admin' }], total: 1 });
      expect(log.body).not.toMatch(/gone|Gone/);
      expect((await get('admin', `/api/accounts/${team}/fan-erasures`)).statusCode).toBe(403);

      const again = await t.app.inject({
        method: 'POST',
        url: `/api/accounts/${band}/fans/erase`,
        payload: { email: 'gone@example.com' },
        headers: { cookie: as.admin },
      });
      expect(again.statusCode).toBe(404);
    });

    it('refuses a bad email', async () => {
      const erase = await t.app.inject({
        method: 'POST',
        url: `/api/accounts/${band}/fans/erase`,
        payload: { email: 'not an email' },
        headers: { cookie: as.admin },
      });
      expect(erase.statusCode).toBe(400);
      expect((await get('admin', `/api/accounts/${band}/fans`)).statusCode).toBe(400);
    });
  });
});
