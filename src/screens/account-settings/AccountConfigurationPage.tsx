import { Title, useCanAccess, useTranslate } from 'react-admin';
import { useAppContext } from '../../appContext';
import { AccountConfigurationForm } from './AccountConfigurationForm';
import { PrivacyNote } from './PrivacyNote';

/** /account-settings: the current account's configuration; account admins and owners edit it. */
export const AccountConfigurationPage = () => {
  const translate = useTranslate();
  const { data: context } = useAppContext();
  const { canAccess: canEdit, isPending } = useCanAccess({ resource: 'account', action: 'edit' });
  if (!context?.account || isPending) return null;
  return (
    <>
      <Title title={translate('app.accountSettings.title')} />
      <AccountConfigurationForm resource="accounts" accountId={context.account.id} canEdit={!!canEdit} />
      <PrivacyNote />
    </>
  );
};
