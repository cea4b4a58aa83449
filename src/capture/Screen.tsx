import { useCallback, useEffect, useRef, useState } from 'react';
import { SCREEN_CLIP_MAX_MS, SCREEN_PHOTO_MS } from '#shared/domain/venueScreen';
import type { ScreenItem } from '#shared/domain/schemas/venueScreen';
import { Playlist, type Slide } from './screenPlaylist';
import { useFanText } from './fanText';
import { followScreenFeed } from './screenFeed';
import { ScreenMedia } from './screenMedia';
import type { Slugs } from './wallApi';

interface ScreenProps {
  slugs: Slugs;
  token: string;
  /** Plays this many times faster (a whole night checked in minutes); 1 at a show. */
  speed: number;
}

/** A clip plays muted once, then the next turn; its media is let go when it leaves, so a night of clips holds no memory. */
function Clip({ slide, media, onEnd }: { slide: Slide; media: ScreenMedia | null; onEnd: () => void }) {
  const { m } = useFanText();
  const video = useRef<HTMLVideoElement>(null);
  const [item] = slide.items;
  // Where it plays from is chosen once: a file arriving in memory meanwhile must not restart it.
  const [src] = useState(() => (media ? media.src(item, item.mp4 ? 'mp4' : 'webm') : (item.mp4 ?? item.webm ?? undefined)));
  const [poster] = useState(() => (media ? media.src(item, 'image') : (item.image ?? undefined)));
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
  return <video ref={video} src={src} poster={poster} muted autoPlay playsInline preload="auto" aria-label={m.wall.video} onEnded={onEnd} onError={onEnd} />;
}

function Photos({ slide, media }: { slide: Slide; media: ScreenMedia | null }) {
  const { m } = useFanText();
  const [sources] = useState(() => new Map(slide.items.map((item) => [item.id, (media ? media.src(item, 'image') : item.image) ?? ''])));
  const src = (item: ScreenItem) => sources.get(item.id) ?? '';
  if (slide.items.length === 1) return <img src={src(slide.items[0])} alt={m.wall.photo} />;
  return (
    <ul className="screen-grid">
      {slide.items.map((item) => (
        <li key={item.id}>
          <img src={src(item)} alt={m.wall.photo} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The venue screen's stage: follows the feed (its event stream, else a question every few
 * seconds) and plays its uploads in turn, new ones first. Offline it keeps playing the media it
 * holds in memory and catches up when the network returns; a rotated token or a closed page
 * reloads into the not-found page, so an old screen shows nothing more.
 */
export default function Screen({ slugs, token, speed }: ScreenProps) {
  const { accountSlug, pageSlug } = slugs;
  const { m } = useFanText();
  const playlist = useRef(new Playlist());
  const [showing, setShowing] = useState<{ slide: Slide | null; turn: number }>({ slide: null, turn: 0 });
  const current = useRef<Slide | null>(null);
  current.current = showing.slide;

  const mediaRef = useRef<ScreenMedia | null>(null);
  // Offline, only what is in memory can play; online, everything can.
  const playable = useCallback((slide: Slide) => navigator.onLine || !!mediaRef.current?.holds(slide.items), []);
  const advance = useCallback(() => setShowing((was) => ({ slide: playlist.current.next(playable), turn: was.turn + 1 })), [playable]);

  useEffect(() => {
    const media = new ScreenMedia();
    mediaRef.current = media;
    const stop = followScreenFeed({ accountSlug, pageSlug }, token, {
      feed(feed) {
        const gone = playlist.current.update(feed.data, current.current);
        media.keep(feed.data);
        if (gone || playlist.current.hasFresh() || !current.current) advance();
      },
      // The token was rotated or the page closed: reloading shows the not-found page.
      gone: () => location.reload(),
    });
    return () => {
      stop();
      media.stop();
    };
  }, [accountSlug, pageSlug, token, advance]);

  const { slide, turn } = showing;
  useEffect(() => {
    if (!slide) return undefined;
    const timer = setTimeout(advance, (slide.kind === 'clip' ? SCREEN_CLIP_MAX_MS : SCREEN_PHOTO_MS) / speed);
    return () => clearTimeout(timer);
  }, [slide, turn, speed, advance]);

  if (!slide) return <p className="screen-empty">{m.screen.empty}</p>;
  const media = mediaRef.current;
  return slide.kind === 'clip' ? <Clip key={turn} slide={slide} media={media} onEnd={advance} /> : <Photos key={turn} slide={slide} media={media} />;
}
