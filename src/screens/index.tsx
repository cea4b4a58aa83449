import type { ReactNode } from 'react';
import { CanAccess } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import type { PermissionAction, PermissionResource } from '#shared/domain/permissions';
import { lazyView } from '../lazyView';

export const InsightsPage = lazyView(() => import('./insights/InsightsPage'), 'InsightsPage');
const ProfilePage = lazyView(() => import('./profile/ProfilePage'), 'ProfilePage');
const AccountUsersPage = lazyView(() => import('./account-users/AccountUsersPage'), 'AccountUsersPage');
const AccountConfigurationPage = lazyView(() => import('./account-settings/AccountConfigurationPage'), 'AccountConfigurationPage');
const SubscriptionPage = lazyView(() => import('./subscription/SubscriptionPage'), 'SubscriptionPage');
const ComingSoonPage = lazyView(() => import('./coming-soon/ComingSoon'), 'ComingSoonPage');
const OfflineConfirmPage = lazyView(() => import('./subscription/OfflineConfirmPage'), 'OfflineConfirmPage');

/** A custom route behind the permissions table (react-admin checks only resources): the same canAccess the menus use, and everyone else is sent to /. */
function guarded<R extends PermissionResource>(path: string, resource: R, action: PermissionAction<R>, element: ReactNode) {
  return (
    <Route
      key={path}
      path={path}
      element={
        <CanAccess resource={resource} action={action} accessDenied={<Navigate to="/" replace />}>
          {element}
        </CanAccess>
      }
    />
  );
}

/** Console screens that are not resources (inside the layout, which checks the session). */
export const consoleRoutes = [
  <Route key="profile" path="/settings/profile" element={<ProfilePage />} />,
  <Route key="coming-soon" path="/coming-soon" element={<ComingSoonPage />} />,
  guarded('/account-settings', 'accounts', 'show', <AccountConfigurationPage />),
  guarded('/account-settings/users', 'account-users', 'list', <AccountUsersPage />),
  guarded('/account-settings/subscription', 'subscription', 'show', <SubscriptionPage />),
  guarded('/account-settings/subscription/confirm/:sessionId', 'subscription', 'edit', <OfflineConfirmPage />),
];
