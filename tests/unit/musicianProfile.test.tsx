import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MusicianProfileSection } from '../../src/resources/admin-users/musician/MusicianProfileSection';
import { emptySchedule } from '#shared/domain/schedule';
import type { MusicianProfile } from '#shared/domain/schemas/musician';
import { dataProvider } from '../../src/dataProvider';
import { renderInAdmin } from './render';

const profile = (overrides: Partial<MusicianProfile> = {}): MusicianProfile => ({
  userId: 'm1',
  status: 'pending',
  slug: 'leokeys',
  featured: false,
  featurePosition: null,
  image: null,
  image2: null,
  image3: null,
  summary: 'Jazz pianist.',
  instruments: ['Piano'],
  band: '',
  location: '',
  facebook: '',
  instagram: '',
  youtube: '',
  twitter: '',
  website: '',
  customembed: '',
  enableLessons: false,
  halfHourRate: null,
  hourRate: null,
  locationOnline: false,
  locationMusician: false,
  locationStudent: false,
  lessonLocation: '',
  lessonAvailability: null,
  migrateScheduling: false,
  timezone: '',
  schedule: emptySchedule(),
  scheduleOffs: [],
  exists: true,
  ...overrides,
});

/** How long a wait for what the user sees may take on a loaded two-core machine. */
const SLOW = 15_000;

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

// A form of some forty inputs typed into: 8-12 s a test alone, three times that beside the other
// first-stage jobs of npm test on two cores.
describe('musician profile section', { timeout: 60_000 }, () => {
  let fetchMock: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    fetchMock = vi.spyOn(globalThis, 'fetch');
  });
  afterEach(() => fetchMock.mockRestore());

  const open = async (found: MusicianProfile) => {
    fetchMock.mockResolvedValueOnce(answer(found));
    renderInAdmin(<MusicianProfileSection userId="m1" />, '/', { dataProvider });
    // Rendering the whole section takes seconds on a busy machine: wait for it as a user would, not for 1 s.
    return screen.findByRole('region', { name: 'Musician Profile' }, { timeout: SLOW });
  };

  it('enables the position only while the musician is featured', async () => {
    const section = await open(profile());
    const position = within(section).getByLabelText('Position');
    expect(position).toBeDisabled();
    fireEvent.click(within(section).getByLabelText('Display on main page'));
    expect(position).toBeEnabled();
  });

  it('shows the lesson settings only when lessons are on, and the lesson area only for musician or student locations', async () => {
    const section = await open(profile({ enableLessons: null }));
    expect(within(section).queryByLabelText('30 minutes')).toBeNull();
    expect(within(section).queryByText('Weekly schedule')).toBeNull();
    fireEvent.click(within(section).getByLabelText('Yes'));
    expect(within(section).getByLabelText('30 minutes')).toHaveAttribute('placeholder', '30');
    expect(within(section).getByLabelText('1 hour')).toHaveAttribute('placeholder', '60');
    expect(within(section).getByText('Weekly schedule')).toBeInTheDocument();
    expect(within(section).getByText('Days off')).toBeInTheDocument();
    expect(within(section).queryByLabelText(/^Lesson area/)).toBeNull();
    fireEvent.click(within(section).getByLabelText('Online'));
    expect(within(section).queryByLabelText(/^Lesson area/)).toBeNull();
    fireEvent.click(within(section).getByLabelText('At musician'));
    expect(within(section).getByLabelText(/^Lesson area/)).toBeInTheDocument();
    fireEvent.click(within(section).getByLabelText('At musician'));
    expect(within(section).queryByLabelText(/^Lesson area/)).toBeNull();
    fireEvent.click(within(section).getByLabelText('At student'));
    expect(within(section).getByLabelText(/^Lesson area/)).toBeInTheDocument();
    fireEvent.click(within(section).getByLabelText('No'));
    expect(within(section).queryByLabelText('30 minutes')).toBeNull();
  });

  it('lists days off by date as EEE, MM/dd/yyyy and adds and removes slots per weekday', async () => {
    const section = await open(
      profile({ enableLessons: true, locationOnline: true, timezone: 'UTC', scheduleOffs: [{ scheduledDate: '2030-05-20' }, { scheduledDate: '2030-05-03' }] }),
    );
    const days = within(within(section).getByRole('list', { name: 'Days off' })).getAllByRole('listitem');
    expect(days.map((day) => day.textContent)).toEqual(['Fri, 05/03/2030', 'Mon, 05/20/2030']);
    fireEvent.click(within(section).getByRole('button', { name: 'Add time slot on Wednesday' }));
    expect(within(section).getByLabelText('Wednesday slot 1 start')).toHaveValue('09:00');
    expect(within(section).getByLabelText('Wednesday slot 1 end')).toHaveValue('10:00');
    fireEvent.click(within(section).getByRole('button', { name: 'Remove Wednesday time slot 1' }));
    expect(within(section).queryByLabelText('Wednesday slot 1 start')).toBeNull();
  });

  it('does not save lessons without a location, and says so', async () => {
    const section = await open(profile({ enableLessons: true, timezone: 'UTC' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Save Changes' }));
    expect(await within(section).findByText('Choose at least one lesson location', {}, { timeout: SLOW })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(within(section).getByLabelText('Online'));
    await waitFor(() => expect(within(section).queryByText('Choose at least one lesson location')).toBeNull(), { timeout: SLOW });
  });

  it('shows the legacy availability read-only with the migrate flag', async () => {
    const section = await open(profile({ lessonAvailability: 'Evenings after 6pm', migrateScheduling: true }));
    const legacy = within(section).getByLabelText('Lesson availability (legacy)');
    expect(legacy).toHaveValue('Evenings after 6pm');
    expect(legacy).toHaveAttribute('readonly');
    expect(within(section).getByLabelText('Migrate to new scheduling system')).toBeChecked();
  });
});
