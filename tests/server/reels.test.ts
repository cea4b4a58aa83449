import { beforeAll, describe, expect, it } from 'vitest';
import { jobPriority, PROCESS_UPLOAD_JOB, RENDER_REEL_JOB } from '#shared/domain/constants';
import { newId } from '../../server/db/rows';
import { testDatabases } from './helpers';
import { useReelWorld } from './reelSupport';

describe('reel jobs', () => {
  it('run after every job of an upload', () => {
    for (const kind of [PROCESS_UPLOAD_JOB, 'encode-webm', 'moderate-upload', 'dropbox-copy'])
      expect(jobPriority(RENDER_REEL_JOB)).toBeLessThan(jobPriority(kind));
  });
});

describe.each(testDatabases)('highlight reels ($name)', (kind) => {
  const { w, api, reelsOf, approvedVideo, reel } = useReelWorld(kind);

  // Clips go through the real pipeline, four test files at once on two cores.
  describe('making a reel', { timeout: 120_000 }, () => {
    let ok: string;
    let hidden: string;
    let unreviewed: string;
    let others: string;
    beforeAll(async () => {
      ok = (await approvedVideo(w.clips.landscape)).id;
      hidden = (await approvedVideo(w.clips.portrait)).id;
      await w.t.db.updateTable('uploads').set({ isHidden: 1 }).where('id', '=', hidden).execute();
      unreviewed = (await approvedVideo(w.clips.portrait)).id;
      await w.t.db.updateTable('uploads').set({ moderationStatus: 'pending' }).where('id', '=', unreviewed).execute();
      const teamPage = (await w.t.db.selectFrom('pages').select('id').where('accountId', '=', w.team).executeTakeFirstOrThrow()).id;
      others = (await approvedVideo(w.clips.landscape, { account: w.team, page: teamPage })).id;
    }, 120_000);

    it('names each clip that cannot be in a reel (400), and writes nothing', async () => {
      const response = await api('owner@example.com', 'POST', reelsOf(w.band), { name: 'Bad', clips: [others, hidden, unreviewed, ok] });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((e: { path: string; message: string }) => [e.path, e.message])).toEqual([
        ['clips.0', 'Clip 1: no such video in this account'],
        ['clips.1', 'Clip 2: this video is hidden'],
        ['clips.2', 'Clip 3: this video is not approved'],
      ]);
      expect((await api('owner@example.com', 'GET', reelsOf(w.band))).json().total).toBe(0);
    });

    it('refuses more than 20 clips, an empty name and a malformed cut (400)', async () => {
      const many = await api('owner@example.com', 'POST', reelsOf(w.band), { name: 'Long', clips: Array(21).fill(ok) });
      expect(many.statusCode).toBe(400);
      expect(many.json().errors[0]).toMatchObject({ path: 'clips', message: 'At most 20' });
      const unnamed = await api('owner@example.com', 'POST', reelsOf(w.band), { name: '  ', clips: [ok] });
      expect(unnamed.statusCode).toBe(400);
      expect(unnamed.json().errors[0]).toMatchObject({ path: 'name', message: 'Required' });
      const cut = await api('owner@example.com', 'POST', reelsOf(w.band), { name: 'Cut', clips: [`${ok}@5-2`] });
      expect(cut.statusCode).toBe(400);
      expect(cut.json().errors[0].path).toBe('clips.0');
    });

    it('is a Pro feature (402 with the reels upsell) that platform admins bypass; read-only members may not', async () => {
      const teamClip = { name: 'Team', clips: [others] };
      const free = await api('owner@example.com', 'POST', reelsOf(w.team), teamClip);
      expect(free.statusCode).toBe(402);
      expect(free.json()).toMatchObject({
        message: 'Highlight reels are part of the Pro plan. Please upgrade your plan.',
        errors: [{ path: 'upsell', message: 'reels' }],
      });
      expect((await api('admin@example.com', 'POST', reelsOf(w.team), teamClip)).statusCode).toBe(201);
      expect((await api('readonly@example.com', 'POST', reelsOf(w.band), { name: 'Mine', clips: [ok] })).statusCode).toBe(403);
    });

    it('queues the render of a reel made of good clips; read-only members may not render it', async () => {
      const response = await api('owner@example.com', 'POST', reelsOf(w.band), { name: 'Encore', clips: [ok, `${ok}@1-3.5`], credits: true });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ name: 'Encore', status: 'queued', progress: 0, credits: true, urls: null, clips: [ok, `${ok}@1-3.5`] });
      const render = await api('readonly@example.com', 'POST', `${reelsOf(w.band)}/${response.json().id}/render`);
      expect(render.statusCode).toBe(403);
    });

    it('re-cuts and re-orders the clips by an edit, out of date until rendered again; bad clips and read-only members refused', async () => {
      const made = (await api('owner@example.com', 'POST', reelsOf(w.band), { name: 'Recut', clips: [ok, `${ok}@1-3.5`] })).json();
      const url = `${reelsOf(w.band)}/${made.id}`;
      const edited = await w.t.app.inject({
        method: 'PUT',
        url,
        headers: { cookie: w.cookies['owner@example.com'] },
        payload: { ...made, clips: [`${ok}@0.5-4.5`, ok] },
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ status: 'outOfDate', progress: 0, clips: [`${ok}@0.5-4.5`, ok] });
      const bad = await w.t.app.inject({ method: 'PUT', url, headers: { cookie: w.cookies['owner@example.com'] }, payload: { ...made, clips: [hidden] } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ path: 'clips.0', message: 'Clip 1: this video is hidden' });
      const readonly = await w.t.app.inject({ method: 'PUT', url, headers: { cookie: w.cookies['readonly@example.com'] }, payload: { ...made, clips: [ok] } });
      expect(readonly.statusCode).toBe(403);
      expect(await reel(made.id)).toMatchObject({ clips: [`${ok}@0.5-4.5`, ok] });
    });

    it("goes on its page's wall once it has videos, and leaves it when taken off or out of date; a reel of two pages has no wall", async () => {
      const enabled = await w.t.db
        .selectFrom('pages')
        .innerJoin('accounts', 'accounts.id', 'pages.accountId')
        .select(['pages.id', 'pages.slug as page', 'accounts.slug as account'])
        .where('pages.accountId', '=', w.band)
        .where('pages.status', '=', 'enabled')
        .executeTakeFirstOrThrow();
      const clip = (await approvedVideo(w.clips.landscape, { page: enabled.id })).id;
      const wall = async () => (await w.t.app.inject({ method: 'GET', url: `/api/public/pages/${enabled.account}/${enabled.page}/wall` })).json();
      const made = (await api('owner@example.com', 'POST', reelsOf(w.band), { name: 'On the wall', clips: [clip] })).json();
      // Its clips are of one page: the reel is of that page.
      expect(made.pageId).toBe(enabled.id);
      const url = `${reelsOf(w.band)}/${made.id}`;
      expect((await api('readonly@example.com', 'POST', `${url}/show-on-wall`)).statusCode).toBe(403);
      const shown = await api('owner@example.com', 'POST', `${url}/show-on-wall`);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({ onWall: true });
      // Not rendered yet: nothing to play.
      expect((await wall()).reel).toBeNull();

      const square = `reels/${w.band}/${made.id}/render/square.mp4`;
      await w.t.db
        .updateTable('reels')
        .set({ status: 'done', squareKey: square, verticalKey: 'v', landscapeKey: 'l', duration: 12.5 })
        .where('id', '=', made.id)
        .execute();
      const onWall = (await wall()).reel;
      expect(onWall).toMatchObject({ id: made.id, name: 'On the wall', duration: 12.5 });
      expect(onWall.mp4).toContain('square.mp4');

      const hidden = await api('owner@example.com', 'POST', `${url}/hide-from-wall`);
      expect(hidden.json()).toMatchObject({ onWall: false });
      expect((await wall()).reel).toBeNull();

      // Out of date (a clip of it hidden): its videos are gone, so is its place on the wall until rendered again.
      await api('owner@example.com', 'POST', `${url}/show-on-wall`);
      expect((await wall()).reel).not.toBeNull();
      await w.t.db
        .updateTable('reels')
        .set({ status: 'outOfDate', squareKey: null, verticalKey: null, landscapeKey: null })
        .where('id', '=', made.id)
        .execute();
      expect((await wall()).reel).toBeNull();

      const otherPage = await w.t.db.selectFrom('pages').select('id').where('accountId', '=', w.band).where('id', '!=', enabled.id).executeTakeFirstOrThrow();
      const elsewhere = (await approvedVideo(w.clips.landscape, { page: otherPage.id })).id;
      const mixed = (await api('owner@example.com', 'POST', reelsOf(w.band), { name: 'Two shows', clips: [elsewhere, clip] })).json();
      expect(mixed.pageId).toBeNull();
      const refused = await api('owner@example.com', 'POST', `${reelsOf(w.band)}/${mixed.id}/show-on-wall`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/several pages/);
    });

    it('makes a reel by a rule: the best of a page between dates, by likes, views or date, with a tag', async () => {
      const page = await w.t.db.selectFrom('pages').select('id').where('accountId', '=', w.band).where('id', '!=', w.pageId).executeTakeFirstOrThrow();
      // One clip through the pipeline; the others are its row again under new ids (a rule reads rows, not files).
      const processed = await w.t.db
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', (await approvedVideo(w.clips.landscape, { page: page.id })).id)
        .executeTakeFirstOrThrow();
      const made: string[] = [];
      for (const [likes, views, day, tag] of [
        [5, 1, '2026-06-01', 'encore'],
        [9, 0, '2026-06-02', null],
        [1, 7, '2026-06-03', 'encore'],
        [3, 3, '2026-07-15', null],
      ] as const) {
        const id = made.length ? newId() : processed.id;
        if (made.length)
          await w.t.db
            .insertInto('uploads')
            .values({ ...processed, id, shareToken: newId() })
            .execute();
        await w.t.db
          .updateTable('uploads')
          .set({ likeCount: likes, viewCount: views, createdAt: `${day}T21:00:00.000Z` })
          .where('id', '=', id)
          .execute();
        if (tag) await w.t.db.insertInto('uploadTags').values({ uploadId: id, accountId: w.band, tag }).execute();
        made.push(id);
      }
      const byRule = (rule: object, name = 'Best of June') => api('owner@example.com', 'POST', reelsOf(w.band), { name, rule });
      const june = { pageId: page.id, startDate: '2026-06-01', endDate: '2026-06-30' };

      const liked = await byRule({ ...june, by: 'likes' });
      expect(liked.statusCode).toBe(201);
      expect(liked.json()).toMatchObject({ name: 'Best of June', pageId: page.id, status: 'queued', clips: [made[1], made[0], made[2]] });
      expect((await byRule({ ...june, by: 'views', count: 2 })).json().clips).toEqual([made[2], made[0]]);
      expect((await byRule({ pageId: page.id, by: 'newest', tag: 'encore' })).json().clips).toEqual([made[2], made[0]]);

      // Nothing fits, another account's page, both clips and a rule, a bad rule: 400, nothing written.
      const before = (await api('owner@example.com', 'GET', reelsOf(w.band))).json().total;
      const none = await byRule({ ...june, by: 'likes', tag: 'nobody-used-this' });
      expect(none.statusCode).toBe(400);
      expect(none.json().errors[0]).toMatchObject({ path: 'rule', message: 'No approved video of this page fits these choices' });
      const teamPage = (await w.t.db.selectFrom('pages').select('id').where('accountId', '=', w.team).executeTakeFirstOrThrow()).id;
      expect((await byRule({ pageId: teamPage, by: 'likes' })).statusCode).toBe(400);
      const both = await api('owner@example.com', 'POST', reelsOf(w.band), { name: 'Both', clips: [made[0]], rule: { pageId: page.id, by: 'likes' } });
      expect(both.statusCode).toBe(400);
      for (const rule of [
        { pageId: page.id, by: 'shares' },
        { ...june, by: 'likes', count: 21 },
        { ...june, startDate: '2026-07-01', by: 'likes' },
        { by: 'likes' },
      ])
        expect((await byRule(rule)).statusCode, JSON.stringify(rule)).toBe(400);
      expect((await api('owner@example.com', 'GET', reelsOf(w.band))).json().total).toBe(before);
      expect((await api('readonly@example.com', 'POST', reelsOf(w.band), { name: 'Mine', rule: { pageId: page.id, by: 'likes' } })).statusCode).toBe(403);
    });

    it('loses a clip its fan had erased, in the same write, and waits for its render without it', async () => {
      const kept = await approvedVideo(w.clips.landscape);
      const erased = await approvedVideo(w.clips.portrait);
      const made = (await api('owner@example.com', 'POST', reelsOf(w.band), { name: 'Before the erasure', clips: [kept.id, erased.id] })).json();
      expect((await api('owner@example.com', 'POST', `/api/accounts/${w.band}/fans/erase`, { email: erased.email })).statusCode).toBe(200);
      expect(await reel(made.id)).toMatchObject({ status: 'outOfDate', clips: [kept.id], urls: null });
      expect((await w.t.app.deps.queue.stats()).find((stats) => stats.kind === RENDER_REEL_JOB)?.queued).toBeGreaterThan(0);
    });
  });
});
