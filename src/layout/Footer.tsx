import { Box, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Terms link and copyright; hidden where a public page brings its own configuration. */
export const Footer = ({ publicPageConfig }: { publicPageConfig?: unknown }) => {
  const translate = useTranslate();
  if (publicPageConfig) return null;
  return (
    <Box component="footer" sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">
        <Link href="/terms" color="inherit" underline="hover">
          {translate('app.footer.terms')}
        </Link>
        {' · '}
        {translate('app.footer.copyright', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
};
