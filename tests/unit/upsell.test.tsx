import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, cleanup } from '@testing-library/react';
import { UPSELL_IDS } from '#shared/domain/constants';
import { Upsell } from '../../src/components/Upsell';
import { upsellMessages } from '../../src/i18n/upsell';
import { authProviderFor, contextFor, renderInAdmin } from './render';

const member = authProviderFor(contextFor());

describe("upsells: 'Upsell prompts can be dismissed for 7 days' (every id)", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.useRealTimers();
  });

  it.each(UPSELL_IDS)('%s can be dismissed, stays hidden, and comes back after 7 days', async (id) => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z'), toFake: ['Date'] });
    renderInAdmin(<Upsell id={id} />, '/', { authProvider: member });
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss for 7 days' }));
    expect(screen.queryByRole('region')).toBeNull();
    cleanup();

    // Within 7 days it stays hidden; another prompt beside it shows once permissions have loaded.
    const other = UPSELL_IDS.find((candidate) => candidate !== id)!;
    vi.setSystemTime(new Date('2026-12-04T09:59:00Z'));
    renderInAdmin(
      <>
        <Upsell id={id} />
        <Upsell id={other} />
      </>,
      '/',
      { authProvider: member },
    );
    expect(await screen.findByRole('region', { name: upsellMessages[other].title })).toBeVisible();
    expect(screen.queryByRole('region', { name: upsellMessages[id].title })).toBeNull();
    cleanup();

    vi.setSystemTime(new Date('2026-12-04T10:01:00Z'));
    renderInAdmin(<Upsell id={id} />, '/', { authProvider: member });
    expect(await screen.findByRole('button', { name: 'Dismiss for 7 days' })).toBeVisible();
  });
});

describe('the prompt offers what the member may do', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it.each([
    ['admin', 'Upgrade'],
    ['user', 'See plans'],
    ['readonly', 'See plans'],
  ] as const)("an account's %s is offered '%s', which opens the subscription", async (role, label) => {
    renderInAdmin(<Upsell id="page_ads" />, '/', { authProvider: authProviderFor(contextFor({ user: { role } })) });
    const link = await screen.findByRole('link', { name: label });
    expect(link).toHaveAttribute('href', '/account-settings/subscription');
    expect(screen.queryByRole('link', { name: label === 'Upgrade' ? 'See plans' : 'Upgrade' })).toBeNull();
  });
});
