import { Stack, Typography } from '@mui/material';
import { EditBase, Loading, useEditContext, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import type { UserType } from '#shared/domain/roles';
import type { AdminUser } from '../records';
import { UserStatusField } from './UserFields';
import { GeneralTab } from './GeneralTab';
import { ComingSoon } from '../../screens/coming-soon/ComingSoon';
import { RecordHeader } from '../../components/RecordHeader';
import { RecordTabs, useRecordTab } from '../../components/RecordTabs';

/** Tabs by the viewed user's type (spec section 2); '' is General at /admin/users/{userId}. */
export function tabsFor(type: UserType): string[] {
  if (type === 'musician') return ['', 'students', 'store', 'payments'];
  if (type === 'artist-relations') return ['', 'brands'];
  return [''];
}

const UserDetails = () => {
  const translate = useTranslate();
  const { record: user, isPending, refetch } = useEditContext<AdminUser>();
  const tab = useRecordTab();
  if (isPending || !user) return <Loading />;
  const tabs = tabsFor(user.type);
  const base = `/admin/users/${encodeURIComponent(String(user.id))}`;
  if (!tabs.includes(tab)) return <Navigate to={base} replace />;

  return (
    <Stack spacing={2}>
      <RecordHeader
        listPath="/admin/users"
        listLabel={translate('resources.admin/users.details.breadcrumb')}
        name={user.name}
        title={translate('resources.admin/users.details.title')}
        status={
          <>
            <UserStatusField source="status" />
            <Typography color="text.secondary">{translate(`resources.admin/users.type.${user.type}`, { _: user.type })}</Typography>
          </>
        }
      />
      <RecordTabs
        tabs={tabs}
        current={tab}
        base={base}
        label={translate('resources.admin/users.details.title')}
        tabLabel={(name) => translate(`resources.admin/users.details.tabs.${name}`)}
      />
      {tab === '' ? (
        <GeneralTab user={user} refetch={() => void refetch()} />
      ) : (
        // Students, Store, Payments and Brands are unfinished in the product: the coming-soon page.
        <ComingSoon what={translate(`resources.admin/users.details.tabs.${tab}`)} />
      )}
    </Stack>
  );
};

/** /admin/users/{userId} and its tabs /students, /store, /payments, /brands. */
const AdminUserEdit = () => (
  <EditBase mutationMode="pessimistic" redirect={false}>
    <UserDetails />
  </EditBase>
);

export default AdminUserEdit;
