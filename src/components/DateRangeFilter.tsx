import { useState } from 'react';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DATE_RANGES } from '../domain/constants';
import { formatShortDate, isIgnoredRange, parseShortDate, presetOf, presetRange, type DateRangePreset, type DateRangeValue } from '../domain/dateRange';

export interface DateRangeFilterProps {
  value: DateRangeValue;
  /** Called with the range to filter by ({} for All Time, and for a range the rule ignores). */
  onChange: (value: DateRangeValue) => void;
}

/** A typed mm/dd/yy date: applied on blur or Enter when it is a real day from 01/01/2020. */
const ShortDateField = ({ label, value, onDate }: { label: string; value?: string; onDate: (iso?: string) => void }) => {
  const translate = useTranslate();
  const [text, setText] = useState(formatShortDate(value));
  const [error, setError] = useState(false);
  const apply = () => {
    const iso = text.trim() ? parseShortDate(text) : undefined;
    const bad = !!text.trim() && !iso;
    setError(bad);
    if (!bad) onDate(iso);
  };
  return (
    <TextField
      size="small"
      label={label}
      placeholder="mm/dd/yy"
      value={text}
      error={error}
      helperText={error ? translate('app.dateRange.invalid') : undefined}
      onChange={(event) => setText(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => event.key === 'Enter' && apply()}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      fullWidth={false}
      sx={{ width: 130 }}
    />
  );
};

/**
 * The date range filter (spec console.md section 5): All Time, Yesterday, Last 7 Days, Last 30
 * Days or a custom range typed mm/dd/yy from 01/01/2020; a range starting today or later is
 * ignored (and says so).
 */
export const DateRangeFilter = ({ value, onChange }: DateRangeFilterProps) => {
  const translate = useTranslate();
  const [custom, setCustom] = useState<DateRangeValue | undefined>(() => (presetOf(value) === 'custom' ? value : undefined));
  const mode = custom ? 'custom' : presetOf(value);
  const choose = (next: DateRangePreset | 'custom') => {
    if (next === 'custom') {
      setCustom(value);
      return;
    }
    setCustom(undefined);
    onChange(presetRange(next));
  };
  const backwards = (range: DateRangeValue) => !!range.startDate && !!range.endDate && range.endDate < range.startDate;
  const setBound = (bound: keyof DateRangeValue, iso?: string) => {
    const next = { ...custom, [bound]: iso };
    setCustom(next);
    if (!backwards(next)) onChange(isIgnoredRange(next) ? {} : next);
  };
  const notice = custom && (backwards(custom) ? 'app.dateRange.backwards' : isIgnoredRange(custom) ? 'app.dateRange.ignored' : undefined);
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="flex-start">
      <TextField select size="small" label={translate('app.dateRange.label')} value={mode} onChange={(event) => choose(event.target.value as DateRangePreset | 'custom')} fullWidth={false} sx={{ width: 170 }}>
        {DATE_RANGES.map((preset) => (
          <MenuItem key={preset} value={preset}>
            {translate(`app.dateRange.${preset}`)}
          </MenuItem>
        ))}
        <MenuItem value="custom">{translate('app.dateRange.custom')}</MenuItem>
      </TextField>
      {custom && (
        <>
          <ShortDateField label={translate('app.dateRange.from')} value={custom.startDate} onDate={(iso) => setBound('startDate', iso)} />
          <ShortDateField label={translate('app.dateRange.to')} value={custom.endDate} onDate={(iso) => setBound('endDate', iso)} />
          {notice && (
            <Typography role="status" variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
              {translate(notice)}
            </Typography>
          )}
        </>
      )}
    </Stack>
  );
};
