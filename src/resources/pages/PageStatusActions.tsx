import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import { Confirm, useDataProvider, useNotify, useRedirect, useTranslate } from 'react-admin';
import type { UpsellId } from '../../domain/constants';
import type { AppDataProvider } from '../../dataProvider';
import { ApiError } from '../../apiError';
import type { PageRecord } from './pageRecord';

type StatusAction = 'enable' | 'disable' | 'archive';

/** Enable when not enabled; disable and archive when enabled (spec section 3). */
export function actionsFor(status: PageRecord['status']): StatusAction[] {
  return status === 'enabled' ? ['disable', 'archive'] : ['enable'];
}

/**
 * The page's status buttons. Each asks for confirmation and then returns to the pages list;
 * enabling beyond the plan's active pages answers the upgrade prompt instead.
 */
export const PageStatusActions = ({ page, onUpsell }: { page: PageRecord; onUpsell: (id: UpsellId) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [confirming, setConfirming] = useState<StatusAction>();
  const [busy, setBusy] = useState(false);

  const run = async (action: StatusAction) => {
    setConfirming(undefined);
    setBusy(true);
    try {
      await dataProvider.action('pages', page.id, action);
      notify(`resources.pages.actions.${action}d`, { type: 'success', messageArgs: { name: page.name } });
      redirect('list', 'pages');
    } catch (error) {
      if (error instanceof ApiError && error.upsell) onUpsell(error.upsell as UpsellId);
      else notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack direction="row" spacing={1}>
      {actionsFor(page.status).map((action) => (
        <Button
          key={action}
          variant={action === 'enable' ? 'contained' : 'outlined'}
          color={action === 'archive' ? 'error' : 'primary'}
          disabled={busy}
          onClick={() => setConfirming(action)}
        >
          {translate(`resources.pages.actions.${action}`)}
        </Button>
      ))}
      <Confirm
        isOpen={!!confirming}
        title={confirming ? translate(`resources.pages.actions.${confirming}`) : ''}
        content={confirming ? translate(`resources.pages.actions.${confirming}Confirm`, { name: page.name }) : ''}
        confirm={confirming ? `resources.pages.actions.${confirming}` : undefined}
        onConfirm={() => run(confirming!)}
        onClose={() => setConfirming(undefined)}
      />
    </Stack>
  );
};
