import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AdminAccountRow } from '../records';

/** `source` names the column for the Datagrid's header and sorting. */
export const AccountStatusField = (_props: { source: string }) => {
  const translate = useTranslate();
  const record = useRecordContext<AdminAccountRow>();
  if (!record) return null;
  return (
    <Chip size="small" color={record.status === 'enabled' ? 'success' : 'warning'} label={translate(`resources.admin/accounts.status.${record.status}`)} />
  );
};

export const AccountPlanField = (_props: { source: string }) => {
  const translate = useTranslate();
  const record = useRecordContext<AdminAccountRow>();
  if (!record) return null;
  return <>{translate(`resources.admin/accounts.plan.${record.subscriptionPlan}`)}</>;
};
