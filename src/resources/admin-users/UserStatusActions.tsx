import { useState } from 'react';
import { Button } from '@mui/material';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { ADMIN_USERS, type AdminUserRecord } from './adminUserRecord';

type UserAction = 'enable' | 'disable' | 'verify' | 'invite';
const PATHS: Record<UserAction, string> = { enable: 'enable', disable: 'disable', verify: 'verify-email', invite: 'send-invite' };
const DONE: Record<UserAction, string> = { enable: 'enabled', disable: 'disabled', verify: 'verified', invite: 'invited' };

/**
 * Enable User when not enabled, Disable User when enabled, Verify Email when not verified, and
 * Send Invite for a not verified email once the form is saved (spec section 2). Each asks first.
 */
export function actionsFor(user: Pick<AdminUserRecord, 'status' | 'emailVerified'>, unsaved: boolean): UserAction[] {
  const actions: UserAction[] = [user.status === 'enabled' ? 'disable' : 'enable'];
  if (!user.emailVerified) actions.push('verify');
  if (!user.emailVerified && !unsaved) actions.push('invite');
  return actions;
}

export const UserStatusActions = ({ user, unsaved, onDone }: { user: AdminUserRecord; unsaved: boolean; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [confirming, setConfirming] = useState<UserAction>();
  const [busy, setBusy] = useState(false);
  const args = { name: user.name, email: user.email };

  const run = async (action: UserAction) => {
    setConfirming(undefined);
    setBusy(true);
    try {
      await dataProvider.action(ADMIN_USERS, user.id, PATHS[action]);
      notify(`resources.admin/users.actions.${DONE[action]}`, { type: 'success', messageArgs: args });
      onDone();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {actionsFor(user, unsaved).map((action) => (
        <Button
          key={action}
          variant="outlined"
          color={action === 'disable' ? 'error' : 'primary'}
          disabled={busy}
          onClick={() => setConfirming(action)}
        >
          {translate(`resources.admin/users.actions.${action}`)}
        </Button>
      ))}
      <Confirm
        isOpen={!!confirming}
        title={confirming ? translate(`resources.admin/users.actions.${confirming}`) : ''}
        content={confirming ? translate(`resources.admin/users.actions.${confirming}Confirm`, args) : ''}
        confirm={confirming ? `resources.admin/users.actions.${confirming}` : undefined}
        confirmColor={confirming === 'disable' ? 'warning' : 'primary'}
        onConfirm={() => run(confirming!)}
        onClose={() => setConfirming(undefined)}
      />
    </>
  );
};
