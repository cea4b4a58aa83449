import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import type { UploadCard } from '#shared/domain/schemas/uploads';
import { i18nProvider } from '../../src/i18n';
import { UploadBadges } from '../../src/resources/uploads/UploadBadges';

const card = (over: Partial<UploadCard>): UploadCard => ({
  id: 'u2',
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

afterEach(cleanup);

describe("an upload's possible duplicate badge", () => {
  it("reads 'Possible duplicate of …' and links to the earlier upload's dialog, the grid's filters kept", () => {
    render(
      <MemoryRouter initialEntries={['/uploads?page=2&filter=%7B%7D']}>
        <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
          <UploadBadges upload={card({ duplicateOf: { id: 'u1', createdAt: '2026-11-28T20:00:00.000Z' } })} resource="uploads" />
        </AdminContext>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: /^Possible duplicate of the upload from / });
    const href = new URL(link.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/uploads');
    expect(href.searchParams.get('submission')).toBe('u1');
    expect(href.searchParams.get('page')).toBe('2');
  });

  it('shows nothing for an upload that is no copy', () => {
    render(
      <MemoryRouter>
        <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
          <UploadBadges upload={card({ duplicateOf: null })} resource="uploads" />
        </AdminContext>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
