import { Alert, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { ALONE, UploadDialog } from './UploadDialog';
import type { UploadDetailRecord } from './uploadRecord';
import type { UploadPermissions } from './useUploadPermissions';

/** ?submission={id} for an upload that is not on the grid's current page: the dialog on its own. */
export const SingleUploadDialog = (props: {
  resource: string;
  platform: boolean;
  permissions: UploadPermissions;
  id: string;
  onClose: () => void;
  onHelp: () => void;
}) => {
  const translate = useTranslate();
  const { data, error, isPending } = useGetOne<UploadDetailRecord>(props.resource, { id: props.id }, { retry: false });
  if (isPending) return null;
  if (!data || !('history' in data)) {
    return (
      <Dialog open onClose={props.onClose} aria-labelledby="upload-missing-title">
        <DialogTitle id="upload-missing-title">{translate(`resources.${props.resource}.name`, { smart_count: 1 })}</DialogTitle>
        <DialogContent>
          <Alert severity="warning">
            {error instanceof Error && /upgrade/i.test(error.message)
              ? translate('app.player.upgrade')
              : translate(`resources.${props.resource}.dialog.notFound`)}
          </Alert>
        </DialogContent>
      </Dialog>
    );
  }
  return <UploadDialog {...props} upload={data} position={ALONE} />;
};
