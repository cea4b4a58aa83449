import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Notification, type DataProvider } from 'react-admin';
import { ApiError } from '../../src/apiError';
import { RecordActionButton } from '../../src/components/RecordActionButton';
import { renderInAdmin } from './render';

const page = { id: 'p1', name: 'Summer Tour' };
const props = {
  resource: 'pages',
  record: page,
  action: 'enable',
  label: 'resources.pages.actions.enable',
  confirmContent: 'resources.pages.actions.enableConfirm',
  successMessage: 'resources.pages.actions.enabled',
  messageArgs: { name: page.name },
};

function providerAnswering(action: () => Promise<unknown>) {
  return { action: vi.fn(action) } as unknown as DataProvider & { action: ReturnType<typeof vi.fn> };
}

describe('RecordActionButton', () => {
  it('asks first, does nothing on cancel, then runs the action and says it was done', async () => {
    const dataProvider = providerAnswering(async () => ({ id: 'p1' }));
    renderInAdmin(
      <>
        <RecordActionButton {...props} />
        <Notification />
      </>,
      '/',
      { dataProvider },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enable Page' }));
    expect(screen.getByText('Enable Summer Tour? Fans can upload through it as soon as it is enabled.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /cancel/i }));
    expect(dataProvider.action).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Enable Page' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Enable Page' }).at(-1)!);
    expect(await screen.findByText('Page Summer Tour enabled')).toBeInTheDocument();
    expect(dataProvider.action).toHaveBeenCalledWith('pages', { id: 'p1', action: 'enable' });
  });

  it('hands a plan-limit answer to the upgrade prompt and shows other errors', async () => {
    const upsell = new ApiError({
      status: 402,
      error: 'PaymentRequired',
      message: 'Upgrade to enable more pages',
      errors: [{ path: 'upsell', message: 'active_pages' }],
    });
    const onUpsell = vi.fn();
    renderInAdmin(<RecordActionButton {...props} onUpsell={onUpsell} />, '/', { dataProvider: providerAnswering(() => Promise.reject(upsell)) });
    fireEvent.click(screen.getByRole('button', { name: 'Enable Page' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Enable Page' }).at(-1)!);
    await vi.waitFor(() => expect(onUpsell).toHaveBeenCalledWith('active_pages'));
  });

  it('shows an error the server gave', async () => {
    const conflict = new ApiError({ status: 409, error: 'Conflict', message: 'This page is archived', errors: [] });
    renderInAdmin(
      <>
        <RecordActionButton {...props} />
        <Notification />
      </>,
      '/',
      { dataProvider: providerAnswering(() => Promise.reject(conflict)) },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enable Page' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Enable Page' }).at(-1)!);
    expect(await screen.findByText('This page is archived')).toBeInTheDocument();
  });
});
