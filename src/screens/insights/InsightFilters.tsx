import { MenuItem, Stack, TextField } from '@mui/material';
import { FilterLiveForm, useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DATE_PRESETS, type DatePreset } from '#shared/domain/statsDays';
import { DayField } from '../../components/DateRangeFilter';
import { FilterSelectInput } from '../../components/FilterInputs';

type RangeChoice = DatePreset | 'custom';

/** The list filters of Insights; a missing range is All Time. */
export interface FilterState {
  pageId?: string;
  range?: RangeChoice;
  startDate?: string;
  endDate?: string;
}

/**
 * Spec console.md 5: 'a range whose start is not before today is ignored' (today in the
 * account's time zone, as the stats count days); the console says so and sends no range.
 */
export const customIgnored = (value: FilterState, today: string) => value.range === 'custom' && !!value.startDate && value.startDate >= today;

/** The range select: All Time (no filter), Yesterday, Last 7 Days, Last 30 Days or Custom. */
const RangeInput = ({ disabled }: { disabled: boolean }) => {
  const translate = useTranslate();
  const { field } = useInput<string>({ source: 'range' });
  return (
    <TextField
      select
      size="small"
      margin="none"
      name={field.name}
      label={translate('app.insights.range')}
      value={field.value || 'all'}
      onChange={(event) => field.onChange(event.target.value === 'all' ? '' : event.target.value)}
      onBlur={field.onBlur}
      disabled={disabled}
      fullWidth={false}
      sx={{ width: { xs: '100%', sm: 200 } }}
    >
      {[...DATE_PRESETS, 'custom' as const].map((range) => (
        <MenuItem key={range} value={range}>
          {translate(`app.insights.ranges.${range}`)}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** One day of the custom range, typed in the console's language. */
const DayInput = ({ source, id, label, disabled }: { source: 'startDate' | 'endDate'; id: string; label: string; disabled: boolean }) => {
  const { field } = useInput<string>({ source });
  return <DayField id={id} label={label} value={field.value || undefined} onChange={(day) => field.onChange(day ?? '')} disabled={disabled} />;
};

/** The custom range's two days and, when its start is not before today, the notice that it is ignored. */
const CustomRange = ({ today, disabled }: { today: string; disabled: boolean }) => {
  const translate = useTranslate();
  const [range, startDate] = useWatch({ name: ['range', 'startDate'] }) as [RangeChoice | '', string | undefined];
  if (range !== 'custom') return null;
  return (
    <>
      <DayInput source="startDate" id="insights-from" label={translate('app.insights.startDate')} disabled={disabled} />
      <DayInput source="endDate" id="insights-to" label={translate('app.insights.endDate')} disabled={disabled} />
      {customIgnored({ range, startDate }, today) && (
        <span role="status" style={{ alignSelf: 'center', fontSize: '0.8rem' }}>
          {translate('app.dateRange.ignored')}
        </span>
      )}
    </>
  );
};

/**
 * Page and date range (All Time, Yesterday, Last 7 Days, Last 30 Days, or custom typed in the
 * console's language from 01/01/2020): a FilterLiveForm over the screen's list context, applied
 * at once (no typing to wait for: the days apply on Enter or leaving the field).
 */
export const InsightFilters = ({ pages, today, disabled }: { pages: Array<{ pageId: string; name: string }>; today: string; disabled: boolean }) => {
  const translate = useTranslate();
  return (
    <FilterLiveForm debounce={false}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
        <FilterSelectInput
          source="pageId"
          label={translate('app.insights.page')}
          anyLabel={translate('app.insights.allPages')}
          ready={pages.length > 0}
          disabled={disabled}
          sx={{ width: { xs: '100%', sm: 260 } }}
        >
          {pages.map((page) => (
            <MenuItem key={page.pageId} value={page.pageId}>
              {page.name}
            </MenuItem>
          ))}
        </FilterSelectInput>
        <RangeInput disabled={disabled} />
        <CustomRange today={today} disabled={disabled} />
      </Stack>
    </FilterLiveForm>
  );
};
