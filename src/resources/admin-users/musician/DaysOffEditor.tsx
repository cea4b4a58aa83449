import { useState } from 'react';
import { Box, Button, IconButton, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import { MUSICIAN_LIMITS } from '#shared/domain/schemas/musician';
import { formatDayOff, isCalendarDate, sortDaysOff, type ScheduleOff } from '#shared/domain/schedule';

/** Days off, sorted by date and shown as 'EEE, MM/dd/yyyy', with a date input to add one. */
export const DaysOffEditor = () => {
  const translate = useTranslate();
  const { field, fieldState } = useController<{ scheduleOffs: ScheduleOff[] }, 'scheduleOffs'>({ name: 'scheduleOffs' });
  const [date, setDate] = useState('');
  const days = sortDaysOff(field.value ?? []);
  const add = () => {
    if (!isCalendarDate(date)) return;
    field.onChange(sortDaysOff([...days, { scheduledDate: date }]));
    setDate('');
  };
  const remove = (scheduledDate: string) => field.onChange(days.filter((day) => day.scheduledDate !== scheduledDate));
  return (
    <Box>
      <Typography variant="subtitle1">{translate('app.musician.daysOff')}</Typography>
      {days.length === 0 ? (
        <Typography color="text.secondary">{translate('app.musician.noDaysOff')}</Typography>
      ) : (
        <List dense aria-label={translate('app.musician.daysOff')} sx={{ maxWidth: 420 }}>
          {days.map(({ scheduledDate }) => {
            const label = formatDayOff(scheduledDate);
            return (
              <ListItem
                key={scheduledDate}
                divider
                secondaryAction={
                  <IconButton edge="end" aria-label={translate('app.musician.removeDayOff', { date: label })} onClick={() => remove(scheduledDate)}>
                    <DeleteOutlineIcon />
                  </IconButton>
                }
              >
                <ListItemText primary={label} />
              </ListItem>
            );
          })}
        </List>
      )}
      {fieldState.error && (
        <Typography variant="caption" color="error">
          {fieldState.error.message}
        </Typography>
      )}
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 1 }}>
        <TextField
          type="date"
          size="small"
          label={translate('app.musician.dayOffDate')}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 200 }}
        />
        <Button startIcon={<AddIcon />} onClick={add} disabled={!isCalendarDate(date) || days.length >= MUSICIAN_LIMITS.daysOff} sx={{ whiteSpace: 'nowrap' }}>
          {translate('app.musician.addDayOff')}
        </Button>
      </Stack>
    </Box>
  );
};
