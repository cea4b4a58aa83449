import { useState } from 'react';
import { MenuItem, Stack, type SxProps, type Theme } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { useFormat } from '../i18n/format';
import { FilterTextField } from './FilterInputs';
import { DATE_RANGES, MIN_FILTER_DATE } from '#shared/domain/constants';
import { fromDisplayDate, isIgnoredRange, presetOf, presetRange, toDisplayDate, type DateRangeValue } from '#shared/domain/dateRange';

/**
 * The date range filter of Fan Uploads and Fan Data (spec console.md sections 2, 5): All Time,
 * Yesterday, Last 7 Days, Last 30 Days or Custom, whose days are typed in the console's language
 * (mm/dd/yy in English, jj/mm/aa in French) from 01/01/2020. It is a react-admin input of a
 * FilterLiveForm: it writes the form's `startDate` and `endDate` (YYYY-MM-DD), which the list
 * keeps in the URL; a range starting today or later is said to be ignored (the server's
 * effectiveDateRange drops it).
 */
export const DateRangeInput = ({ id = 'date-range', sx }: { id?: string; sx?: SxProps<Theme> }) => {
  const { field: start } = useInput<string>({ source: 'startDate' });
  const { field: end } = useInput<string>({ source: 'endDate' });
  const value: DateRangeValue = { startDate: start.value || undefined, endDate: end.value || undefined };
  const onChange = (range: DateRangeValue) => {
    start.onChange(range.startDate ?? '');
    end.onChange(range.endDate ?? '');
  };
  const translate = useTranslate();
  const preset = presetOf(value);
  const [custom, setCustom] = useState(preset === 'custom');
  const shown = custom ? 'custom' : preset;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={[{ minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <FilterTextField
        select
        id={id}
        label={translate('app.dateRange.label')}
        value={shown}
        onChange={(event) => {
          const next = event.target.value;
          if (next === 'custom') {
            setCustom(true);
            return;
          }
          setCustom(false);
          onChange(presetRange(next as (typeof DATE_RANGES)[number]));
        }}
        sx={{ minWidth: 150 }}
      >
        {DATE_RANGES.map((range) => (
          <MenuItem key={range} value={range}>
            {translate(`app.dateRange.${range}`)}
          </MenuItem>
        ))}
        <MenuItem value="custom">{translate('app.dateRange.custom')}</MenuItem>
      </FilterTextField>
      {shown === 'custom' && (
        <>
          <DayField
            id={`${id}-from`}
            label={translate('app.dateRange.from')}
            value={value.startDate}
            onChange={(startDate) => onChange({ ...value, startDate })}
          />
          <DayField id={`${id}-to`} label={translate('app.dateRange.to')} value={value.endDate} onChange={(endDate) => onChange({ ...value, endDate })} />
          {isIgnoredRange(value) && (
            <span role="status" style={{ alignSelf: 'center', fontSize: '0.8rem' }}>
              {translate('app.dateRange.ignored')}
            </span>
          )}
        </>
      )}
    </Stack>
  );
};

interface DayFieldProps {
  id: string;
  label: string;
  value?: string;
  onChange: (value: string | undefined) => void;
  disabled?: boolean;
}

/**
 * One day typed in the console's language (mm/dd/yy in English, jj/mm/aa in French); handed over
 * once it is a real day from 01/01/2020 (or emptied). Insights' custom range uses it too. A day
 * set elsewhere (a preset, Clear, the URL) or a change of language starts the typing afresh: the
 * text is the field's own until it is handed over.
 */
export const DayField = (props: DayFieldProps) => {
  const { dayOrder } = useFormat();
  return <DayText key={`${dayOrder} ${props.value ?? ''}`} {...props} />;
};

const DayText = ({ id, label, value, onChange, disabled }: DayFieldProps) => {
  const translate = useTranslate();
  const { dayOrder } = useFormat();
  const [text, setText] = useState(toDisplayDate(value, dayOrder));
  const parsed = fromDisplayDate(text, dayOrder);
  const invalid = text.trim() !== '' && (!parsed || parsed < MIN_FILTER_DATE);
  const commit = () => {
    if (!text.trim()) onChange(undefined);
    else if (parsed && parsed >= MIN_FILTER_DATE && parsed !== value) onChange(parsed);
  };
  return (
    <FilterTextField
      id={id}
      label={label}
      value={text}
      placeholder={translate('app.dateRange.pattern')}
      disabled={disabled}
      error={invalid}
      helperText={invalid ? translate(parsed ? 'app.validation.minDate' : 'app.dateRange.invalid') : undefined}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      sx={{ width: 150 }}
    />
  );
};
