import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { pageIdsBySlugs } from '../db/repositories/pages';
import { refused, tooManyRequests } from '../errors';
import { rateCounter } from '../plugins/rateLimit';
import { CAPTURE_DEFAULTS, CAPTURE_TOKEN_HEADER } from '#shared/domain/capture';
import { clientKeysFor } from './clientKeys';
import { captureTokenId } from './captureTokens';

/** Who sends a capture request: the salted key of its address (an IPv6 client's /64) and, when it sent a token this page gave, its browser's token id. */
export interface CaptureClient {
  addressKey: string;
  clientKey?: string;
}

const HOUR = 3600_000;

/** The id of the page at these slugs (matched case-insensitively, as findPublicPage does), whatever its state. */
export async function pageIdOf(db: Db, accountSlug: string, pageSlug: string): Promise<string | undefined> {
  if (!accountSlug || !pageSlug) return undefined;
  const row = await pageIdsBySlugs(db, accountSlug, pageSlug);
  return row?.pageId;
}

/** The request's client for a page: its address key, and its browser token's id when the token is this page's and current. */
export function captureClientOf(request: FastifyRequest, pageId: string): CaptureClient {
  const { config } = request.server.deps;
  const token = request.headers[CAPTURE_TOKEN_HEADER];
  return { addressKey: clientKeysFor(config).address(request.ip), clientKey: captureTokenId(config, pageId, token) };
}

/**
 * Counts an upload creation or a submission on the page: per browser when it has a token, else
 * per address (old pages, scripts), either way keyed on the page's id, so no spelling of a slug
 * is another page. Past the hour's limit: 429. The per-address outer fence is the route's own.
 */
export async function limitCaptureRequest(request: FastifyRequest, what: 'upload' | 'submit', pageId: string, client: CaptureClient): Promise<void> {
  const { capture } = request.server.deps.config;
  const max = what === 'upload' ? capture.uploadRateLimit : capture.submitRateLimit;
  const who = client.clientKey ? `token:${client.clientKey}` : `address:${client.addressKey}`;
  if (await rateCounter(request.server, max, HOUR)(`capture-${what}:${pageId}:${who}`)) throw tooManyRequests();
}

/** The route limit of the outer fence: requests per address (every page and browser together) per hour. */
export const addressFence = (what: string) => ({
  max: (request: FastifyRequest) => request.server.deps.config.capture.addressRateLimit,
  timeWindow: HOUR,
  key: (request: FastifyRequest) => `capture-${what}-address:${clientKeysFor(request.server.deps.config).address(request.ip)}`,
});

/** Capture page loads (the HTML page and its API answer) per address per hour: past it, 429. */
export async function limitPageLoad(request: FastifyRequest): Promise<void> {
  const { config } = request.server.deps;
  const key = `capture-page-load:${clientKeysFor(config).address(request.ip)}`;
  if (await rateCounter(request.server, config.capture.pageLoadRateLimit, HOUR)(key)) throw refused('rate-limited');
}

/**
 * True the first time in 30 minutes this visitor loads this page: the visitor is its browser
 * token when the request carries one, else its address (a changing user agent is the same
 * visitor). Counted in the rate-limit store, so every process shares it when Redis is set.
 */
export async function firstVisitInWindow(request: FastifyRequest, pageId: string): Promise<boolean> {
  const { config } = request.server.deps;
  const tokenId = captureTokenId(config, pageId, request.headers[CAPTURE_TOKEN_HEADER]);
  const visitor = tokenId ? `token:${tokenId}` : `address:${clientKeysFor(config).address(request.ip)}`;
  return !(await rateCounter(request.server, 1, CAPTURE_DEFAULTS.visitWindowMinutes * 60_000)(`capture-visit:${pageId}:${visitor}`));
}
