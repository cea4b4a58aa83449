import { createElement, useState, type ComponentType } from 'react';
import { Avatar, Box, Divider, IconButton, ListItemIcon, ListSubheader, Menu, MenuItem, Typography } from '@mui/material';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import PersonIcon from '@mui/icons-material/Person';
import TuneIcon from '@mui/icons-material/Tune';
import GroupIcon from '@mui/icons-material/Group';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import LogoutIcon from '@mui/icons-material/Logout';
import { useCanAccessResources, useLogout, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AppContext } from '@shared/domain/types';
import { resources } from '../resources';
import { SwitchAccountDialog } from './SwitchAccountDialog';

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

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
  const platformResources = resources.filter((resource) => resource.menu === 'platformAdmin');
  const { canAccess: allowed } = useCanAccessResources({ action: 'list', resources: [...platformResources.map((r) => r.name), 'admin-uploads'] });
  const adminResources = platformResources.filter((resource) => allowed?.[resource.name]);

  return (
    <>
      {/* Named by its content (hidden words, then the initials shown) rather than an aria-label, so the name always holds what is seen. */}
      <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {translate('app.menu.open')}
        </Box>
        <Avatar src={user.avatar ?? undefined} alt="" sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15 }}>
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
        {adminResources.length > 0 && [
          <ListSubheader key="platform">{translate('app.menu.platformAdmin')}</ListSubheader>,
          ...adminResources.map((resource) =>
            item(`/${resource.name}`, resource.label, resource.icon ? createElement(resource.icon as ComponentType<{ fontSize?: 'small' }>, { fontSize: 'small' }) : null),
          ),
          allowed?.['admin-uploads'] && item('/admin/uploads', 'app.menu.adminUploads', <VideoLibraryIcon fontSize="small" />),
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
