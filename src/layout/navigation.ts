import { registry } from '../resources/registry';

export interface NavItem {
  to: string;
  label: string;
  exact?: boolean;
}

/**
 * The header's four main items (spec section 2), in order: the screens that are not resources
 * yet, then every resource whose registry entry sits in the main menu.
 */
export const MAIN_NAV: NavItem[] = [
  { to: '/', label: 'app.nav.insights', exact: true },
  { to: '/uploads', label: 'app.nav.uploads' },
  { to: '/data', label: 'app.nav.data' },
  ...registry.filter((entry) => entry.menu === 'main').map((entry) => ({ to: `/${entry.name}`, label: entry.label })),
];

export function isActive(pathname: string, item: NavItem): boolean {
  return item.exact ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`);
}
