import { DateField, NumberField, TextField } from 'react-admin';
import { useFormat } from '../../i18n/format';
import { AdminTableList } from '../../components/AdminTableList';
import { AccountPlanField, AccountStatusField } from './AccountFields';
import { AccountSearchBar } from './AccountSearchBar';
import type { AdminAccountRow } from '../records';

/** /admin/accounts: every account with its counts, searched, sorted and paged by the server, 50 a page. */
const AdminAccountList = () => {
  const { tag } = useFormat();
  return (
    <AdminTableList
      title="resources.admin/accounts.title"
      searchBar={(action) => <AccountSearchBar action={action} />}
      create={{ to: '/admin/accounts/create', label: 'resources.admin/accounts.newAccount.button' }}
      phone={{
        primaryText: (account) => (account as AdminAccountRow).name,
        secondaryText: <AccountPlanField source="subscriptionPlan" />,
        tertiaryText: <AccountStatusField source="status" />,
      }}
    >
      <TextField source="name" />
      <TextField source="slug" />
      <AccountPlanField source="subscriptionPlan" />
      <AccountStatusField source="status" />
      <NumberField source="uploadVideoCount" locales={tag} />
      <NumberField source="pageCount" locales={tag} />
      <NumberField source="userCount" locales={tag} />
      <DateField source="createdAt" locales={tag} />
    </AdminTableList>
  );
};

export default AdminAccountList;
