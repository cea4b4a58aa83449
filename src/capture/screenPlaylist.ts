import type { ScreenItem } from '#shared/domain/schemas/venueScreen';
import { SCREEN_PHOTO_GRID } from '#shared/domain/venueScreen';

/** One turn of the venue screen: a clip, or a grid of photos. */
export type Slide = { kind: 'clip'; items: [ScreenItem] } | { kind: 'photos'; items: ScreenItem[] };

/** The screen's turns: a clip, then a grid of photos, a clip... (what is left of either kind follows). */
export function slidesOf(items: readonly ScreenItem[]): Slide[] {
  const clips = items.filter((item) => item.type === 'video' && (item.mp4 || item.webm));
  const photos = items.filter((item) => item.type === 'image' && item.image);
  const grids: ScreenItem[][] = [];
  for (let i = 0; i < photos.length; i += SCREEN_PHOTO_GRID) grids.push(photos.slice(i, i + SCREEN_PHOTO_GRID));
  const slides: Slide[] = [];
  for (let i = 0; i < Math.max(clips.length, grids.length); i++) {
    if (clips[i]) slides.push({ kind: 'clip', items: [clips[i]] });
    if (grids[i]) slides.push({ kind: 'photos', items: grids[i] });
  }
  return slides;
}

/**
 * What the screen plays, as the feed changes under it: new uploads go first (fans look for
 * theirs right after approval), then the turns in order; an upload no longer in the feed (hidden,
 * deleted, erased) is never shown again, and leaves the slide on screen at once.
 */
export class Playlist {
  private items: ScreenItem[] = [];
  private known = new Set<string>();
  private fresh: ScreenItem[] = [];
  private turn = 0;
  private started = false;

  /** Takes the feed's answer; true when the slide on screen shows something no longer in it. */
  update(items: readonly ScreenItem[], showing: Slide | null): boolean {
    const ids = new Set(items.map((item) => item.id));
    // What came before the first answer is the programme, not news.
    if (this.started) this.fresh.push(...items.filter((item) => !this.known.has(item.id)));
    this.fresh = this.fresh.filter((item) => ids.has(item.id));
    this.items = [...items];
    this.known = ids;
    this.started = true;
    return !!showing && showing.items.some((item) => !ids.has(item.id));
  }

  /** Whether a new upload waits to be shown first. */
  hasFresh(): boolean {
    return this.fresh.length > 0;
  }

  /**
   * The next slide, or null when there is nothing to show. Offline, `playable` tells the slides
   * whose media is at hand: the others wait their turn, unless none is.
   */
  next(playable: (slide: Slide) => boolean = () => true): Slide | null {
    if (this.fresh.length) {
      const [first] = this.fresh;
      const sameKind = this.fresh.filter((item) => item.type === first.type);
      const taken = first.type === 'video' ? [first] : sameKind.slice(0, SCREEN_PHOTO_GRID);
      this.fresh = this.fresh.filter((item) => !taken.includes(item));
      return first.type === 'video' ? { kind: 'clip', items: [first] } : { kind: 'photos', items: taken };
    }
    const slides = slidesOf(this.items);
    if (!slides.length) return null;
    const start = this.turn % slides.length;
    const ahead = slides.findIndex((_, i) => playable(slides[(start + i) % slides.length]));
    const index = (start + Math.max(ahead, 0)) % slides.length;
    this.turn = (index + 1) % slides.length;
    return slides[index];
  }
}
