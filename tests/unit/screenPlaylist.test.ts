import { describe, expect, it } from 'vitest';
import { Playlist, slidesOf } from '../../src/capture/screenPlaylist';
import type { ScreenItem } from '#shared/domain/schemas/venueScreen';

const clip = (id: string): ScreenItem => ({ id, type: 'video', mp4: `/files/${id}.mp4`, webm: null, image: null });
const photo = (id: string): ScreenItem => ({ id, type: 'image', mp4: null, webm: null, image: `/files/${id}.jpg` });
const ids = (slide: { items: ScreenItem[] } | null) => slide?.items.map((item) => item.id);

describe('the venue screen’s turns', () => {
  it('alternates a clip and a grid of up to four photos, then what is left', () => {
    const slides = slidesOf([clip('c1'), photo('p1'), photo('p2'), photo('p3'), photo('p4'), photo('p5'), clip('c2'), clip('c3')]);
    expect(slides.map((slide) => [slide.kind, ids(slide)])).toEqual([
      ['clip', ['c1']],
      ['photos', ['p1', 'p2', 'p3', 'p4']],
      ['clip', ['c2']],
      ['photos', ['p5']],
      ['clip', ['c3']],
    ]);
  });

  it('plays a new approval next, and says when the slide on screen lost an upload', () => {
    const playlist = new Playlist();
    playlist.update([clip('c1'), photo('p1')], null);
    expect(playlist.hasFresh()).toBe(false);
    const first = playlist.next();
    expect(ids(first)).toEqual(['c1']);
    playlist.update([photo('p2'), clip('c1'), photo('p1')], first);
    expect(playlist.hasFresh()).toBe(true);
    expect(ids(playlist.next())).toEqual(['p2']);
    expect(playlist.update([photo('p2'), photo('p1')], first)).toBe(true);
    expect(ids(playlist.next())).toEqual(['p2', 'p1']);
    expect(playlist.update([], null)).toBe(false);
    expect(playlist.next()).toBeNull();
  });

  it('offline, skips to the next turn it can play, and plays on as before when none can', () => {
    const playlist = new Playlist();
    // Turns: c1, the photo p1, c2; only c1 is not in memory.
    playlist.update([clip('c1'), clip('c2'), photo('p1')], null);
    const held = (slide: { items: ScreenItem[] }) => slide.items.every((item) => item.id !== 'c1');
    expect(ids(playlist.next(held))).toEqual(['p1']);
    expect(ids(playlist.next(held))).toEqual(['c2']);
    expect(ids(playlist.next(held))).toEqual(['p1']);
    expect(ids(playlist.next(() => false))).toEqual(['c2']);
    expect(ids(playlist.next())).toEqual(['c1']);
  });
});
