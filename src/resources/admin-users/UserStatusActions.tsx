import { RecordActionButton } from '../../components/RecordActionButton';
import { ADMIN_USERS } from '../registry';
import type { AdminUserRow } from '../records';

type UserAction = 'enable' | 'disable' | 'verify' | 'invite';
const PATHS: Record<UserAction, string> = { enable: 'enable', disable: 'disable', verify: 'verify-email', invite: 'send-invite' };
const DONE: Record<UserAction, string> = { enable: 'enabled', disable: 'disabled', verify: 'verified', invite: 'invited' };

/**
 * Enable User when not enabled, Disable User when enabled, Verify Email when not verified, and
 * Send Invite for a not verified email once the form is saved (spec section 2). Each asks first.
 */
export function actionsFor(user: Pick<AdminUserRow, 'status' | 'emailVerified'>, unsaved: boolean): UserAction[] {
  const actions: UserAction[] = [user.status === 'enabled' ? 'disable' : 'enable'];
  if (!user.emailVerified) actions.push('verify');
  if (!user.emailVerified && !unsaved) actions.push('invite');
  return actions;
}

export const UserStatusActions = ({ user, unsaved }: { user: AdminUserRow; unsaved: boolean }) => (
  <>
    {actionsFor(user, unsaved).map((action) => (
      <RecordActionButton
        key={action}
        resource={ADMIN_USERS}
        record={user}
        action={PATHS[action]}
        label={`resources.${ADMIN_USERS}.actions.${action}`}
        confirmContent={`resources.${ADMIN_USERS}.actions.${action}Confirm`}
        successMessage={`resources.${ADMIN_USERS}.actions.${DONE[action]}`}
        messageArgs={{ name: user.name, email: user.email }}
        color={action === 'disable' ? 'error' : 'primary'}
        confirmColor={action === 'disable' ? 'warning' : 'primary'}
      />
    ))}
  </>
);
