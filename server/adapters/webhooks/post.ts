import http from 'node:http';
import https from 'node:https';
import { guardedLookup, type TargetPolicy } from './target';

export interface WebhookResponse {
  statusCode: number;
}

const TIMEOUT_MS = 10_000;
/** At most this much of an answer is read (and dropped): receivers only need to say 2xx. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/** POSTs a JSON body with these headers; answers the status code, or throws on a network error or timeout. */
export function postWebhook(url: string, body: string, headers: Record<string, string>, policy: TargetPolicy): Promise<WebhookResponse> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'FanContentConsole-Webhooks/1', ...headers },
        lookup: guardedLookup(policy),
        timeout: TIMEOUT_MS,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) response.destroy();
        });
        response.on('close', () => resolve({ statusCode: response.statusCode ?? 0 }));
        response.on('error', () => resolve({ statusCode: response.statusCode ?? 0 }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  });
}
