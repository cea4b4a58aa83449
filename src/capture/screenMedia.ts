import type { ScreenItem } from '#shared/domain/schemas/venueScreen';

/** A file that could not be read is asked again after this long (the network may be back). */
const RETRY_MS = 60_000;

/** What the screen keeps in memory at most, so a feed of long clips cannot exhaust the player. */
const MEDIA_BUDGET_BYTES = 400 * 1024 * 1024;

type Field = 'mp4' | 'webm' | 'image';

/** The files an item plays: one of its video files and its poster, or its photo. */
function filesOf(item: ScreenItem): { field: Field; url: string }[] {
  const files: { field: Field; url: string | null }[] =
    item.type === 'video'
      ? [
          { field: item.mp4 ? 'mp4' : 'webm', url: item.mp4 ?? item.webm },
          { field: 'image', url: item.image },
        ]
      : [{ field: 'image', url: item.image }];
  return files.filter((file): file is { field: Field; url: string } => !!file.url);
}

const keyOf = (item: ScreenItem, field: Field) => `${item.id}:${field}`;

/**
 * The media of the feed, held in memory as it arrives (one file at a time), so the screen keeps
 * playing what it has when the network drops. Keyed by upload, not address: a re-signed address
 * is the same file. An upload that leaves the feed lets its media go at once. Where a file cannot
 * be read (another origin without CORS, over the budget), the screen plays its address as it is.
 */
export class ScreenMedia {
  private held = new Map<string, { url: string; bytes: number }>();
  private wanted = new Map<string, string>();
  private bytes = 0;
  private loading = false;
  private stopped = false;
  /** When a file last failed to load. */
  private failed = new Map<string, number>();
  /** Files over the budget: played from their address. */
  private tooBig = new Set<string>();

  /** Takes the feed's items: fetches what is new, lets go of what left. */
  keep(items: readonly ScreenItem[]): void {
    this.wanted = new Map(items.flatMap((item) => filesOf(item).map((file) => [keyOf(item, file.field), file.url] as const)));
    for (const [key, entry] of this.held) {
      if (this.wanted.has(key)) continue;
      URL.revokeObjectURL(entry.url);
      this.bytes -= entry.bytes;
      this.held.delete(key);
    }
    for (const key of [...this.failed.keys(), ...this.tooBig]) {
      if (this.wanted.has(key)) continue;
      this.failed.delete(key);
      this.tooBig.delete(key);
    }
    void this.load();
  }

  /** The address to play a file of an item at: the one in memory when there is one. */
  src(item: ScreenItem, field: Field): string | undefined {
    return this.held.get(keyOf(item, field))?.url ?? item[field] ?? undefined;
  }

  /** Whether every file of these items is in memory (playable without the network). */
  holds(items: readonly ScreenItem[]): boolean {
    return items.every((item) => filesOf(item).every((file) => this.held.has(keyOf(item, file.field))));
  }

  /** Lets every file go (the screen closes). */
  stop(): void {
    this.stopped = true;
    for (const entry of this.held.values()) URL.revokeObjectURL(entry.url);
    this.held.clear();
    this.bytes = 0;
  }

  private async load() {
    if (this.loading) return;
    this.loading = true;
    try {
      for (;;) {
        const now = Date.now();
        const next = [...this.wanted].find(([key]) => !this.held.has(key) && !this.tooBig.has(key) && now - (this.failed.get(key) ?? -Infinity) >= RETRY_MS);
        if (!next || this.stopped) return;
        const [key, url] = next;
        const blob = await fetch(url)
          .then((response) => (response.ok ? response.blob() : undefined))
          .catch(() => undefined);
        if (!blob) {
          this.failed.set(key, now);
          continue;
        }
        if (this.stopped || !this.wanted.has(key)) continue;
        if (this.bytes + blob.size > MEDIA_BUDGET_BYTES) {
          this.tooBig.add(key);
          continue;
        }
        this.held.set(key, { url: URL.createObjectURL(blob), bytes: blob.size });
        this.bytes += blob.size;
      }
    } finally {
      this.loading = false;
    }
  }
}
