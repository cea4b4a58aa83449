import { PlaceholderPage } from '../placeholder/PlaceholderPage';

export const InsightsPage = () => <PlaceholderPage titleKey="app.nav.insights" />;
