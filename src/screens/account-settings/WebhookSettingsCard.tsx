import { useState } from 'react';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { webhookSettingsSchema, type WebhookSettings } from '#shared/domain/schemas/webhooks';
import { webhookDeliveries } from '#shared/resources/webhook-deliveries';
import { ApiError } from '../../apiError';
import { WebhookDeliveries } from './WebhookDeliveries';
import { SettingsCard } from './SettingsCard';

type Change = { url: string } | 'secret' | 'test' | 'remove';
type Settings = WebhookSettings & { id: string };
const WEBHOOK = 'webhook';
const DONE: Record<string, string> = { secret: 'rotated', test: 'tested', remove: 'removed' };

/** Account settings → Webhooks: the endpoint, its revealable secret, 'Send test' and the delivery log. Account admins. */
export const WebhookSettingsCard = ({ accountId }: { accountId: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  // The account's webhook: one record per account, under the account's id.
  const { data } = useGetOne<Settings>(WEBHOOK, { id: accountId });
  const [update] = useUpdate<Settings>();
  // What the user typed, until it is saved; otherwise the saved endpoint (no effect copies it).
  const [draft, setDraft] = useState<string>();
  const url = draft ?? data?.url ?? '';
  const [urlError, setUrlError] = useState<string>();
  const [revealed, setRevealed] = useState(false);
  const [removing, setRemoving] = useState(false);
  const t = (k: string) => translate(`app.webhooks.${k}`);

  const { mutate, isPending } = useMutation({
    // Saving is an update (its answer becomes the record shown); rotating the secret and sending a
    // test are actions; removing deletes it.
    mutationFn: async (change: Change) => {
      const id = accountId;
      if (change === 'remove') await dataProvider.delete(WEBHOOK, { id, previousData: data });
      else if (typeof change === 'string') await dataProvider.action(WEBHOOK, { id, action: change });
      else await update(WEBHOOK, { id, data: change, previousData: data }, { returnPromise: true });
    },
    onSuccess: async (_, change) => {
      // The log reads again, so a test event shows at once (react-admin's queries start with the
      // resource name); after an action or a removal, so do the settings.
      void queryClient.invalidateQueries({ queryKey: [webhookDeliveries.name] });
      if (typeof change === 'string') await queryClient.invalidateQueries({ queryKey: [WEBHOOK] });
      setDraft(undefined);
      notify(`app.webhooks.${typeof change === 'string' ? DONE[change] : 'saved'}`, { type: 'success' });
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.api.errors.find((e) => e.path === 'url')?.message : undefined;
      if (field) setUrlError(field);
      else notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    },
  });

  const save = () => {
    const parsed = webhookSettingsSchema.safeParse({ url });
    if (!parsed.success || parsed.data.url === null) {
      const message = parsed.error?.issues[0].message ?? 'Required';
      return setUrlError(translate(message, { _: message }));
    }
    setUrlError(undefined);
    mutate({ url: parsed.data.url });
  };

  return (
    <SettingsCard id="webhooks" title={t('title')} intro={t('intro')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ sm: 'flex-start' }}>
        <TextField
          label={t('url')}
          value={url}
          onChange={(e) => setDraft(e.target.value)}
          error={!!urlError}
          helperText={urlError ?? ' '}
          fullWidth
          size="small"
          inputProps={{ maxLength: 500, inputMode: 'url' }}
        />
        <Button variant="contained" onClick={save} disabled={isPending} sx={{ flexShrink: 0 }}>
          {t('save')}
        </Button>
      </Stack>
      {data?.secret && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ sm: 'center' }} sx={{ mt: 1 }}>
            <TextField
              label={t('secret')}
              value={revealed ? data.secret : '•'.repeat(24)}
              size="small"
              fullWidth
              slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
            />
            <Stack direction="row" gap={1} flexWrap="wrap" sx={{ flexShrink: 0 }}>
              <Button onClick={() => setRevealed(!revealed)}>{t(revealed ? 'hide' : 'reveal')}</Button>
              <Button onClick={() => mutate('secret')} disabled={isPending}>
                {t('rotate')}
              </Button>
            </Stack>
          </Stack>
          <Stack direction="row" gap={1} flexWrap="wrap" sx={{ mt: 2 }}>
            <Button variant="outlined" onClick={() => mutate('test')} disabled={isPending}>
              {t('test')}
            </Button>
            <Button color="error" onClick={() => setRemoving(true)} disabled={isPending}>
              {t('remove')}
            </Button>
          </Stack>
        </>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
        {t('log')}
      </Typography>
      <WebhookDeliveries />
      <Confirm
        isOpen={removing}
        loading={isPending}
        title="app.webhooks.removeTitle"
        content="app.webhooks.removeContent"
        translateOptions={{ url: data?.url ?? '' }}
        confirm="app.webhooks.remove"
        confirmColor="warning"
        onConfirm={() => {
          setRemoving(false);
          mutate('remove');
        }}
        onClose={() => setRemoving(false)}
      />
    </SettingsCard>
  );
};
