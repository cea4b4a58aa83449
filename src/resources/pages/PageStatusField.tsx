import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

const COLORS = { enabled: 'success', pending: 'default', disabled: 'warning', archived: 'default' } as const;

/** `source` names the column for the Datagrid's header and sorting. */
export const PageStatusField = (_props: { source: string }) => {
  const translate = useTranslate();
  const record = useRecordContext<{ status: keyof typeof COLORS }>();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={COLORS[record.status] ?? 'default'}
      label={translate(`resources.pages.status.${record.status}`)}
      variant={record.status === 'archived' ? 'outlined' : 'filled'}
    />
  );
};
