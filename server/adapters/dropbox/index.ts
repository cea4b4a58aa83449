import fs from 'node:fs/promises';
import type { DropboxConfig } from '../../config';

/** Dropbox refused the refresh token: the user revoked the app, or it expired. */
export class DropboxRevokedError extends Error {}

/** Files up to this size go in one request; larger ones through an upload session. */
const SINGLE_UPLOAD_MAX = 150 * 1024 * 1024;

/**
 * The few Dropbox endpoints we call, with plain fetch (the base urls are configurable, so tests
 * point them at a local server): OAuth 2 with PKCE and offline access, token refresh and
 * revocation, and uploads (one request, or an upload session for large files).
 */
export function createDropboxClient(config: DropboxConfig, { chunkSize = 8 * 1024 * 1024, singleMax = SINGLE_UPLOAD_MAX } = {}) {
  const clientAuth = () => ({ client_id: config.appKey ?? '', ...(config.appSecret ? { client_secret: config.appSecret } : {}) });

  async function token(params: Record<string, string>): Promise<{ access_token: string; refresh_token?: string; account_id?: string }> {
    const response = await fetch(`${config.apiUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...params, ...clientAuth() }),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; error?: string };
    if (response.status === 400 && body.error === 'invalid_grant') throw new DropboxRevokedError('Dropbox refused the connection');
    if (!response.ok || !body.access_token) throw new Error(`Dropbox token request failed: ${response.status}`);
    return body as { access_token: string; refresh_token?: string; account_id?: string };
  }

  async function content(accessToken: string, endpoint: string, arg: object, body: Uint8Array<ArrayBuffer>): Promise<unknown> {
    const response = await fetch(`${config.contentUrl}/2/${endpoint}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/octet-stream', 'dropbox-api-arg': asciiJson(arg) },
      body,
    });
    if (response.status === 401) throw new DropboxRevokedError('Dropbox refused the access token');
    if (!response.ok) throw new Error(`Dropbox ${endpoint} failed: ${response.status} ${(await response.text()).slice(0, 200)}`);
    return response.json().catch(() => ({}));
  }

  return {
    configured: !!config.appKey,
    authorizeUrl({ state, challenge, redirectUri }: { state: string; challenge: string; redirectUri: string }): string {
      const url = new URL(config.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: config.appKey ?? '',
        response_type: 'code',
        token_access_type: 'offline',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state,
        redirect_uri: redirectUri,
      }).toString();
      return url.toString();
    },
    exchangeCode: (code: string, verifier: string, redirectUri: string) =>
      token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri }),
    accessToken: async (refreshToken: string) => (await token({ grant_type: 'refresh_token', refresh_token: refreshToken })).access_token,
    async revoke(accessToken: string): Promise<void> {
      await fetch(`${config.apiUrl}/2/auth/token/revoke`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
    },
    /**
     * Writes the local file to `path` in the app folder, replacing what a previous attempt wrote
     * (so a retry is harmless); large files go in chunks through an upload session.
     */
    async upload(accessToken: string, path: string, localFile: string): Promise<void> {
      const commit = { path, mode: 'overwrite', autorename: false, mute: true };
      const handle = await fs.open(localFile, 'r');
      try {
        const { size } = await handle.stat();
        const chunk = async (offset: number, length: number) => {
          const buffer = Buffer.alloc(length);
          const { bytesRead } = await handle.read(buffer, 0, length, offset);
          return buffer.subarray(0, bytesRead);
        };
        if (size <= singleMax) {
          await content(accessToken, 'files/upload', commit, await chunk(0, size));
          return;
        }
        const first = Math.min(chunkSize, size);
        const start = (await content(accessToken, 'files/upload_session/start', { close: false }, await chunk(0, first))) as { session_id: string };
        let offset = first;
        while (size - offset > chunkSize) {
          await content(
            accessToken,
            'files/upload_session/append_v2',
            { cursor: { session_id: start.session_id, offset }, close: false },
            await chunk(offset, chunkSize),
          );
          offset += chunkSize;
        }
        await content(
          accessToken,
          'files/upload_session/finish',
          { cursor: { session_id: start.session_id, offset }, commit },
          await chunk(offset, size - offset),
        );
      } finally {
        await handle.close();
      }
    },
  };
}

export type DropboxClient = ReturnType<typeof createDropboxClient>;

/** Dropbox-API-Arg must be ASCII: other characters as \uXXXX escapes. */
function asciiJson(value: object): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
