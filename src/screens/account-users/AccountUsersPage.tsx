import { Title, useCanAccess, useTranslate } from 'react-admin';
import { useAppContext } from '../../appContext';
import { AccountUsersPanel } from './AccountUsersPanel';

/** /account-settings/users: the current account's users; account admins and owners manage them. */
export const AccountUsersPage = () => {
  const translate = useTranslate();
  const { data: context } = useAppContext();
  const { canAccess: canManage, isPending } = useCanAccess({ resource: 'account-users', action: 'edit' });
  if (!context?.account || isPending) return null;
  return (
    <>
      <Title title={translate('app.accountUsers.title')} />
      <AccountUsersPanel accountId={context.account.id} canManage={!!canManage} selfId={context.user.id} />
    </>
  );
};
