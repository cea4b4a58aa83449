import { countViewOnPlay } from './wallApi';
import { fanText } from './fanText';

/** The share page and its player: a view is counted when playback starts. */
export function attachShare(uploadId: string): void {
  const video = document.getElementById('share-video');
  const views = document.getElementById('share-views');
  if (!(video instanceof HTMLVideoElement)) return;
  countViewOnPlay(video, uploadId, (n) => {
    if (views) views.textContent = fanText().plural(fanText().m.wall.views, n);
  });
}
