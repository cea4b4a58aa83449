import { useState } from 'react';
import { Avatar, Box, Divider, IconButton, ListItemIcon, ListSubheader, Menu, MenuItem, Typography } from '@mui/material';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import PersonIcon from '@mui/icons-material/Person';
import LogoutIcon from '@mui/icons-material/Logout';
import { useCanAccessResources, useLogout, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AppContext } from '#shared/domain/types';
import { SwitchAccountDialog } from './SwitchAccountDialog';
import { menuItems } from './navigation';
import { MenuLink } from './MenuLink';
import { useLanguageMenuItems } from './LanguageMenuItems';

const ACCOUNT_SETTINGS = menuItems('accountSettings');
const PLATFORM_ADMIN = menuItems('platformAdmin');

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * Shorter rows on a phone than MUI's 48 px there: with the Platform Admin group the menu grew
 * past a 844 px screen and Log out sat out of sight, below a scroll nothing hinted at.
 */
const PHONE_ROWS = {
  '& .MuiMenuItem-root': { minHeight: { xs: 40, sm: 'auto' } },
  '& .MuiListSubheader-root': { lineHeight: { xs: '36px', sm: '48px' } },
} as const;

function initials(first: string, last: string): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || '?';
}

/**
 * Who and where, atop the menu. The menu gives focus to its first child unless told to skip it
 * (muiSkipListHighlight, as ListSubheader does): skipped, so focus lands on the first item and the
 * header is no focusable non-item inside role=menu (axe aria-required-children).
 */
const MenuHeader = ({ children }: { children: React.ReactNode }) => (
  <Box role="none" sx={{ px: 2, py: 1 }}>
    {children}
  </Box>
);
MenuHeader.muiSkipListHighlight = true;

/**
 * The user menu of spec section 2: who and where, switching, settings, platform admin, language, log out.
 * The Account settings and Platform Admin groups come from the registry, each item shown only
 * to users who may follow it.
 */
export const UserMenu = ({ context }: { context: AppContext }) => {
  const translate = useTranslate();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [switching, setSwitching] = useState(false);
  const { user, account } = context;
  const close = () => setAnchor(null);
  const languageItems = useLanguageMenuItems(close);
  const item = (to: string, label: string, icon: React.ReactNode) => (
    <MenuItem key={to} component={Link} to={to} onClick={close}>
      <ListItemIcon>{icon}</ListItemIcon>
      {translate(label)}
    </MenuItem>
  );
  const { canAccess: allowed } = useCanAccessResources({ action: 'list', resources: PLATFORM_ADMIN.map((item) => item.access.resource) });
  const platformAdmin = PLATFORM_ADMIN.some((item) => allowed?.[item.access.resource]);

  return (
    <>
      {/* Named by its content (hidden words, then the initials shown) rather than an aria-label, so the name always holds what is seen. */}
      <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" sx={{ p: { xs: 0.5, sm: 1 } }}>
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {translate('app.menu.open')}
        </Box>
        <Avatar src={user.avatar ?? undefined} alt="" sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15 }}>
          {initials(user.firstName, user.lastName)}
        </Avatar>
      </IconButton>
      {/* Kept mounted while closed, so every item's access is answered before it opens: items that
          appeared one by one as their answers came moved the others under the pointer. */}
      <Menu anchorEl={anchor} open={!!anchor} onClose={close} keepMounted slotProps={{ paper: { sx: { minWidth: 260 } }, list: { sx: PHONE_ROWS } }}>
        <MenuHeader>
          <Typography fontWeight={600}>{`${user.firstName} ${user.lastName}`.trim()}</Typography>
          <Typography variant="body2" color="text.secondary">
            {account?.name ?? translate('app.menu.noAccount')}
          </Typography>
        </MenuHeader>
        <Divider />
        {user.canSwitchAccount && (
          <MenuItem
            onClick={() => {
              close();
              setSwitching(true);
            }}
          >
            <ListItemIcon>
              <SwapHorizIcon fontSize="small" />
            </ListItemIcon>
            {translate('app.menu.switchAccount')}
          </MenuItem>
        )}
        {item('/settings/profile', 'app.menu.profile', <PersonIcon fontSize="small" />)}
        {/* role none: a menu holds menu items, not list items; the words still read before their group. */}
        <ListSubheader role="none">{translate('app.menu.accountSettings')}</ListSubheader>
        {ACCOUNT_SETTINGS.map((entry) => (
          <MenuLink key={entry.to} item={entry} onClick={close} withIcon />
        ))}
        {platformAdmin && <ListSubheader role="none">{translate('app.menu.platformAdmin')}</ListSubheader>}
        {platformAdmin && PLATFORM_ADMIN.map((entry) => <MenuLink key={entry.to} item={entry} onClick={close} withIcon />)}
        {languageItems}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {translate('app.menu.logout')}
        </MenuItem>
      </Menu>
      <SwitchAccountDialog open={switching} onClose={() => setSwitching(false)} currentId={account?.id} />
    </>
  );
};
