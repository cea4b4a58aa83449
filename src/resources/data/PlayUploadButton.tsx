import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useGetOne, useTranslate } from 'react-admin';
import { useAppContext } from '../../appContext';
import { UploadPlayer } from '../../components/UploadPlayer';
import type { UploadDetail } from '#shared/domain/schemas/uploads';

/** The upload, fetched by id when the dialog opens (the fan data row carries only its id). */
const UploadInDialog = ({ uploadId }: { uploadId: string }) => {
  const translate = useTranslate();
  const accountId = useAppContext().data?.account?.id ?? '';
  const { data, isError } = useGetOne<UploadDetail>('account-videos', { id: uploadId }, { enabled: !!accountId });
  if (isError) return <Alert severity="error">{translate('resources.data.play.notFound')}</Alert>;
  if (!data) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  return <UploadPlayer upload={data} />;
};

/** The Upload column: Play opens the linked upload in a dialog. */
export const PlayUploadButton = ({ uploadId, fan }: { uploadId: string; fan: string }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<PlayArrowIcon />}
        aria-label={translate('resources.data.play.label', { fan })}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {translate('resources.data.play.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth aria-labelledby="fan-data-play-title">
        <DialogTitle id="fan-data-play-title">{translate('resources.data.play.title', { fan })}</DialogTitle>
        <DialogContent>{open && <UploadInDialog uploadId={uploadId} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
