import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { DayField } from '../../src/components/DateRangeFilter';
import { i18nProvider } from '../../src/i18n';
import { renderInAdmin } from './render';

/** The custom range's day inputs (Fan Uploads, Fan Data, Insights) in the console's language. */
async function renderDay(locale: 'en' | 'fr', value?: string) {
  await i18nProvider.changeLocale(locale);
  const onChange = vi.fn();
  renderInAdmin(<DayField id="from" label="From" value={value} onChange={onChange} />);
  const input = await screen.findByLabelText('From');
  const type = (text: string) => {
    fireEvent.change(input, { target: { value: text } });
    fireEvent.blur(input);
  };
  return { input: input as HTMLInputElement, onChange, type };
}

describe('a day of the date range filter', () => {
  afterEach(() => i18nProvider.changeLocale('en'));

  it('is read and shown as mm/dd/yy in English', async () => {
    const { input, onChange, type } = await renderDay('en', '2026-03-05');
    expect(input.value).toBe('03/05/26');
    expect(input.placeholder).toBe('mm/dd/yy');
    type('05/03/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-05-03');
  });

  it('is read and shown as jj/mm/aa in French: 05/03/2026 is the 5th of March', async () => {
    const { input, onChange, type } = await renderDay('fr', '2026-05-03');
    expect(input.value).toBe('03/05/26');
    expect(input.placeholder).toBe('jj/mm/aa');
    type('05/03/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-05');
    type('25/12/25');
    expect(onChange).toHaveBeenLastCalledWith('2025-12-25');
  });

  it('refuses in French a day that only exists month first, saying the French format', async () => {
    const { onChange, type } = await renderDay('fr');
    type('12/25/25');
    expect(onChange).not.toHaveBeenCalled();
    expect(await screen.findByText('Saisissez une date au format jj/mm/aa')).toBeInTheDocument();
  });
});
