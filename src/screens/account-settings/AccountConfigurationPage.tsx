import { Title, useTranslate } from 'react-admin';
import { useAppContext } from '../../appContext';
import { canAccess } from '../../domain/permissions';
import { AccountConfigurationForm } from './AccountConfigurationForm';

/** /account-settings: the current account's configuration; account admins and owners edit it. */
export const AccountConfigurationPage = () => {
  const translate = useTranslate();
  const { data: context } = useAppContext();
  if (!context?.account) return null;
  const canEdit = canAccess(context.user, { resource: 'account', action: 'edit' });
  return (
    <>
      <Title title={translate('app.accountSettings.title')} />
      <AccountConfigurationForm accountId={context.account.id} canEdit={canEdit} />
    </>
  );
};
