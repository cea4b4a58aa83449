import { Stack } from '@mui/material';
import { useRedirect } from 'react-admin';
import type { UpsellId } from '#shared/domain/constants';
import { RecordActionButton } from '../../components/RecordActionButton';
import type { Page } from '../records';
import { pageActionsFor } from '#shared/domain/pageStatus';

/**
 * The page's status buttons. Each asks for confirmation and then returns to the pages list;
 * enabling beyond the plan's active pages answers the upgrade prompt instead.
 */
export const PageStatusActions = ({ page, onUpsell }: { page: Page; onUpsell: (id: UpsellId) => void }) => {
  const redirect = useRedirect();
  return (
    <Stack direction="row" spacing={1}>
      {pageActionsFor(page.status).map((action) => (
        <RecordActionButton
          key={action}
          resource="pages"
          record={page}
          action={action}
          label={`resources.pages.actions.${action}`}
          confirmContent={`resources.pages.actions.${action}Confirm`}
          successMessage={`resources.pages.actions.${action}d`}
          messageArgs={{ name: page.name }}
          variant={action === 'enable' ? 'contained' : 'outlined'}
          color={action === 'archive' ? 'error' : 'primary'}
          onSuccess={() => redirect('list', 'pages')}
          onUpsell={onUpsell}
        />
      ))}
    </Stack>
  );
};
