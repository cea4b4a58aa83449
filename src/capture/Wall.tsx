import { useCallback, useEffect, useRef, useState } from 'react';
import type { WallItem, WallReel } from '#shared/domain/schemas/wall';
import { countViewOnPlay, fetchWall, likedIds, rememberLiked, sendLike, type Slugs } from './wallApi';
import { useFanText } from './fanText';

function WallVideo({ item, onViews }: { item: WallItem; onViews: (n: number) => void }) {
  const { m } = useFanText();
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => (video.current ? countViewOnPlay(video.current, item.id, onViews) : undefined), [item.id, onViews]);
  return (
    <video ref={video} controls playsInline preload="none" poster={item.image ?? undefined} aria-label={m.wall.video}>
      {item.mp4 && <source src={item.mp4} type="video/mp4" />}
      {item.webm && <source src={item.webm} type="video/webm" />}
    </video>
  );
}

function WallCard({ item, liking, liked, onLike }: { item: WallItem; liking: boolean; liked: boolean; onLike: (item: WallItem) => void }) {
  const { m, plural, f } = useFanText();
  const [views, setViews] = useState(item.viewCount);
  return (
    <li className="wall-card">
      {item.type === 'video' ? <WallVideo item={item} onViews={setViews} /> : <img src={item.image ?? ''} alt={m.wall.photo} loading="lazy" />}
      <div className="wall-meta">
        {item.type === 'video' && <span className="wall-views">{plural(m.wall.views, views)}</span>}
        {liking && (
          <button type="button" className="wall-like" aria-pressed={liked} onClick={() => onLike(item)}>
            <span aria-hidden="true">{liked ? '♥' : '♡'}</span> {m.wall.like} <span className="wall-count">{f('%{n}', { n: item.likeCount })}</span>
          </button>
        )}
        <a href={item.shareLink} target="_blank" rel="noopener">
          {m.wall.share}
          <span className="sr-only"> {item.type === 'image' ? m.wall.sharePhoto : m.wall.shareVideo}</span>
        </a>
      </div>
    </li>
  );
}

/** The highlight reel staff put on the wall: the show's best moments, above what each fan sent. */
function WallHighlight({ reel }: { reel: WallReel }) {
  const { m } = useFanText();
  return (
    <figure className="wall-reel" aria-labelledby="wall-reel-name">
      <h3 id="wall-reel-name">
        {m.wall.highlights}: {reel.name}
      </h3>
      <video controls playsInline preload="metadata" src={reel.mp4} aria-labelledby="wall-reel-name" />
    </figure>
  );
}

/**
 * The page's wall: what fans sent that the account lets the public see, newest
 * first, loaded as the fan scrolls; Like when the page allows it; a view when playback starts.
 */
export default function Wall({ slugs, heading = true }: { slugs: Slugs; heading?: boolean }) {
  const { m } = useFanText();
  const [items, setItems] = useState<WallItem[]>([]);
  const [reel, setReel] = useState<WallReel | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [liking, setLiking] = useState(false);
  const [liked, setLiked] = useState<Set<string>>(() => likedIds());
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = useRef(false);

  const loadMore = useCallback(async () => {
    if (busy.current || done) return;
    busy.current = true;
    setLoading(true);
    try {
      const page = await fetchWall(slugs, cursor);
      setItems((current) => [...current, ...page.data.filter((item) => !current.some((c) => c.id === item.id))]);
      if (page.reel) setReel(page.reel);
      setCursor(page.nextCursor);
      setDone(page.nextCursor === null);
      setLiking(page.liking);
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [slugs, cursor, done]);

  useEffect(() => {
    if (items.length === 0 && !done && !failed) void loadMore();
  }, [items.length, done, failed, loadMore]);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || done || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && void loadMore(), { rootMargin: '400px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [done, failed, loadMore]);

  const onLike = useCallback(
    async (item: WallItem) => {
      const like = !liked.has(item.id);
      const result = await sendLike(item.id, like);
      if (!result) return;
      rememberLiked(item.id, result.liked);
      setLiked((current) => {
        const next = new Set(current);
        if (result.liked) next.add(item.id);
        else next.delete(item.id);
        return next;
      });
      setItems((current) => current.map((c) => (c.id === item.id ? { ...c, likeCount: result.likeCount } : c)));
    },
    [liked],
  );

  if (done && items.length === 0 && !reel) {
    return heading ? null : <p className="wall-empty">{m.wall.empty}</p>;
  }
  return (
    <section className="wall" aria-labelledby="wall-heading">
      <h2 id="wall-heading" className={heading ? undefined : 'sr-only'}>
        {m.wall.heading}
      </h2>
      {reel && <WallHighlight reel={reel} />}
      <ul className="wall-grid">
        {items.map((item) => (
          <WallCard key={item.id} item={item} liking={liking} liked={liked.has(item.id)} onLike={(i) => void onLike(i)} />
        ))}
      </ul>
      <div ref={sentinel} className="wall-end">
        {failed && <p role="status">{m.wall.failed}</p>}
        {!done && (
          <button type="button" className="link-button" onClick={() => void loadMore()} disabled={loading}>
            {loading ? m.wall.loading : m.wall.more}
          </button>
        )}
      </div>
    </section>
  );
}
