import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Navigate } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { seedLocale } from './i18n/locale';
import { appStore } from './store';
import { resources } from './resources';
import { theme } from './layout/theme';
import { Layout } from './layout/Layout';
import { AppNotification } from './layout/AppNotification';
import { authRoutes, LoginPage } from './screens/auth';
import { consoleRoutes, InsightsPage } from './screens';

seedLocale(appStore);

/** Unknown paths go to / (spec section 2). */
const CatchAll = () => <Navigate to="/" replace />;

/** The console: providers, resources from the registry, custom routes for screens. */
export const App = () => (
  // The spec's routes are real paths (/pages/{id}, /account-invite/{token}), not hash routes.
  <BrowserRouter>
    <Admin
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={appStore}
      layout={Layout}
      notification={AppNotification}
      loginPage={LoginPage}
      dashboard={InsightsPage}
      theme={theme}
      title="Fan Content Console"
      disableTelemetry
      catchAll={CatchAll}
    >
      {resources.map((resource) => (
        <Resource key={resource.name} {...resource} />
      ))}
      <CustomRoutes noLayout>{authRoutes}</CustomRoutes>
      <CustomRoutes>{consoleRoutes}</CustomRoutes>
    </Admin>
  </BrowserRouter>
);
