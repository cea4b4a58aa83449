import { createElement, useState, type ComponentType } from 'react';
import { Avatar, Box, Divider, IconButton, ListItemIcon, ListSubheader, Menu, MenuItem, Typography } from '@mui/material';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import PersonIcon from '@mui/icons-material/Person';
import TuneIcon from '@mui/icons-material/Tune';
import GroupIcon from '@mui/icons-material/Group';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AppContext } from '../domain/types';
import { isPlatformAdmin } from '../domain/permissions';
import { resources } from '../resources';
import { SwitchAccountDialog } from './SwitchAccountDialog';

function initials(first: string, last: string): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || '?';
}

/** The user menu of spec section 2: who and where, switching, settings, platform admin, log out. */
export const UserMenu = ({ context }: { context: AppContext }) => {
  const translate = useTranslate();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [switching, setSwitching] = useState(false);
  const { user, account } = context;
  const close = () => setAnchor(null);
  const item = (to: string, label: string, icon: React.ReactNode) => (
    <MenuItem key={to} component={Link} to={to} onClick={close}>
      <ListItemIcon>{icon}</ListItemIcon>
      {translate(label)}
    </MenuItem>
  );
  const adminResources = resources.filter((resource) => resource.menu === 'platformAdmin');

  return (
    <>
      <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={translate('app.menu.open')} aria-haspopup="menu">
        <Avatar src={user.avatar ?? undefined} sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15 }}>
          {initials(user.firstName, user.lastName)}
        </Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close} slotProps={{ paper: { sx: { minWidth: 260 } } }}>
        <Box sx={{ px: 2, py: 1 }}>
          <Typography fontWeight={600}>{`${user.firstName} ${user.lastName}`.trim()}</Typography>
          <Typography variant="body2" color="text.secondary">
            {account?.name ?? translate('app.menu.noAccount')}
          </Typography>
        </Box>
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
        <ListSubheader>{translate('app.menu.accountSettings')}</ListSubheader>
        {item('/account-settings', 'app.menu.configuration', <TuneIcon fontSize="small" />)}
        {item('/account-settings/users', 'app.menu.users', <GroupIcon fontSize="small" />)}
        {item('/account-settings/subscription', 'app.menu.subscription', <CreditCardIcon fontSize="small" />)}
        {isPlatformAdmin(user) && [
          <ListSubheader key="platform">{translate('app.menu.platformAdmin')}</ListSubheader>,
          ...adminResources.map((resource) =>
            item(`/${resource.name}`, resource.label, resource.icon ? createElement(resource.icon as ComponentType<{ fontSize?: 'small' }>, { fontSize: 'small' }) : null),
          ),
          item('/admin/uploads', 'app.menu.adminUploads', <VideoLibraryIcon fontSize="small" />),
        ]}
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
