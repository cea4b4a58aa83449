import type { ScreenFeed } from '#shared/domain/schemas/venueScreen';
import { SCREEN_POLL_MS, SCREEN_STREAM_RETRY_MS } from '#shared/domain/venueScreen';
import { publicPagePath, type Slugs } from './wallApi';

interface FeedListener {
  /** The feed now: at once, then at each change. */
  feed(feed: ScreenFeed): void;
  /** The token is no longer the page's (or the page closed): nothing more will come. */
  gone(): void;
}

/**
 * Follows the venue screen's feed: its event stream where the browser has EventSource, else (and
 * while the stream fails) a question every SCREEN_POLL_MS, trying the stream again every
 * SCREEN_STREAM_RETRY_MS and as soon as the browser is back online. A failed question changes
 * nothing: the screen keeps what it has. Answers a function that stops everything.
 */
export function followScreenFeed(slugs: Slugs, token: string, listener: FeedListener): () => void {
  const base = `${publicPagePath(slugs)}/screen`;
  const query = `?token=${encodeURIComponent(token)}`;
  let stopped = false;
  let source: EventSource | undefined;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let polling = false;

  const ask = async () => {
    try {
      const response = await fetch(`${base}${query}`, { headers: { accept: 'application/json' }, cache: 'no-store' });
      if (stopped) return;
      if (response.status === 404) return listener.gone();
      if (response.ok) listener.feed((await response.json()) as ScreenFeed);
    } catch {
      // Offline: what is on screen keeps playing; the next question catches up.
    }
  };
  const poll = async () => {
    await ask();
    if (!stopped && polling) pollTimer = setTimeout(() => void poll(), SCREEN_POLL_MS);
  };
  const startPolling = () => {
    if (polling || stopped) return;
    polling = true;
    void poll();
  };
  const stopPolling = () => {
    polling = false;
    clearTimeout(pollTimer);
  };
  const closeStream = () => {
    source?.close();
    source = undefined;
  };

  const stream = () => {
    clearTimeout(retryTimer);
    closeStream();
    if (stopped) return;
    if (typeof EventSource === 'undefined') return startPolling();
    const opened = new EventSource(`${base}/events${query}`);
    source = opened;
    opened.addEventListener('feed', (event) => {
      stopPolling();
      listener.feed(JSON.parse((event as MessageEvent<string>).data) as ScreenFeed);
    });
    opened.addEventListener('gone', () => {
      closeStream();
      listener.gone();
    });
    opened.onerror = () => {
      if (source !== opened) return;
      // The browser would retry on its own; polling meanwhile keeps the 5 s promise (and tells a
      // rotated token by its 404), and the stream is tried again later.
      closeStream();
      startPolling();
      retryTimer = setTimeout(stream, SCREEN_STREAM_RETRY_MS);
    };
  };

  // A dropped network may leave a stream that never errors: back online, start afresh at once.
  const online = () => {
    void ask();
    stream();
  };
  const offline = () => {
    closeStream();
    startPolling();
    clearTimeout(retryTimer);
    retryTimer = setTimeout(stream, SCREEN_STREAM_RETRY_MS);
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  stream();

  return () => {
    stopped = true;
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    clearTimeout(retryTimer);
    stopPolling();
    closeStream();
  };
}
