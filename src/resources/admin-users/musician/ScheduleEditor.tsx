import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { TextInput, useTranslate } from 'react-admin';
import { useFieldArray } from 'react-hook-form';
import { MUSICIAN_LIMITS } from '#shared/domain/schemas/musician';
import { WEEKDAYS, type Weekday } from '#shared/domain/schedule';

/** A cleared time stays '' (the schedule's rules then say what is missing), not react-admin's null. */
const asTyped = (value: string) => value;

/** A new slot starts an hour after the day's last one (or at 09:00). */
function nextSlot(slots: { start: string; end: string }[]) {
  const last = slots.at(-1)?.end;
  const hour = last ? Math.min(Number(last.slice(0, 2)), 22) : 9;
  const pad = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return { start: pad(hour), end: pad(hour + 1) };
}

/** A slot's start or end, in quarter hours; its name says the day and the slot. */
const SlotTimeInput = ({ source, label, ariaLabel }: { source: string; label: string; ariaLabel: string }) => (
  <TextInput
    source={source}
    type="time"
    label={label}
    parse={asTyped}
    slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900, 'aria-label': ariaLabel } }}
    sx={{ maxWidth: 260 }}
  />
);

const DaySlots = ({ day }: { day: Weekday }) => {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray({ name: `schedule.${day}` });
  const dayName = translate(`app.musician.weekdays.${day}`);
  const slots = fields as unknown as { id: string; start: string; end: string }[];
  return (
    <Box component="li" sx={{ display: 'flex', gap: 2, py: 1, borderBottom: 1, borderColor: 'divider', alignItems: 'flex-start' }} aria-label={dayName}>
      <Typography sx={{ width: 110, pt: 2, fontWeight: 500 }}>{dayName}</Typography>
      <Stack sx={{ flex: 1 }} spacing={0}>
        {slots.length === 0 && (
          <Typography color="text.secondary" sx={{ pt: 2 }}>
            {translate('app.musician.noSlots')}
          </Typography>
        )}
        {slots.map((slot, index) => {
          const args = { day: dayName, index: index + 1 };
          return (
            <Stack key={slot.id} direction="row" spacing={1} alignItems="flex-start">
              <SlotTimeInput source={`schedule.${day}.${index}.start`} label="app.musician.start" ariaLabel={translate('app.musician.slotStart', args)} />
              <SlotTimeInput source={`schedule.${day}.${index}.end`} label="app.musician.end" ariaLabel={translate('app.musician.slotEnd', args)} />
              <IconButton aria-label={translate('app.musician.removeSlot', args)} onClick={() => remove(index)} sx={{ mt: 1.5 }}>
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <Button
        startIcon={<AddIcon />}
        onClick={() => append(nextSlot(slots))}
        disabled={slots.length >= MUSICIAN_LIMITS.slotsPerDay}
        aria-label={translate('app.musician.addSlotTo', { day: dayName })}
        sx={{ mt: 1.5, whiteSpace: 'nowrap' }}
      >
        {translate('app.musician.addSlot')}
      </Button>
    </Box>
  );
};

/** The weekly schedule: per weekday, time slots to add and remove. */
export const ScheduleEditor = () => {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="subtitle1">{translate('app.musician.schedule')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.musician.scheduleHint')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {WEEKDAYS.map((day) => (
          <DaySlots key={day} day={day} />
        ))}
      </Box>
    </Box>
  );
};
