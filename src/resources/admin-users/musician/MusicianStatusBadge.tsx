import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

const COLORS: Record<string, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  enabled: 'success',
  approved: 'success',
  applied: 'info',
  pending: 'default',
  disabled: 'warning',
  denied: 'error',
  failed: 'error',
};

/** The application or page status: display only. */
export const MusicianStatusBadge = ({ status, saved }: { status: string; saved: boolean }) => {
  const translate = useTranslate();
  const label = translate(`app.musician.statuses.${status}`, { _: status });
  return (
    <Chip
      size="small"
      color={COLORS[status] ?? 'default'}
      label={saved ? label : translate('app.musician.notSaved')}
      variant={saved ? 'filled' : 'outlined'}
      aria-label={`${translate('app.musician.status')}: ${saved ? label : translate('app.musician.notSaved')}`}
    />
  );
};
