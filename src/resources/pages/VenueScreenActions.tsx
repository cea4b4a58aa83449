import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RecordActionButton } from '../../components/RecordActionButton';
import type { Page } from '../records';

/**
 * The page's venue screen: opened in a new window (to put full screen on the projector), and a new
 * secret address for it when an old one went too far (screens on the old one stop at once).
 */
export const VenueScreenActions = ({ page, canEdit }: { page: Page; canEdit: boolean }) => {
  const translate = useTranslate();
  if (!page.screenAddress) return null;
  return (
    <>
      <Button variant="outlined" href={page.screenAddress} target="_blank" rel="noopener noreferrer">
        {translate('resources.pages.actions.openScreen')}
      </Button>
      {canEdit && (
        <RecordActionButton
          resource="pages"
          record={page}
          action="rotate-screen-token"
          label="resources.pages.actions.rotate-screen-token"
          confirmContent="resources.pages.actions.rotate-screen-tokenConfirm"
          successMessage="resources.pages.actions.rotate-screen-tokend"
          messageArgs={{ name: page.name }}
        />
      )}
    </>
  );
};
