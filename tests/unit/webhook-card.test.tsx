import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { WebhookSettingsCard } from '../../src/screens/account-settings/WebhookSettingsCard';
import { renderInAdmin } from './render';

describe('webhook settings card', () => {
  it('shows the saved endpoint, keeps what the user types, and shows the endpoint the save answers', async () => {
    const saved = { url: 'https://hooks.example.com/old', secret: null, deliveries: [] };
    const webhookChange = vi.fn(async (_accountId: string, change: { url: string }) => ({ ...saved, url: change.url }));
    const dataProvider = { webhook: async () => saved, webhookChange } as unknown as DataProvider;
    renderInAdmin(<WebhookSettingsCard accountId="a1" />, '/account-settings', { dataProvider });
    const field = await screen.findByDisplayValue('https://hooks.example.com/old');
    fireEvent.change(field, { target: { value: 'https://hooks.example.com/new' } });
    expect(field).toHaveValue('https://hooks.example.com/new');
    fireEvent.click(screen.getByRole('button', { name: 'Save endpoint' }));
    await waitFor(() => expect(webhookChange).toHaveBeenCalledWith('a1', { url: 'https://hooks.example.com/new' }));
    expect(await screen.findByDisplayValue('https://hooks.example.com/new')).toBeInTheDocument();
  });
});
