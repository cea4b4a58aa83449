import { Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { WebhookDelivery } from '@shared/domain/schemas/webhooks';

/** The delivery log: event, outcome, status code, attempts, time; stacked lines on phones. */
export const WebhookDeliveries = ({ deliveries }: { deliveries: WebhookDelivery[] }) => {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const t = (key: string) => translate(`app.webhooks.${key}`);
  if (!deliveries.length) return <Typography color="text.secondary">{t('noDeliveries')}</Typography>;
  const when = (iso: string) => new Date(iso).toLocaleString();
  if (phone) {
    return (
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('log')}>
        {deliveries.map((d) => (
          <li key={d.id} style={{ padding: '8px 0', borderBottom: '1px solid rgba(0,0,0,0.12)' }}>
            <Typography variant="body2" fontWeight={600}>{d.event}</Typography>
            <Typography variant="body2">
              {t(`status.${d.status}`)} · {d.statusCode ?? '—'} · {translate('app.webhooks.columns.attempts')}: {d.attempts}
            </Typography>
            <Typography variant="caption" color="text.secondary">{when(d.updatedAt)}</Typography>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table size="small" aria-label={t('log')}>
      <TableHead>
        <TableRow>
          {(['event', 'status', 'statusCode', 'attempts', 'time'] as const).map((c) => (
            <TableCell key={c}>{translate(`app.webhooks.columns.${c}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {deliveries.map((d) => (
          <TableRow key={d.id}>
            <TableCell>{d.event}</TableCell>
            <TableCell title={d.error ?? undefined}>{t(`status.${d.status}`)}</TableCell>
            <TableCell>{d.statusCode ?? '—'}</TableCell>
            <TableCell>{d.attempts}</TableCell>
            <TableCell>{when(d.updatedAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
