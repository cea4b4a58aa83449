import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { i18nProvider } from '../../src/i18n';
import { ThumbnailChooser } from '../../src/resources/uploads/ThumbnailChooser';

const candidates = ['/files/poster-0.jpg', '/files/poster-1.jpg', '/files/poster-2.jpg'];

function inAdmin(calls: unknown[]) {
  const dataProvider = {
    action: async (resource: string, params: unknown) => {
      calls.push([resource, params]);
      return { id: 'u1' };
    },
  } as unknown as DataProvider;
  return ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider} store={memoryStore()}>
        {children}
      </AdminContext>
    </MemoryRouter>
  );
}

describe("the content dialog's thumbnail chooser", () => {
  afterEach(cleanup);

  it('shows the frames kept with the one in use pressed, and a click asks for another as the thumbnail', async () => {
    const calls: unknown[] = [];
    render(<ThumbnailChooser resource="uploads" upload={{ id: 'u1', thumbnail: candidates[0], customThumbnail: null, posterCandidates: candidates }} />, {
      wrapper: inAdmin(calls),
    });
    const group = screen.getByRole('group', { name: 'Thumbnail' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Frame 1 of 3' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Frame 3 of 3' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Frame 3 of 3' }));
    await waitFor(() => expect(calls).toEqual([['uploads', { id: 'u1', action: 'poster', data: { index: 2 } }]]));
  });

  it('says a custom thumbnail shows instead while it is set', () => {
    render(
      <ThumbnailChooser
        resource="uploads"
        upload={{ id: 'u1', thumbnail: candidates[1], customThumbnail: '/files/custom.jpg', posterCandidates: candidates }}
      />,
      { wrapper: inAdmin([]) },
    );
    expect(screen.getByText('The custom thumbnail shows instead of these while it is set.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Frame 2 of 3' })).toHaveAttribute('aria-pressed', 'true');
  });
});
