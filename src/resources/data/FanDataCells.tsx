import { Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { FanDataRow } from '#shared/domain/schemas/fanData';
import { cellText, fullName, rightsLabel, type FanDataColumn } from './fanDataColumns';
import { PlayUploadButton } from './PlayUploadButton';

/** One cell of the table, by column. */
export const FanDataCell = ({ column }: { column: FanDataColumn; label?: string; sortBy?: string; sortable?: boolean }) => {
  const row = useRecordContext<FanDataRow>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!row) return null;
  if (column === 'createdAt') {
    return (
      <Typography variant="body2" component="span" noWrap>
        {new Date(row.createdAt).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' })}
      </Typography>
    );
  }
  if (column === 'upload') return row.uploadVideoId ? <PlayUploadButton uploadId={row.uploadVideoId} fan={fullName(row) || row.email || ''} /> : null;
  if (column === 'marketingConsent') return <>{translate(row.marketingConsent ? 'ra.boolean.true' : 'ra.boolean.false')}</>;
  if (column === 'rights') return row.rights ? <>{translate(rightsLabel(row.rights))}</> : null;
  return (
    <Typography variant="body2" component="span">
      {cellText(row, column)}
    </Typography>
  );
};
