import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DATE_PRESETS, type DatePreset } from '#shared/domain/statsDays';
import { showsAllChoice } from '../../components/filterSelect';
import { DayField } from '../../components/DateRangeFilter';

export type RangeChoice = DatePreset | 'custom';

export interface FilterState {
  pageId: string;
  range: RangeChoice;
  startDate: string;
  endDate: string;
}

/**
 * Spec console.md 5: 'a range whose start is not before today is ignored' (today in the
 * account's time zone, as the stats count days); the console says so and sends no range.
 */
export const customIgnored = (value: FilterState, today: string) => value.range === 'custom' && !!value.startDate && value.startDate >= today;

/** Page and date range (All Time, Yesterday, Last 7 Days, Last 30 Days, or custom typed in the console's language from 01/01/2020). */
export const InsightFilters = ({
  value,
  onChange,
  pages,
  today,
  disabled,
}: {
  value: FilterState;
  onChange: (next: FilterState) => void;
  pages: Array<{ pageId: string; name: string }>;
  today: string;
  disabled: boolean;
}) => {
  const translate = useTranslate();
  const set = (patch: Partial<FilterState>) => onChange({ ...value, ...patch });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
      <TextField
        select
        size="small"
        label={translate('app.insights.page')}
        value={value.pageId}
        onChange={(event) => set({ pageId: event.target.value })}
        disabled={disabled}
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 260 } }}
        slotProps={showsAllChoice}
      >
        <MenuItem value="">{translate('app.insights.allPages')}</MenuItem>
        {pages.map((page) => (
          <MenuItem key={page.pageId} value={page.pageId}>
            {page.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate('app.insights.range')}
        value={value.range}
        onChange={(event) => set({ range: event.target.value as RangeChoice })}
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
      {value.range === 'custom' && (
        <>
          <DayField id="insights-from" label={translate('app.insights.startDate')} value={value.startDate || undefined} onChange={(startDate) => set({ startDate: startDate ?? '' })} disabled={disabled} />
          <DayField id="insights-to" label={translate('app.insights.endDate')} value={value.endDate || undefined} onChange={(endDate) => set({ endDate: endDate ?? '' })} disabled={disabled} />
          {customIgnored(value, today) && (
            <span role="status" style={{ alignSelf: 'center', fontSize: '0.8rem' }}>
              {translate('app.dateRange.ignored')}
            </span>
          )}
        </>
      )}
    </Stack>
  );
};
