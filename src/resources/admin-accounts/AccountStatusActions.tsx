import { useState } from 'react';
import { Button } from '@mui/material';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { request } from '../../http';
import type { AdminAccountRecord } from './adminAccountRecord';

/** Enable Account when disabled, Disable Account when enabled; each asks first. */
export const AccountStatusActions = ({ account, onChanged }: { account: AdminAccountRecord; onChanged: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const action = account.status === 'enabled' ? 'disable' : 'enable';
  const t = (key: string) => translate(`resources.admin/accounts.actions.${key}`, { name: account.name });

  const run = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await request(`/api/accounts/${encodeURIComponent(account.id)}/${action}`, { method: 'POST', errorDialog: true });
      notify(`resources.admin/accounts.actions.${action}d`, { type: 'success', messageArgs: { name: account.name } });
      onChanged();
    } catch {
      // The error dialog has told the user.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant={action === 'enable' ? 'contained' : 'outlined'}
        color={action === 'disable' ? 'error' : 'primary'}
        disabled={busy}
        onClick={() => setConfirming(true)}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {t(action)}
      </Button>
      <Confirm isOpen={confirming} title={t(action)} content={t(`${action}Confirm`)} confirm={`resources.admin/accounts.actions.${action}`} onConfirm={run} onClose={() => setConfirming(false)} />
    </>
  );
};
