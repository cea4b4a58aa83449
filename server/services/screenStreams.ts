import type { ServerResponse } from 'node:http';
import type { Deps } from '../deps';
import { HttpError } from '../errors';
import { SCREEN_HEARTBEAT_MS, SCREEN_STREAM_CHECK_MS } from '#shared/domain/venueScreen';
import { screenFeed, screenFeedVersion } from './venueScreen';

/**
 * The venue screens' event streams. The web process does not hear the worker's writes (an
 * auto-approval) nor another web process's, so each screen address watched by at least one
 * stream is checked once per SCREEN_STREAM_CHECK_MS, whatever the number of screens on it: a
 * small version of its shown uploads, and the feed itself, signed once, only when that moved.
 * The check stops with the address's last stream; closing the app ends every stream.
 */

/** Which feed a stream follows: the token is part of it, so a rotated token ends its streams. */
export interface ScreenAddress {
  accountSlug: string;
  pageSlug: string;
  token: string;
}

interface Watch {
  address: ScreenAddress;
  streams: Set<ServerResponse>;
  version: string;
  timer: ReturnType<typeof setInterval>;
  checking: boolean;
  lastWrite: number;
}

type Log = (err: unknown, what: string) => void;

/** One event of the stream, as text/event-stream frames it. */
const frame = (event: string, data: string) => `event: ${event}\ndata: ${data}\n\n`;

export class ScreenStreams {
  private readonly watches = new Map<string, Watch>();
  private closed = false;

  constructor(
    private readonly deps: Pick<Deps, 'db' | 'files'>,
    private readonly log: Log,
  ) {}

  /** The first answer of a stream: the feed now and its version, or the 404 of a wrong token (thrown before any byte is sent). */
  async start(address: ScreenAddress): Promise<{ version: string; first: string }> {
    const version = await screenFeedVersion(this.deps, address.accountSlug, address.pageSlug, address.token);
    const feed = await screenFeed(this.deps, address.accountSlug, address.pageSlug, address.token);
    return { version, first: frame('feed', JSON.stringify(feed)) };
  }

  /** Follows an address on a response whose head is sent: it gets the feed at each change, and a heartbeat. */
  follow(address: ScreenAddress, response: ServerResponse, start: { version: string; first: string }): void {
    if (this.closed) {
      response.end();
      return;
    }
    // The screen may have hung up while its first answer was read: nothing to follow then.
    if (response.destroyed || response.socket?.destroyed) return;
    // A write racing a hang-up fails quietly: the 'close' below takes the stream out.
    response.on('error', () => undefined);
    response.write(start.first);
    const key = JSON.stringify([address.accountSlug, address.pageSlug, address.token]);
    let watch = this.watches.get(key);
    if (!watch) {
      const created: Watch = {
        address,
        streams: new Set(),
        version: start.version,
        checking: false,
        lastWrite: Date.now(),
        timer: setInterval(() => void this.check(key, created), SCREEN_STREAM_CHECK_MS),
      };
      created.timer.unref();
      this.watches.set(key, created);
      watch = created;
    }
    const joined = watch;
    // A change may have come between this stream's first answer and its joining: the next check sends the feed again.
    if (joined.version !== start.version) joined.version = '';
    joined.streams.add(response);
    response.on('close', () => {
      joined.streams.delete(response);
      if (!joined.streams.size) this.unwatch(key, joined);
    });
  }

  /** How many addresses are checked now (the tests see the checks stop). */
  get watched(): number {
    return this.watches.size;
  }

  /** Ends every stream and stops every check; later streams end at once. */
  close(): void {
    this.closed = true;
    for (const [key, watch] of this.watches) {
      this.unwatch(key, watch);
      for (const response of watch.streams) response.end();
    }
  }

  private unwatch(key: string, watch: Watch) {
    clearInterval(watch.timer);
    if (this.watches.get(key) === watch) this.watches.delete(key);
  }

  private send(watch: Watch, text: string) {
    watch.lastWrite = Date.now();
    for (const response of watch.streams) response.write(text);
  }

  private async check(key: string, watch: Watch) {
    if (watch.checking || this.watches.get(key) !== watch) return;
    watch.checking = true;
    const { accountSlug, pageSlug, token } = watch.address;
    try {
      const version = await screenFeedVersion(this.deps, accountSlug, pageSlug, token);
      if (version !== watch.version) {
        const feed = await screenFeed(this.deps, accountSlug, pageSlug, token);
        watch.version = version;
        if (this.watches.get(key) === watch) this.send(watch, frame('feed', JSON.stringify(feed)));
      } else if (Date.now() - watch.lastWrite >= SCREEN_HEARTBEAT_MS) {
        // A comment line: keeps proxies from closing a quiet stream; the browser ignores it.
        this.send(watch, ': heartbeat\n\n');
      }
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) {
        // The token was rotated or the page closed: the screens reload into the not-found page.
        this.send(watch, frame('gone', '{}'));
        this.unwatch(key, watch);
        for (const response of watch.streams) response.end();
      } else {
        this.log(err, 'venue screen check');
      }
    } finally {
      watch.checking = false;
    }
  }
}
