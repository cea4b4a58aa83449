import { Card, CardContent, Stack, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Title, useTranslate } from 'react-admin';

/**
 * The spec's coming-soon page ('Other screens: coming-soon page'): where an unfinished part of
 * the product leads (a musician's Students, Store and Payments, a brand manager's Brands). It
 * says so plainly and shows no made-up data.
 */
export const ComingSoon = ({ what, headingLevel = 'h2' }: { what?: string; headingLevel?: 'h1' | 'h2' }) => {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby="coming-soon-title">
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ py: { xs: 2, sm: 4 }, justifyContent: 'center' }}>
          <ConstructionIcon color="action" fontSize="large" aria-hidden />
          <div>
            <Typography id="coming-soon-title" variant="h6" component={headingLevel}>
              {what ?? translate('app.comingSoon.title')}
            </Typography>
            <Typography color="text.secondary">{what ? translate('app.comingSoon.named', { what }) : translate('app.comingSoon.body')}</Typography>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
};

/** /coming-soon: the page on its own. */
export const ComingSoonPage = () => {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('app.comingSoon.title')} />
      <ComingSoon headingLevel="h1" />
    </>
  );
};
