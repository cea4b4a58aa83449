import { useState } from 'react';
import { Alert, AlertTitle, Button, IconButton, Stack } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { LOCAL_STORAGE_PREFIX, UPSELL_DISMISS_DAYS, type UpsellId } from '#shared/domain/constants';

const storageKey = (id: UpsellId) => `${LOCAL_STORAGE_PREFIX}upsell.${id}`;

function isDismissed(id: UpsellId, now = Date.now()): boolean {
  const until = Number(localStorage.getItem(storageKey(id)) ?? 0);
  return until > now;
}

function dismiss(id: UpsellId, now = Date.now()): void {
  localStorage.setItem(storageKey(id), String(now + UPSELL_DISMISS_DAYS * 86400_000));
}

/** On a phone the buttons go under the words, which otherwise wrap in a column a few words wide. */
const PHONE_WRAP = {
  flexWrap: { xs: 'wrap', sm: 'nowrap' },
  '& .MuiAlert-message': { flex: 1, minWidth: 0 },
  '& .MuiAlert-action': {
    width: { xs: '100%', sm: 'auto' },
    justifyContent: 'flex-end',
    ml: { xs: 0, sm: 'auto' },
    pl: { xs: 0, sm: 2 },
    pt: { xs: 0, sm: '4px' },
  },
} as const;

/**
 * The upgrade prompt for every upsell id of the spec: what the plan lacks, a way to the
 * subscription, and a dismissal that lasts 7 days ('Upsell prompts can be dismissed for 7
 * days': every one, including those answering a refused action, whose error message stays).
 * Platform admins, who may bypass plan limits, do not see prompts marked bypassable. Members
 * who may not change the plan (users, read-only) are offered to see the plans, not to upgrade.
 */
export const Upsell = ({ id, bypassable = true }: { id: UpsellId; bypassable?: boolean }) => {
  const translate = useTranslate();
  const { canAccess: bypasses, isPending } = useCanAccess({ resource: 'plan-limits', action: 'bypass' });
  const { canAccess: changesPlan } = useCanAccess({ resource: 'subscription', action: 'edit' });
  const [hidden, setHidden] = useState(() => isDismissed(id));
  if (hidden || (bypassable && (isPending || bypasses))) return null;
  return (
    <Alert
      severity="info"
      variant="outlined"
      role="region"
      aria-label={translate(`app.upsell.${id}.title`)}
      sx={PHONE_WRAP}
      action={
        <Stack direction="row" spacing={1} alignItems="center">
          <Button component={Link} to="/account-settings/subscription" variant="contained" size="small">
            {translate(changesPlan ? 'app.upsell.upgrade' : 'app.upsell.seePlans')}
          </Button>
          <IconButton
            size="small"
            aria-label={translate('app.upsell.dismiss')}
            onClick={() => {
              dismiss(id);
              setHidden(true);
            }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      }
    >
      <AlertTitle>{translate(`app.upsell.${id}.title`)}</AlertTitle>
      {translate(`app.upsell.${id}.text`)}
    </Alert>
  );
};
