import { createElement, forwardRef, type ReactNode } from 'react';
import { Button, ListItemIcon, MenuItem } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { NavItem } from './navigation';

/** Whether the signed-in user may follow a menu item: false until canAccess has answered. */
function useMayFollow(item: NavItem): boolean {
  const { canAccess } = useCanAccess(item.access);
  return canAccess === true;
}

/** A header button to a menu item, shown only to users who may follow it. */
export const NavButton = ({ item, active }: { item: NavItem; active: boolean }) => {
  const translate = useTranslate();
  if (!useMayFollow(item)) return null;
  return (
    <Button
      component={Link}
      to={item.to}
      aria-current={active ? 'page' : undefined}
      sx={{
        color: active ? 'primary.main' : 'text.secondary',
        fontWeight: active ? 700 : 500,
        borderBottom: 2,
        borderColor: active ? 'primary.main' : 'transparent',
        borderRadius: 0,
        px: 2,
      }}
    >
      {translate(item.label)}
    </Button>
  );
};

interface MenuLinkProps {
  item: NavItem;
  onClick: () => void;
  selected?: boolean;
  /** Show the item's icon (the user menu does, the phone dropdown does not). */
  withIcon?: boolean;
}

/** A menu entry to a menu item, shown only to users who may follow it (a child of MUI's Menu, so it takes a ref). */
export const MenuLink = forwardRef<HTMLAnchorElement, MenuLinkProps>(function MenuLink({ item, onClick, selected, withIcon, ...rest }, ref) {
  const translate = useTranslate();
  if (!useMayFollow(item)) return null;
  const icon: ReactNode = withIcon && item.icon ? createElement(item.icon as React.ComponentType<{ fontSize?: 'small' }>, { fontSize: 'small' }) : null;
  return (
    <MenuItem ref={ref} {...rest} component={Link} to={item.to} selected={selected} onClick={onClick}>
      {withIcon && <ListItemIcon>{icon}</ListItemIcon>}
      {translate(item.label)}
    </MenuItem>
  );
});
