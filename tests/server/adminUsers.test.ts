import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/users';
import { addMember } from '../../server/services/accountCreate';
import { tmpValueOf, type TemporaryPost } from '#shared/domain/files';
import { makePng } from '../fixtures/images';
import { imageSize } from '../../server/services/adminUsersAvatar';
import { createTestApp, demoAccounts, lastLinkTo, readOutbox, signIn, testDatabases, type TestApp, fieldErrors } from './helpers';

type Json = Record<string, unknown>;

/** The first bytes of a baseline JPEG of that size: SOI, a JFIF APP0, then the SOF0 frame header. */
function jpegHead(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}
const GIF = Buffer.from('GIF89a\x00\x02\x00\x02\x80\x00\x00', 'binary');

describe.each(testDatabases)('platform users on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { filesSecret: 'admin-users-test-secret-0123456789' } });
    admin = await signIn(t.app, 'admin@example.com');
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = admin) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const names = (response: { json(): { data: { name: string }[] } }) => response.json().data.map((u) => u.name);
  const member = async (email: string, firstName: string, lastName: string, extra: Partial<Parameters<typeof createUser>[1]> = {}) => {
    const id = await createUser(t.db, { email, firstName, lastName, password: 'demo1234', emailVerified: true, status: 'enabled', ...extra });
    return id;
  };
  const sessionsOf = async (userId: string) =>
    Number(
      (
        await t.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('userId', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('lists users on the server: search by name, several statuses, sort and pages', async () => {
    await member('q1@example.com', 'Quill', 'Alpha', { status: 'enabled' });
    await member('q2@example.com', 'Quill', 'Bravo', { status: 'disabled' });
    await member('q3@example.com', 'Quill', 'Charlie', { status: 'pending', emailVerified: false });
    const id = await member('q4@example.com', 'Quill', 'Delta', { type: 'musician' });
    await t.db.updateTable('users').set({ lastLogin: '2026-01-02T10:00:00.000Z' }).where('id', '=', id).execute();

    const all = await call('GET', '/api/users?q=quill&sort=name&order=asc');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(4);
    expect(names(all)).toEqual(['Quill Alpha', 'Quill Bravo', 'Quill Charlie', 'Quill Delta']);
    expect(all.json().data[3]).toMatchObject({ type: 'musician', status: 'enabled', emailVerified: true, lastLogin: '2026-01-02T10:00:00.000Z' });
    expect(all.json().data[0]).not.toHaveProperty('passwordHash');
    // First and last name together, case-insensitive.
    expect(names(await call('GET', '/api/users?q=QUILL%20CHAR'))).toEqual(['Quill Charlie']);
    // Several statuses, as a repeated parameter or comma-separated.
    expect(names(await call('GET', '/api/users?q=quill&sort=name&order=asc&status=disabled&status=pending'))).toEqual(['Quill Bravo', 'Quill Charlie']);
    expect(names(await call('GET', '/api/users?q=quill&sort=name&order=asc&status=disabled,pending'))).toEqual(['Quill Bravo', 'Quill Charlie']);
    expect((await call('GET', '/api/users?status=gone')).statusCode).toBe(400);
    // Sorting by each column; never-signed-in users sort as the oldest last login on both databases.
    expect(names(await call('GET', '/api/users?q=quill&sort=lastLogin&order=desc')).at(0)).toBe('Quill Delta');
    expect(names(await call('GET', '/api/users?q=quill&sort=type&order=asc')).at(0)).toBe('Quill Delta');
    expect(names(await call('GET', '/api/users?q=quill&sort=status&order=asc')).at(0)).toBe('Quill Bravo');
    expect(names(await call('GET', '/api/users?q=quill&sort=createdAt&order=desc'))).toHaveLength(4);
    expect((await call('GET', '/api/users?sort=password')).statusCode).toBe(400);
    // Pages of 3: the second holds the fourth.
    const second = await call('GET', '/api/users?q=quill&sort=name&order=asc&page=2&limit=3');
    expect(second.json()).toMatchObject({ total: 4 });
    expect(names(second)).toEqual(['Quill Delta']);
    expect((await call('GET', '/api/users?limit=201')).statusCode).toBe(400);
  });

  it('creates an admin who sets a password from the mail, is then verified and signs in', async () => {
    const created = await call('POST', '/api/users', { firstName: 'Nina', lastName: 'Newadmin', email: 'Nina@Example.com' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: 'nina@example.com', type: 'admin', status: 'pending', emailVerified: false, videoProcessedEmails: true });
    const mail = readOutbox(t.dataDir)
      .filter((m) => m.to === 'nina@example.com')
      .at(-1)!;
    expect(mail.subject).toMatch(/set your password/);
    const link = lastLinkTo(t.dataDir, 'nina@example.com');
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\//);
    const token = link.split('/').pop()!;
    expect((await call('POST', '/api/auth/reset-password', { token, password: 'nina-pass' }, '')).statusCode).toBe(200);
    const nina = await signIn(t.app, 'nina@example.com', 'nina-pass');
    expect((await call('GET', '/api/users?q=nina', undefined, nina)).json().data[0]).toMatchObject({ status: 'enabled', emailVerified: true });

    const taken = await call('POST', '/api/users', { firstName: 'Nina', lastName: 'Again', email: 'nina@example.com' });
    expect(taken.statusCode).toBe(409);
    expect(fieldErrors(taken)).toContainEqual({ path: 'email', message: 'This email is already used by another user' });
    const missing = await call('POST', '/api/users', { firstName: '', lastName: '', email: 'not-an-email' });
    expect(missing.statusCode).toBe(400);
    expect(fieldErrors(missing)).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'Required' },
        { path: 'lastName', message: 'Required' },
        { path: 'email', message: 'Must be a valid email' },
      ]),
    );
    expect((await call('POST', '/api/users', { firstName: 'A', lastName: 'B', email: 'ab@example.com', type: 'musician' })).statusCode).toBe(400);
  });

  it('edits names and email at their boundaries; a new email is not verified until Send Invite is followed', async () => {
    const id = await member('edit.me@example.com', 'Edit', 'Me');
    const put = (body: Json) => call('PUT', `/api/users/${id}`, { firstName: 'Edit', lastName: 'Me', email: 'edit.me@example.com', ...body });
    expect((await put({ firstName: 'F'.repeat(100), lastName: 'L'.repeat(100) })).json()).toMatchObject({ firstName: 'F'.repeat(100), emailVerified: true });
    expect(fieldErrors(await put({ firstName: 'F'.repeat(101) }))).toContainEqual({ path: 'firstName', message: 'Must be 100 characters or less' });
    expect(fieldErrors(await put({ lastName: '   ' }))).toContainEqual({ path: 'lastName', message: 'Required' });
    expect(fieldErrors(await put({ email: 'edit.me@' }))).toContainEqual({ path: 'email', message: 'Must be a valid email' });
    expect(fieldErrors(await put({ email: `${'e'.repeat(239)}@example.com` }))).toContainEqual({ path: 'email', message: 'Must be 250 characters or less' });
    expect(fieldErrors(await put({ email: 'owner@example.com' }))).toContainEqual({ path: 'email', message: 'This email is already used by another user' });
    // The preference belongs to admin-type users only.
    expect(fieldErrors(await put({ videoProcessedEmails: false }))).toContainEqual({
      path: 'videoProcessedEmails',
      message: 'Only admin users have the Fan Video Processed preference',
    });
    const detail = (await call('GET', `/api/users/${id}`)).json();
    expect(detail).toMatchObject({ firstName: 'F'.repeat(100), videoProcessedEmails: null });

    const changed = await put({ email: 'edited@example.com' });
    expect(changed.json()).toMatchObject({ email: 'edited@example.com', emailVerified: false });
    const invite = await call('POST', `/api/users/${id}/send-invite`);
    expect(invite.statusCode).toBe(200);
    const token = lastLinkTo(t.dataDir, 'edited@example.com').split('/').pop()!;
    expect((await call('POST', '/api/auth/verify-email', { token }, '')).json()).toMatchObject({ email: 'edited@example.com' });
    expect((await call('GET', `/api/users/${id}`)).json().emailVerified).toBe(true);
    expect((await call('POST', `/api/users/${id}/send-invite`)).statusCode).toBe(409);
    expect((await call('PUT', '/api/users/nobody', { firstName: 'A', lastName: 'B', email: 'a@example.com' })).statusCode).toBe(404);
  });

  it('keeps the Fan Video Processed preference of admin users and shows the header of their account', async () => {
    const created = (await call('POST', '/api/users', { firstName: 'Pref', lastName: 'Admin', email: 'pref.admin@example.com' })).json();
    const off = await call('PUT', `/api/users/${created.id}`, {
      firstName: 'Pref',
      lastName: 'Admin',
      email: 'pref.admin@example.com',
      videoProcessedEmails: false,
    });
    expect(off.json()).toMatchObject({ videoProcessedEmails: false, account: null });
    const umar = await t.db.selectFrom('users').select('id').where('email', '=', 'user@example.com').executeTakeFirstOrThrow();
    const { band } = await demoAccounts(t.db);
    expect((await call('GET', `/api/users/${umar.id}`)).json().account).toMatchObject({ id: band, name: 'The Midnight Owls', lightHeader: false });
  });

  it('disables a user: sign-in refused and every session ends at once; enables again', async () => {
    const id = await member('to.disable@example.com', 'To', 'Disable');
    const { band } = await demoAccounts(t.db);
    await addMember(t.db, band, id, 'user');
    const session = await signIn(t.app, 'to.disable@example.com');
    expect((await call('GET', '/api/users/me', undefined, session)).statusCode).toBe(200);

    const disabled = await call('POST', `/api/users/${id}/disable`);
    expect(disabled.json()).toMatchObject({ status: 'disabled' });
    expect(await sessionsOf(id)).toBe(0);
    expect((await call('GET', '/api/users/me', undefined, session)).statusCode).toBe(401);
    const refused = await call('POST', '/api/auth', { email: 'to.disable@example.com', password: 'demo1234' }, '');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('UserDisabledError');
    expect((await call('POST', `/api/users/${id}/disable`)).statusCode).toBe(409);

    expect((await call('POST', `/api/users/${id}/enable`)).json()).toMatchObject({ status: 'enabled' });
    expect((await call('POST', `/api/users/${id}/enable`)).statusCode).toBe(409);
    await signIn(t.app, 'to.disable@example.com');

    const self = await t.db.selectFrom('users').select('id').where('email', '=', 'admin@example.com').executeTakeFirstOrThrow();
    const selfDisable = await call('POST', `/api/users/${self.id}/disable`);
    expect(selfDisable.statusCode).toBe(409);
    expect(selfDisable.json().message).toBe('You cannot disable yourself');
  });

  it('verifies an email without the user’s step, after which they can sign in', async () => {
    const id = await member('not.verified@example.com', 'Not', 'Verified', { emailVerified: false, status: 'pending' });
    expect((await call('POST', '/api/auth', { email: 'not.verified@example.com', password: 'demo1234' }, '')).json().error).toBe('EmailNotVerifiedError');
    expect((await call('POST', `/api/users/${id}/verify-email`)).json()).toMatchObject({ emailVerified: true, status: 'enabled' });
    expect((await call('POST', `/api/users/${id}/verify-email`)).statusCode).toBe(409);
    await signIn(t.app, 'not.verified@example.com');
  });

  it('mails messages to a user and keeps them as a history, newest first', async () => {
    const id = await member('inbox@example.com', 'In', 'Box');
    const send = (body: Json) => call('POST', `/api/users/${id}/messages`, body);
    const first = await send({ subject: 'S'.repeat(150), body: 'B'.repeat(5000) });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ subject: 'S'.repeat(150), sentBy: { name: 'Ada Admin' } });
    expect((await send({ subject: 'Welcome', body: 'Hello <there>\n\nSecond paragraph' })).statusCode).toBe(201);
    expect(fieldErrors(await send({ subject: 'S'.repeat(151), body: 'x' }))).toContainEqual({ path: 'subject', message: 'Must be 150 characters or less' });
    expect(fieldErrors(await send({ subject: 'x', body: 'B'.repeat(5001) }))).toContainEqual({ path: 'body', message: 'Must be 5000 characters or less' });
    expect(fieldErrors(await send({ subject: ' ', body: '' }))).toEqual(
      expect.arrayContaining([
        { path: 'subject', message: 'Required' },
        { path: 'body', message: 'Required' },
      ]),
    );
    const mail = readOutbox(t.dataDir)
      .filter((m) => m.to === 'inbox@example.com')
      .at(-1)!;
    expect(mail.subject).toBe('Welcome');
    expect(mail.text).toContain('Hello <there>');
    expect(mail.html).toContain('Hello &lt;there&gt;');
    const history = await call('GET', `/api/users/${id}/messages`);
    expect(history.json().total).toBe(2);
    expect(history.json().data.map((m: { subject: string }) => m.subject)).toEqual(['Welcome', 'S'.repeat(150)]);
    expect((await call('GET', `/api/users/${id}/messages?page=2&limit=1`)).json().data[0].subject).toBe('S'.repeat(150));
    expect((await call('POST', '/api/users/nobody/messages', { subject: 'a', body: 'b' })).statusCode).toBe(404);
  });

  it('keeps a rich-text message to the allow-list: no scripts, handlers or javascript: links; a text part for the mail', async () => {
    const id = await member('rich.inbox@example.com', 'Rich', 'Box');
    const send = (body: Json) => call('POST', `/api/users/${id}/messages`, body);
    const body =
      '<p>Hi <strong>Rich</strong>,<br>see <a href="https://owls.example/tour" onclick="steal()">the tour</a> ' +
      '<a href="javascript:alert(1)">now</a><script>alert(1)</script></p><img src="x" onerror="alert(1)"><ul><li>one</li><li>two</li></ul>';
    const sent = await send({ subject: 'Rich', body });
    expect(sent.statusCode).toBe(201);
    const stored = sent.json().body as string;
    expect(stored).toBe(
      '<p>Hi <strong>Rich</strong>,<br />see <a href="https://owls.example/tour" rel="noopener noreferrer nofollow" target="_blank">the tour</a> ' +
        '<a rel="noopener noreferrer nofollow" target="_blank">now</a></p><ul><li>one</li><li>two</li></ul>',
    );
    expect((await call('GET', `/api/users/${id}/messages`)).json().data[0].body).toBe(stored);
    const mail = readOutbox(t.dataDir)
      .filter((m) => m.to === 'rich.inbox@example.com')
      .at(-1)!;
    expect(mail.html).toContain(stored);
    expect(mail.text).toContain('Hi Rich,\nsee the tour now\n\n- one\n- two');
    // Markup with no words left once sanitised is no message.
    expect(fieldErrors(await send({ subject: 'x', body: '<p><script>alert(1)</script></p>' }))).toContainEqual({ path: 'body', message: 'Required' });
    expect(fieldErrors(await send({ subject: 'x', body: '<p></p>' }))).toContainEqual({ path: 'body', message: 'Required' });
  });

  /** Uploads bytes the way the console does and answers what it stores in tmpAvatar. */
  async function upload(fileName: string, bytes: Buffer, cookie = admin): Promise<string> {
    const post: TemporaryPost = (await call('GET', `/api/uploads/temporary?fileName=${fileName}`, undefined, cookie)).json();
    const form = new FormData();
    for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
    const encoded = new Response(form);
    const posted = await t.app.inject({
      method: 'POST',
      url: post.url,
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')!, origin: 'http://localhost:3000', host: 'localhost:3000' },
    });
    expect(posted.statusCode, posted.body).toBe(204);
    return tmpValueOf(post);
  }

  it('reads the size of PNG and JPEG headers', () => {
    expect(imageSize(makePng(300, 257))).toEqual({ width: 300, height: 257 });
    expect(imageSize(jpegHead(1024, 768))).toEqual({ width: 1024, height: 768 });
    expect(imageSize(GIF)).toBeUndefined();
  });

  it("sets a user's avatar from a jpg or png of at least 256 by 256, and nothing else", async () => {
    const id = await member('avatar@example.com', 'Ava', 'Tar');
    const set = async (tmpAvatar: string) => call('POST', `/api/users/${id}/avatar`, { tmpAvatar });
    const png = await set(await upload('me.png', makePng(256, 256)));
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json().avatar).toMatch(new RegExp(`^/files/users/${id}/avatar/[0-9a-f]+/.+\\.png$`));
    expect((await t.app.inject({ method: 'GET', url: png.json().avatar })).headers['content-type']).toBe('image/png');
    const jpeg = await set(await upload('me.jpg', jpegHead(512, 512)));
    expect(jpeg.json().avatar).toMatch(/\.jpg$/);

    const narrow = await set(await upload('narrow.png', makePng(255, 256)));
    expect(narrow.statusCode).toBe(400);
    expect(fieldErrors(narrow)).toContainEqual({ path: 'tmpAvatar', message: 'The avatar must be at least 256 by 256 pixels' });
    expect(fieldErrors(await set(await upload('short.jpg', jpegHead(400, 255))))).toContainEqual({
      path: 'tmpAvatar',
      message: 'The avatar must be at least 256 by 256 pixels',
    });
    expect(fieldErrors(await set(await upload('anim.gif', GIF)))).toContainEqual({ path: 'tmpAvatar', message: 'The avatar must be a jpg or png image' });
    // Only the caller's own uploads: another user's temporary file is not found.
    const theirs = await upload('theirs.png', makePng(300, 300), await signIn(t.app, 'owner@example.com'));
    expect(fieldErrors(await set(theirs))[0]).toMatchObject({ path: 'tmpAvatar', message: expect.stringContaining('not found') });
    expect((await set('')).statusCode).toBe(400);
    expect((await call('GET', `/api/users/${id}`)).json().avatar).toMatch(/\.jpg$/);
  });

  it('answers 403 to everyone but platform admins and 401 without a session', async () => {
    const target = await member('target.only@example.com', 'Target', 'Only');
    for (const email of ['owner@example.com', 'user@example.com', 'readonly@example.com']) {
      const cookie = await signIn(t.app, email);
      expect((await call('GET', '/api/users', undefined, cookie)).statusCode).toBe(403);
      expect((await call('GET', `/api/users/${target}`, undefined, cookie)).statusCode).toBe(403);
      expect((await call('POST', `/api/users/${target}/disable`, undefined, cookie)).statusCode).toBe(403);
      expect((await call('POST', '/api/users', { firstName: 'X', lastName: 'Y', email: 'x@example.com' }, cookie)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/users', undefined, '')).statusCode).toBe(401);
    expect((await call('GET', `/api/users/${target}`)).json().status).toBe('enabled');
  });
});
