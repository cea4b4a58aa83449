import { RecordActionButton } from '../../components/RecordActionButton';
import { ADMIN_ACCOUNTS } from '../registry';
import type { AdminAccount } from '../records';

/** Enable Account when disabled, Disable Account when enabled; each asks first. */
export const AccountStatusActions = ({ account }: { account: Pick<AdminAccount, 'id' | 'name' | 'status'> }) => {
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
