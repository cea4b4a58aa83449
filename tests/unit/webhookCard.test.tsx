import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { WebhookSettingsCard } from '../../src/screens/account-settings/WebhookSettingsCard';
import { renderInAdmin } from './render';

describe('webhook settings card', () => {
  it('shows the saved endpoint, keeps what the user types, and shows the endpoint the save answers', async () => {
    const saved = { id: 'a1', url: 'https://hooks.example.com/old', secret: null, deliveries: [] };
    const update = vi.fn(async (_resource: string, { data }: { data: { url: string } }) => ({ data: { ...saved, url: data.url } }));
    const dataProvider = { getOne: async () => ({ data: saved }), update } as unknown as DataProvider;
    renderInAdmin(<WebhookSettingsCard accountId="a1" />, '/account-settings', { dataProvider });
    const field = await screen.findByDisplayValue('https://hooks.example.com/old');
    fireEvent.change(field, { target: { value: 'https://hooks.example.com/new' } });
    expect(field).toHaveValue('https://hooks.example.com/new');
    fireEvent.click(screen.getByRole('button', { name: 'Save endpoint' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('webhook', expect.objectContaining({ id: 'a1', data: { url: 'https://hooks.example.com/new' } })));
    expect(await screen.findByDisplayValue('https://hooks.example.com/new')).toBeInTheDocument();
  });
});
