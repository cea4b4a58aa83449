import { useState } from 'react';
import { Box, Button, Menu, useMediaQuery, type Theme } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { isActive, MAIN_NAV } from './navigation';
import { MenuLink, NavButton } from './MenuLink';

/** Insights, Fan Uploads, Fan Data, Your Pages (the registry's main menu); a dropdown on narrow screens. Each item shows only to users who may list it. */
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
          sx={{ whiteSpace: 'nowrap', flexShrink: 0, '& .MuiButton-endIcon': { ml: 0.5 } }}
        >
          {translate(current?.label ?? 'app.nav.sections')}
        </Button>
        <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} keepMounted>
          {MAIN_NAV.map((item) => (
            <MenuLink key={item.to} item={item} selected={item === current} onClick={() => setAnchor(null)} />
          ))}
        </Menu>
      </>
    );
  }
  return (
    <Box component="nav" sx={{ display: 'flex', gap: 0.5 }}>
      {MAIN_NAV.map((item) => (
        <NavButton key={item.to} item={item} active={item === current} />
      ))}
    </Box>
  );
};
