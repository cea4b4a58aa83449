import type { ReactNode } from 'react';
import { Avatar, Card, CardContent, Link as MuiLink, List, ListItem, ListItemAvatar, ListItemButton, ListItemText, Typography } from '@mui/material';
import MovieIcon from '@mui/icons-material/Movie';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AccountStats } from '#shared/domain/schemas/stats';
import { countryName, formatNumber } from './format';

export const Panel = ({ title, children, id }: { title: string; children: ReactNode; id: string }) => (
  <Card component="section" aria-labelledby={id} sx={{ height: '100%' }} data-testid={id}>
    <CardContent>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

export const NoData = () => {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ py: 2 }}>
      {translate('app.insights.noData')}
    </Typography>
  );
};

/** The same numbers as the map, for keyboards and screen readers. */
export const CountryList = ({ countries }: { countries: AccountStats['visitorCountries'] }) => {
  const translate = useTranslate();
  return (
    // Scrolls when long: focusable, so keyboard users can scroll it too.
    <List dense tabIndex={0} aria-label={translate('app.insights.countryList')} data-testid="country-list" sx={{ maxHeight: 320, overflow: 'auto' }}>
      {countries.map((row) => (
        <ListItem key={row.country} secondaryAction={<Typography variant="body2">{formatNumber(row.count)}</Typography>}>
          <ListItemText primary={countryName(row.country)} />
        </ListItem>
      ))}
    </List>
  );
};

export const TopLinks = ({ links }: { links: AccountStats['topLinkClicks'] }) => {
  const translate = useTranslate();
  if (!links.length) return <NoData />;
  return (
    <List dense data-testid="top-links">
      {links.map((link) => (
        <ListItem
          key={`${link.label}\n${link.toUrl}`}
          secondaryAction={
            <Typography variant="body2">
              {translate('app.insights.clicks')}: {formatNumber(link.clicks)}
            </Typography>
          }
          sx={{ pr: 14 }}
        >
          <ListItemText
            primary={link.label}
            secondary={
              <MuiLink href={link.toUrl} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
                {link.toUrl}
              </MuiLink>
            }
          />
        </ListItem>
      ))}
    </List>
  );
};

export const MostWatched = ({ videos }: { videos: AccountStats['topWatchedVideos'] }) => {
  const translate = useTranslate();
  if (!videos.length) return <NoData />;
  return (
    <List dense data-testid="most-watched">
      {videos.map((video) => (
        <ListItem key={video.id} disablePadding>
          <ListItemButton component={Link} to={`/uploads?submission=${encodeURIComponent(video.id)}`}>
            <ListItemAvatar>
              <Avatar variant="rounded" src={video.thumbnail ?? undefined} alt="" sx={{ width: 56, height: 40, mr: 1 }}>
                <MovieIcon />
              </Avatar>
            </ListItemAvatar>
            <ListItemText primary={video.pageName} secondary={translate('app.insights.viewsCount', { count: formatNumber(video.views) })} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
};

export const PageList = ({ pages }: { pages: Array<{ pageId: string; name: string; visits: number; uploads: number }> }) => {
  const translate = useTranslate();
  const active = pages.filter((page) => page.visits || page.uploads);
  if (!active.length) return <NoData />;
  return (
    <List dense data-testid="page-list">
      {active.slice(0, 10).map((page) => (
        <ListItem key={page.pageId} secondaryAction={<Typography variant="body2">{formatNumber(page.visits)}</Typography>}>
          <ListItemText primary={page.name} secondary={`${translate('app.insights.uploads')}: ${formatNumber(page.uploads)}`} />
        </ListItem>
      ))}
    </List>
  );
};
