import { Title, useCanAccess, useTranslate } from 'react-admin';
import { useAppContext } from '../../appContext';
import { AccountConfigurationForm } from './AccountConfigurationForm';
import { DropboxCard } from './DropboxCard';
import { WebhookSettingsCard } from './WebhookSettingsCard';
import { PrivacyNote } from './PrivacyNote';

/** /account-settings: the current account's configuration; account admins and owners edit it. */
export const AccountConfigurationPage = () => {
  const translate = useTranslate();
  const { data: context } = useAppContext();
  const { canAccess: canEdit, isPending } = useCanAccess({ resource: 'accounts', action: 'edit' });
  const { canAccess: canWebhooks } = useCanAccess({ resource: 'webhooks', action: 'edit' });
  if (!context?.account || isPending) return null;
  return (
    <>
      <Title title={translate('app.accountSettings.title')} />
      <AccountConfigurationForm resource="accounts" accountId={context.account.id} canEdit={!!canEdit} />
      <DropboxCard accountId={context.account.id} />
      {canWebhooks && <WebhookSettingsCard accountId={context.account.id} />}
      <PrivacyNote />
    </>
  );
};
