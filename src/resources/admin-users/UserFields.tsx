import { Chip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/format';
import type { AdminUserRow } from '../records';

const STATUS_COLORS = { enabled: 'success', pending: 'default', disabled: 'warning' } as const;

/** `source` names the column for the Datagrid's header and sorting. */
export const UserStatusField = (_props: { source: string }) => {
  const translate = useTranslate();
  const record = useRecordContext<AdminUserRow>();
  if (!record) return null;
  return <Chip size="small" color={STATUS_COLORS[record.status] ?? 'default'} label={translate(`resources.admin/users.status.${record.status}`)} />;
};

export const UserTypeField = (_props: { source: string }) => {
  const translate = useTranslate();
  const record = useRecordContext<AdminUserRow>();
  if (!record) return null;
  return <>{translate(`resources.admin/users.type.${record.type}`, { _: record.type })}</>;
};

/** A date, or 'Never' for someone who never signed in. */
export const UserDateField = ({ source }: { source: 'lastLogin' | 'createdAt' }) => {
  const translate = useTranslate();
  const format = useFormat();
  const record = useRecordContext<AdminUserRow>();
  if (!record) return null;
  const value = record[source];
  return (
    <Typography variant="body2" component="span" color={value ? 'text.primary' : 'text.secondary'}>
      {value ? format.date(value) : translate('resources.admin/users.never')}
    </Typography>
  );
};

/** The Verified / Not Verified badge of the General tab. */
export const VerifiedBadge = ({ verified }: { verified: boolean }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={verified ? 'success' : 'warning'}
      variant={verified ? 'filled' : 'outlined'}
      label={translate(`resources.admin/users.details.${verified ? 'verified' : 'notVerified'}`)}
    />
  );
};
