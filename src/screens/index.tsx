import { Route } from 'react-router-dom';
import { PlaceholderPage } from './placeholder/PlaceholderPage';
import { PlatformAdminOnly } from './PlatformAdminOnly';
import { lazyView } from '../lazyView';

export const InsightsPage = lazyView(() => import('./insights/InsightsPage'), 'InsightsPage');
const ProfilePage = lazyView(() => import('./profile/ProfilePage'), 'ProfilePage');
const AccountUsersPage = lazyView(() => import('./account-users/AccountUsersPage'), 'AccountUsersPage');
const AccountConfigurationPage = lazyView(() => import('./account-settings/AccountConfigurationPage'), 'AccountConfigurationPage');

const placeholder = (path: string, titleKey: string) => (
  <Route key={path} path={path} element={<PlaceholderPage titleKey={titleKey} />} />
);
const adminPlaceholder = (path: string, titleKey: string) => (
  <Route
    key={path}
    path={path}
    element={
      <PlatformAdminOnly>
        <PlaceholderPage titleKey={titleKey} />
      </PlatformAdminOnly>
    }
  />
);

/** Console screens that are not resources (inside the layout, which checks the session). */
export const consoleRoutes = [
  placeholder('/uploads', 'app.nav.uploads'),
  placeholder('/data', 'app.nav.data'),
  <Route key="profile" path="/settings/profile" element={<ProfilePage />} />,
  <Route key="configuration" path="/account-settings" element={<AccountConfigurationPage />} />,
  <Route key="account-users" path="/account-settings/users" element={<AccountUsersPage />} />,
  placeholder('/account-settings/subscription', 'app.menu.subscription'),
  adminPlaceholder('/admin/uploads', 'app.menu.adminUploads'),
];
