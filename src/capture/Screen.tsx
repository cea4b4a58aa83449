import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScreenFeed } from '#shared/domain/schemas/venueScreen';
import { SCREEN_CLIP_MAX_MS, SCREEN_PHOTO_MS, SCREEN_POLL_MS } from '#shared/domain/venueScreen';
import { Playlist, type Slide } from './screenPlaylist';
import { useFanText } from './fanText';
import type { Slugs } from './wallApi';

interface ScreenProps {
  slugs: Slugs;
  token: string;
  /** Plays this many times faster (a whole night checked in minutes); 1 at a show. */
  speed: number;
}

/** A clip plays muted once, then the next turn; its media is let go when it leaves, so a night of clips holds no memory. */
function Clip({ slide, onEnd }: { slide: Slide; onEnd: () => void }) {
  const { m } = useFanText();
  const video = useRef<HTMLVideoElement>(null);
  const [item] = slide.items;
  useEffect(() => {
    const element = video.current;
    if (!element) return undefined;
    void element.play().catch(() => undefined);
    return () => {
      element.pause();
      element.removeAttribute('src');
      element.load();
    };
  }, [item.id]);
  return (
    <video
      ref={video}
      src={item.mp4 ?? item.webm ?? undefined}
      poster={item.image ?? undefined}
      muted
      autoPlay
      playsInline
      preload="auto"
      aria-label={m.wall.video}
      onEnded={onEnd}
      onError={onEnd}
    />
  );
}

function Photos({ slide }: { slide: Slide }) {
  const { m } = useFanText();
  if (slide.items.length === 1) return <img src={slide.items[0].image ?? ''} alt={m.wall.photo} />;
  return (
    <ul className="screen-grid">
      {slide.items.map((item) => (
        <li key={item.id}>
          <img src={item.image ?? ''} alt={m.wall.photo} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The venue screen's stage: asks the feed every few seconds and plays its uploads in turn, new
 * ones first. A failed question keeps what it has playing; a 404 (the token was rotated, the page
 * closed) reloads into the not-found page, so an old screen shows nothing more.
 */
export default function Screen({ slugs, token, speed }: ScreenProps) {
  const { m } = useFanText();
  const playlist = useRef(new Playlist());
  const [showing, setShowing] = useState<{ slide: Slide | null; turn: number }>({ slide: null, turn: 0 });
  const current = useRef<Slide | null>(null);
  current.current = showing.slide;

  const advance = useCallback(() => setShowing((was) => ({ slide: playlist.current.next(), turn: was.turn + 1 })), []);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const url = `/api/public/pages/${encodeURIComponent(slugs.accountSlug)}/${encodeURIComponent(slugs.pageSlug)}/screen?token=${encodeURIComponent(token)}`;
    const ask = async () => {
      try {
        const response = await fetch(url, { headers: { accept: 'application/json' }, cache: 'no-store' });
        if (response.status === 404) return location.reload();
        if (response.ok) {
          const feed = (await response.json()) as ScreenFeed;
          const gone = playlist.current.update(feed.data, current.current);
          if (gone || playlist.current.hasFresh() || !current.current) advance();
        }
      } catch {
        // Offline: what is on screen keeps playing; the next question catches up.
      }
      if (!stopped) timer = setTimeout(() => void ask(), SCREEN_POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [slugs.accountSlug, slugs.pageSlug, token, advance]);

  const { slide, turn } = showing;
  useEffect(() => {
    if (!slide) return undefined;
    const timer = setTimeout(advance, (slide.kind === 'clip' ? SCREEN_CLIP_MAX_MS : SCREEN_PHOTO_MS) / speed);
    return () => clearTimeout(timer);
  }, [slide, turn, speed, advance]);

  if (!slide) return <p className="screen-empty">{m.screen.empty}</p>;
  return slide.kind === 'clip' ? <Clip key={turn} slide={slide} onEnd={advance} /> : <Photos key={turn} slide={slide} />;
}
