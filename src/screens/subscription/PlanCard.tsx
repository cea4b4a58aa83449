import { Box, Card, CardActions, CardContent, Chip, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import RemoveIcon from '@mui/icons-material/Remove';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { BILLING_TYPES, EVERY_PLAN_FEATURES, PLAN_LIMITS, type BillingType, type Plan } from '#shared/domain/plans';

const FEATURES = ['images', 'terms', 'filters', 'tags', 'integrationDropbox', 'pageAds'] as const;

const Feature = ({ name, on }: { name: string; on: boolean }) => {
  const translate = useTranslate();
  return (
    <ListItem disableGutters sx={{ py: 0 }}>
      <ListItemIcon sx={{ minWidth: 28 }}>
        {on ? (
          <CheckIcon fontSize="small" color="success" titleAccess={translate('app.subscription.features.included')} />
        ) : (
          <RemoveIcon fontSize="small" color="disabled" titleAccess={translate('app.subscription.features.notIncluded')} />
        )}
      </ListItemIcon>
      <ListItemText
        primary={translate(`app.subscription.features.${name}`)}
        slotProps={{ primary: { variant: 'body2', color: on ? 'text.primary' : 'text.secondary' } }}
      />
    </ListItem>
  );
};

/**
 * The plan's price as the spec's table gives it; Basic gives both, the chosen billing type's first
 * and bold. Pro is 'coming soon' to buy, but an account already on it was priced by sales, so its
 * own card says so (the spec's words for a price not listed) rather than that it is not out yet.
 */
const Price = ({ plan, billingType, current }: { plan: Plan; billingType: BillingType; current: boolean }) => {
  const translate = useTranslate();
  if (plan !== 'basic') {
    return (
      <Typography variant="body2" sx={{ mt: 0.5, mb: 1, fontWeight: 500 }}>
        {translate(plan === 'pro' && current ? 'app.subscription.contactSales' : `app.subscription.prices.${plan}`)}
      </Typography>
    );
  }
  const order = [billingType, ...BILLING_TYPES.filter((type) => type !== billingType)];
  return (
    <Box sx={{ mt: 0.5, mb: 1 }}>
      {order.map((type) => (
        <Typography key={type} variant="body2" sx={type === billingType ? { fontWeight: 500 } : { color: 'text.secondary' }}>
          {translate(`app.subscription.prices.basic_${type}`)}
        </Typography>
      ))}
    </Box>
  );
};

/** One plan of the plan table (platform-admin.md section 9): price, caps, the features a plan can turn off, those every plan has, and its action. */
export const PlanCard = ({ plan, billingType, current, action }: { plan: Plan; billingType: BillingType; current: boolean; action: ReactNode }) => {
  const translate = useTranslate();
  const limits = PLAN_LIMITS[plan];
  const count = (value: number | null) => (value === null ? translate('app.subscription.rows.unlimited') : String(value));
  const titleId = `plan-${plan}-title`;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', borderColor: current ? 'primary.main' : undefined, borderWidth: current ? 2 : 1 }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, minHeight: 32 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {translate(`app.subscription.plans.${plan}`)}
          </Typography>
          {current && <Chip size="small" color="primary" label={translate('app.subscription.current')} />}
        </Box>
        <Price plan={plan} billingType={billingType} current={current} />
        <Typography variant="body2">
          {translate('app.subscription.labelled', { label: translate('app.subscription.rows.users') })} <strong>{count(limits.users)}</strong>
        </Typography>
        <Typography variant="body2">
          {translate('app.subscription.labelled', { label: translate('app.subscription.rows.pages') })} <strong>{count(limits.pages)}</strong>
        </Typography>
        <Typography variant="body2">
          {translate('app.subscription.labelled', { label: translate('app.subscription.rows.uploads') })} <strong>{count(limits.uploads)}</strong>
        </Typography>
        <List dense disablePadding sx={{ mt: 1 }}>
          {FEATURES.map((feature) => (
            <Feature key={feature} name={feature} on={limits[feature] !== 0} />
          ))}
          {EVERY_PLAN_FEATURES.map((feature) => (
            <Feature key={feature} name={feature} on />
          ))}
        </List>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>{action}</CardActions>
    </Card>
  );
};
