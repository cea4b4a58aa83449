import { Title, useTranslate } from 'react-admin';
import { useAppContext } from '../../appContext';
import { AccountUsersPanel } from './AccountUsersPanel';

/** /account-settings/users: the current account's users; managing them is for isAdmin only. */
export const AccountUsersPage = () => {
  const translate = useTranslate();
  const { data: context } = useAppContext();
  if (!context?.account) return null;
  return (
    <>
      <Title title={translate('app.accountUsers.title')} />
      <AccountUsersPanel accountId={context.account.id} canManage={context.user.isAdmin} selfId={context.user.id} />
    </>
  );
};
