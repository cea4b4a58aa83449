import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A small local server speaking the Dropbox endpoints we call: the authorize page (it consents
 * at once and redirects back with a code), the token endpoint (checks the PKCE verifier), token
 * revocation, and uploads in one request or through an upload session. Files land in `files`.
 */
export async function startFakeDropbox(port = 0) {
  const files = new Map<string, Buffer>();
  const codes = new Map<string, string>();
  const refreshTokens = new Set<string>();
  const accessToRefresh = new Map<string, string>();
  const sessions = new Map<string, Buffer>();
  const revoked: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://dropbox.local');
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      const authorized = accessToRefresh.has(bearer) && refreshTokens.has(accessToRefresh.get(bearer)!);
      const arg = () => JSON.parse(String(req.headers['dropbox-api-arg'] ?? '{}'));
      if (url.pathname === '/health') return json(200, { ok: true });
      if (url.pathname === '/oauth2/authorize') {
        const code = randomBytes(8).toString('hex');
        codes.set(code, url.searchParams.get('code_challenge') ?? '');
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (url.pathname === '/oauth2/token') {
        const form = new URLSearchParams(body.toString());
        if (form.get('grant_type') === 'authorization_code') {
          const challenge = codes.get(form.get('code') ?? '');
          const verified =
            challenge &&
            createHash('sha256')
              .update(form.get('code_verifier') ?? '')
              .digest('base64url') === challenge;
          if (!verified) return json(400, { error: 'invalid_grant' });
          codes.delete(form.get('code')!);
          const refresh = `rt-${randomBytes(6).toString('hex')}`;
          refreshTokens.add(refresh);
          return json(200, { access_token: 'at-initial', refresh_token: refresh, token_type: 'bearer', account_id: 'dbid:fake' });
        }
        const refresh = form.get('refresh_token') ?? '';
        if (!refreshTokens.has(refresh)) return json(400, { error: 'invalid_grant', error_description: 'refresh token is invalid or revoked' });
        const access = `at-${randomBytes(6).toString('hex')}`;
        accessToRefresh.set(access, refresh);
        return json(200, { access_token: access, token_type: 'bearer', expires_in: 14400 });
      }
      if (!authorized) return json(401, { error_summary: 'invalid_access_token/' });
      if (url.pathname === '/2/auth/token/revoke') {
        const refresh = accessToRefresh.get(bearer)!;
        refreshTokens.delete(refresh);
        revoked.push(refresh);
        return json(200, null);
      }
      if (url.pathname === '/2/files/upload') {
        files.set(arg().path, body);
        return json(200, { name: arg().path.split('/').pop(), path_display: arg().path, size: body.length });
      }
      if (url.pathname === '/2/files/upload_session/start') {
        const id = randomBytes(6).toString('hex');
        sessions.set(id, body);
        return json(200, { session_id: id });
      }
      if (url.pathname === '/2/files/upload_session/append_v2' || url.pathname === '/2/files/upload_session/finish') {
        const { cursor, commit } = arg();
        const sofar = sessions.get(cursor.session_id);
        if (!sofar || sofar.length !== cursor.offset) return json(409, { error_summary: 'incorrect_offset/' });
        const next = Buffer.concat([sofar, body]);
        sessions.set(cursor.session_id, next);
        if (commit) files.set(commit.path, next);
        return json(200, commit ? { path_display: commit.path, size: next.length } : null);
      }
      return json(404, { error_summary: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    files,
    revoked,
    /** The user removes the app in Dropbox: every refresh token stops working. */
    revokeAll: () => refreshTokens.clear(),
    config: { appKey: 'fake-app-key', apiUrl: url, contentUrl: url, authorizeUrl: `${url}/oauth2/authorize` },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
