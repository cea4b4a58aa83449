import { Tab, Tabs } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';

/** The tab a record's screen is on: the rest of its path ('' is its first tab, General). */
export const useRecordTab = () => (useParams()['*'] ?? '').replace(/\/$/, '');

/** A record screen's tabs, each a link: '' is the record's own path, every other tab a path below it. */
export const RecordTabs = ({
  tabs,
  current,
  base,
  label,
  tabLabel,
}: {
  tabs: readonly string[];
  current: string;
  base: string;
  label: string;
  tabLabel: (name: string) => string;
}) => (
  <Tabs value={current} aria-label={label} sx={{ borderBottom: 1, borderColor: 'divider' }}>
    {tabs.map((name) => (
      <Tab key={name || 'general'} value={name} label={tabLabel(name || 'general')} component={RouterLink} to={name ? `${base}/${name}` : base} />
    ))}
  </Tabs>
);
