import { RecordActionButton } from '../../components/RecordActionButton';
import { ADMIN_ACCOUNTS, type AdminAccountRecord } from './adminAccountRecord';

/** Enable Account when disabled, Disable Account when enabled; each asks first. */
export const AccountStatusActions = ({ account }: { account: AdminAccountRecord }) => {
  const action = account.status === 'enabled' ? 'disable' : 'enable';
  const key = `resources.${ADMIN_ACCOUNTS}.actions.${action}`;
  return (
    <RecordActionButton
      resource={ADMIN_ACCOUNTS}
      record={account}
      action={action}
      label={key}
      confirmContent={`${key}Confirm`}
      successMessage={`${key}d`}
      messageArgs={{ name: account.name }}
      variant={action === 'enable' ? 'contained' : 'outlined'}
      color={action === 'disable' ? 'error' : 'primary'}
    />
  );
};
