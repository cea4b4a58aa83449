import { Stack } from '@mui/material';
import { EditBase, Loading, useEditContext, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { useAppContext } from '../../appContext';
import { AccountConfigurationForm } from '../../screens/account-settings/AccountConfigurationForm';
import { AccountUsersPanel } from '../../screens/account-users/AccountUsersPanel';
import { ADMIN_ACCOUNTS } from '../registry';
import type { AdminAccount } from '../records';
import { AccountStatusField } from './AccountFields';
import { AccountStatusActions } from './AccountStatusActions';
import { AccountPlanSelect } from './AccountPlanSelect';
import { RecordHeader } from '../../components/RecordHeader';
import { RecordTabs, useRecordTab } from '../../components/RecordTabs';

const TABS = ['', 'users'] as const;

const AccountDetails = () => {
  const translate = useTranslate();
  const { data: context } = useAppContext();
  const { record: account, isPending, refetch } = useEditContext<AdminAccount>();
  const tab = useRecordTab();
  if (isPending || !account || !context) return <Loading />;
  const base = `/admin/accounts/${encodeURIComponent(account.id)}`;
  if (!(TABS as readonly string[]).includes(tab)) return <Navigate to={base} replace />;
  const t = (key: string) => translate(`resources.admin/accounts.${key}`);

  return (
    <Stack spacing={2}>
      <RecordHeader
        listPath="/admin/accounts"
        listLabel={t('details.breadcrumb')}
        name={account.name}
        status={<AccountStatusField source="status" />}
        actions={
          <Stack direction="row" spacing={2} alignItems="center">
            <AccountPlanSelect account={account} onChanged={() => void refetch()} />
            <AccountStatusActions account={account} />
          </Stack>
        }
      />
      <RecordTabs tabs={TABS} current={tab} base={base} label={t('details.tabs.label')} tabLabel={(name) => t(`details.tabs.${name}`)} />
      {tab === '' ? (
        <AccountConfigurationForm key={account.id} resource={ADMIN_ACCOUNTS} accountId={account.id} canEdit identity />
      ) : (
        <AccountUsersPanel accountId={account.id} canManage selfId={context.user.id} />
      )}
    </Stack>
  );
};

/** /admin/accounts/{accountId} (General) and /admin/accounts/{accountId}/users (Users). */
const AdminAccountEdit = () => (
  <EditBase mutationMode="pessimistic" redirect={false}>
    <AccountDetails />
  </EditBase>
);

export default AdminAccountEdit;
