import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useCanAccess, useDataProvider, useDelete, useGetOne, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { INTEGRATION_ERRORS, type DropboxIntegration, type IntegrationError } from '#shared/domain/integrations';
import { Upsell } from '../../components/Upsell';
import { SettingsCard } from './SettingsCard';

const isIntegrationError = (value: string | null): value is IntegrationError => INTEGRATION_ERRORS.includes(value as IntegrationError);

/**
 * The file-storage integration on account configuration: connect or disconnect Dropbox, the
 * message for an integrationErr return value, a broken connection, and the plan's upsell.
 */
export const DropboxCard = ({ accountId }: { accountId: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { canAccess: canEdit } = useCanAccess({ resource: 'integrations', action: 'edit' });
  // Platform admins bypass upsells: on a plan without Dropbox they still get the connect button.
  const { canAccess: bypasses } = useCanAccess({ resource: 'plan-limits', action: 'bypass' });
  // The account's integrations: one record per account, under the account's id.
  const { data, refetch } = useGetOne<{ id: string; dropbox: DropboxIntegration }>('integrations', { id: accountId });
  const [params] = useSearchParams();
  const returned = params.get('integrationErr');
  const [message, setMessage] = useState<{ severity: 'success' | 'error' | 'info'; text: string } | null>(() =>
    isIntegrationError(returned)
      ? { severity: 'error', text: translate(`app.integrations.errors.${returned}`) }
      : returned
        ? // A code this console does not know (a newer server, or Dropbox's own): say so, with the code.
          { severity: 'error', text: translate('app.integrations.errors.unknown', { code: returned.slice(0, 100) }) }
        : params.get('integration') === 'dropbox'
          ? { severity: 'success', text: translate('app.integrations.justConnected') }
          : null,
  );
  const failed = () => setMessage({ severity: 'error', text: translate('app.integrations.failed') });
  // Connecting answers Dropbox's authorize url, where the browser goes.
  const connect = useMutation({
    mutationFn: () => dataProvider.getOne<{ id: string; url: string }>('dropbox-connections', { id: accountId }),
    onSuccess: ({ data: { url } }) => window.location.assign(url),
    onError: failed,
  });
  const [remove, disconnect] = useDelete(
    'dropbox',
    { id: accountId },
    {
      // The card shows the integrations as they are once disconnected.
      onSuccess: async () => {
        await refetch();
        setMessage({ severity: 'info', text: translate('app.integrations.disconnected') });
      },
      onError: failed,
    },
  );
  // Still busy once the authorize url is answered: the browser is leaving.
  const busy = connect.isPending || connect.isSuccess || disconnect.isPending;
  if (!data) return null;
  const dropbox = data.dropbox;

  return (
    <SettingsCard id="dropbox" title={translate('app.integrations.title')} intro={translate('app.integrations.text')}>
      <Stack spacing={2}>
        {message && (
          <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'} onClose={() => setMessage(null)}>
            {message.text}
          </Alert>
        )}
        {!dropbox.available && !bypasses ? (
          <Upsell id="integrations_dropbox" />
        ) : !dropbox.configured ? (
          <Typography variant="body2">{translate('app.integrations.notConfigured')}</Typography>
        ) : (
          <>
            {dropbox.status === 'broken' && <Alert severity="warning">{translate('app.integrations.errors.revoked')}</Alert>}
            {dropbox.connected && <Typography variant="body2">{translate('app.integrations.connected')}</Typography>}
            {canEdit && (
              <Stack direction="row" spacing={1}>
                {dropbox.connected ? (
                  <Button variant="outlined" color="error" disabled={busy} onClick={() => remove()}>
                    {translate('app.integrations.disconnect')}
                  </Button>
                ) : (
                  <Button variant="contained" disabled={busy} onClick={() => connect.mutate()}>
                    {translate('app.integrations.connect')}
                  </Button>
                )}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </SettingsCard>
  );
};
