/** The header's four main items (spec section 2), in order. */
export const MAIN_NAV = [
  { to: '/', label: 'app.nav.insights', exact: true },
  { to: '/uploads', label: 'app.nav.uploads' },
  { to: '/data', label: 'app.nav.data' },
  { to: '/pages', label: 'app.nav.pages' },
] as const;

export function isActive(pathname: string, item: { to: string; exact?: boolean }): boolean {
  return 'exact' in item && item.exact ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`);
}
