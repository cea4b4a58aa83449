import type { ComponentType } from 'react';
import { registry, screens, type MenuPlace } from '../resources/registry';
import { resources } from '../resources';

export interface NavItem {
  to: string;
  label: string;
  exact?: boolean;
  icon?: ComponentType;
  /** Who may follow it: react-admin's canAccess (a resource's name with 'list', or a screen's permission). */
  access: { resource: string; action: string };
}

/**
 * A menu's items, all from src/resources/registry.ts: the custom screens and the resources
 * placed in it, by their menu order (then registry order). The menus show each item only to
 * users canAccess lets in (MenuLink).
 */
export function menuItems(place: Exclude<MenuPlace, 'none'>): NavItem[] {
  const fromScreens = screens
    .filter((screen) => screen.menu === place)
    .map((screen) => ({
      order: screen.menuOrder,
      item: { to: screen.path, label: screen.label, exact: screen.path === '/', icon: screen.icon, access: screen.permission },
    }));
  const fromResources = registry
    .filter((entry) => entry.menu === place)
    .map((entry) => ({
      order: entry.menuOrder,
      item: {
        to: `/${entry.name}`,
        label: entry.label,
        icon: resources.find((resource) => resource.name === entry.name)?.icon,
        access: { resource: entry.name, action: 'list' },
      },
    }));
  return [...fromScreens, ...fromResources]
    .map((entry, index) => ({ ...entry, index }))
    .sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || a.index - b.index)
    .map(({ item }) => item);
}

/** The header's main items (spec section 2: Insights, Fan Uploads, Fan Data, Your Pages). */
export const MAIN_NAV: NavItem[] = menuItems('main');

export function isActive(pathname: string, item: Pick<NavItem, 'to' | 'exact'>): boolean {
  return item.exact ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`);
}
