import { useState } from 'react';
import { Box, Button, Menu, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { isActive, MAIN_NAV } from './navigation';

/** Insights, Fan Uploads, Fan Data, Your Pages; a dropdown on narrow screens. */
export const MainNav = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = MAIN_NAV.find((item) => isActive(pathname, item));

  if (narrow) {
    return (
      <>
        <Button
          color="inherit"
          endIcon={<ExpandMoreIcon />}
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-haspopup="menu"
          // The visible section name starts the button's name (WCAG 2.5.3, label in name).
          aria-label={current ? translate('app.nav.sectionsOf', { current: translate(current.label) }) : undefined}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {translate(current?.label ?? 'app.nav.sections')}
        </Button>
        <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
          {MAIN_NAV.map((item) => (
            <MenuItem key={item.to} component={Link} to={item.to} selected={item === current} onClick={() => setAnchor(null)}>
              {translate(item.label)}
            </MenuItem>
          ))}
        </Menu>
      </>
    );
  }
  return (
    <Box component="nav" sx={{ display: 'flex', gap: 0.5 }}>
      {MAIN_NAV.map((item) => {
        const active = item === current;
        return (
          <Button
            key={item.to}
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
      })}
    </Box>
  );
};
