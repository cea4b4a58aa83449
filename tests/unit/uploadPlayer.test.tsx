import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import type { UploadCard } from '#shared/domain/schemas/uploads';
import { i18nProvider } from '../../src/i18n';
import { UploadPlayer } from '../../src/components/UploadPlayer';

/** react-admin's context around the player, kept across rerenders (the dialog's refetch gives the same player a new answer). */
const InAdmin = ({ children }: { children: ReactNode }) => (
  <MemoryRouter>
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      {children}
    </AdminContext>
  </MemoryRouter>
);

const clip = (over: Partial<UploadCard>): UploadCard => ({
  id: 'u1',
  type: 'video',
  pageId: 'p',
  pageName: 'Page',
  pageRequiresApproval: false,
  likingStatus: 'enabled',
  accountId: 'a',
  account: { name: 'A' },
  status: 'processed',
  encodingStatus: 'processed',
  encodingError: null,
  original: '/files/original.mov',
  mp4: null,
  webm: null,
  thumbnail: null,
  customThumbnail: null,
  duration: 2,
  createdAt: '2026-11-29T12:00:00.000Z',
  approvedAt: null,
  requiresApproval: false,
  isHidden: false,
  isAllowed: true,
  isFlagged: false,
  viewCount: 0,
  likeCount: 0,
  shareLink: 'http://localhost:3000/s/x',
  tags: [],
  uploadData: { email: null, instagram: null, tiktok: null, tags: [] },
  uploadModerationJob: { status: 'processed', moderationLabels: [] },
  ...over,
});

/** The addresses the player offers, in the order the browser tries them. */
const sources = () => [...screen.getByLabelText('Fan video').querySelectorAll('source')].map((source) => source.getAttribute('src'));

describe('the content dialog plays the best copy of a clip there is', () => {
  afterEach(cleanup);

  it('offers the review proxy while it is all there is, a full-quality webm before it, and the full mp4 once it replaced the proxy', () => {
    const { rerender } = render(<UploadPlayer upload={clip({ mp4: '/files/review.mp4', mp4Proxy: true })} />, { wrapper: InAdmin });
    expect(sources()).toEqual(['/files/review.mp4']);
    const player = screen.getByLabelText('Fan video');

    rerender(<UploadPlayer upload={clip({ mp4: '/files/review.mp4', mp4Proxy: true, webm: '/files/video.webm' })} />);
    expect(sources()).toEqual(['/files/video.webm', '/files/review.mp4']);

    // The full mp4 at its own address: a fresh <video> loads it (one keeps its first sources otherwise).
    rerender(<UploadPlayer upload={clip({ mp4: '/files/video.mp4', mp4Proxy: false, webm: '/files/video.webm' })} />);
    expect(sources()).toEqual(['/files/video.mp4', '/files/video.webm']);
    expect(screen.getByLabelText('Fan video')).not.toBe(player);
  });
});
