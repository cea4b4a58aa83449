import { IconButton, Tooltip } from '@mui/material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { useTranslate } from 'react-admin';
import type { AppContext } from '#shared/domain/types';

/** The account's help address, or the provider's support address when it has none. */
function helpAddress(context: AppContext): string {
  return context.account?.helpEmailAddress?.trim() || context.systemDefaults.supportEmail;
}

export const HelpButton = ({ context }: { context: AppContext }) => {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('app.menu.help')}>
      <IconButton component="a" href={`mailto:${helpAddress(context)}`} aria-label={translate('app.menu.help')} color="inherit">
        <HelpOutlineIcon />
      </IconButton>
    </Tooltip>
  );
};
