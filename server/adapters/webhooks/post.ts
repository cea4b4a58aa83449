import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { addressAllowed, guardedLookup, targetRefusal, type TargetPolicy } from './target';

/**
 * The whole delivery (connecting, the answer's headers and its body) ends within this long, so
 * a receiver that trickles its answer cannot hold a worker (one byte every 3 s held
 * one for 47 s).
 */
const DELIVERY_DEADLINE_MS = 10_000;
/** At most this much of an answer is read (and dropped): receivers only need to say 2xx. */
const MAX_RESPONSE_BYTES = 4 * 1024;

/**
 * POSTs a JSON body with these headers; answers the status code, or throws on a network error,
 * an internal address, or an answer not finished within the deadline.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  policy: TargetPolicy,
  deadlineMs = DELIVERY_DEADLINE_MS,
): Promise<{ statusCode: number }> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  // An address in the URL is connected to without a lookup: it is checked here instead.
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) && !addressAllowed(literal, policy)) return Promise.reject(targetRefusal(literal, literal));
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: { statusCode: number } | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'FanContentConsole-Webhooks/1', ...headers },
        lookup: guardedLookup(policy),
        agent: false,
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // Enough of it: the status is what counts.
          if (read >= MAX_RESPONSE_BYTES) {
            settle({ statusCode });
            response.destroy();
          }
        });
        response.on('end', () => settle({ statusCode }));
        response.on('error', (error) => settle(error));
        response.on('close', () => settle(response.complete ? { statusCode } : new Error('The endpoint closed the connection before finishing its answer')));
      },
    );
    const timer = setTimeout(() => {
      const error = new Error(`The endpoint did not finish answering within ${deadlineMs / 1000} s`);
      settle(error);
      request.destroy(error);
    }, deadlineMs);
    request.on('error', (error) => settle(error));
    request.end(body);
  });
}
