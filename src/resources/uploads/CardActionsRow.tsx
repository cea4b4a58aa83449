import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import type { UploadRecord } from './uploadRecord';
import { useUploadAction } from './useUploadActions';
import { useUploadPermissions } from './useUploadPermissions';
import { useRecordAccess } from '../../components/RecordAccess';

/**
 * A card's actions for those who may edit: Hide or Show and Delete, on Fan Uploads and on
 * Platform Uploads ('isHidden shows Hidden and toggles with Hide and Show'), where flagged
 * content also has Allow. Delete asks first: it cannot be undone.
 * Suspected spam has Allow only (it is purged after 7 days otherwise).
 */
export const CardActionsRow = ({ upload, resource, platform }: { upload: UploadRecord; resource: string; platform: boolean }) => {
  const translate = useTranslate();
  const permissions = useUploadPermissions(platform);
  const { mutate, isPending } = useUploadAction();
  if (permissions.isPending || !permissions.canEdit) return null;
  const t = (key: string) => translate(`resources.${resource}.actions.${key}`);
  if (upload.suspectedSpam) {
    return permissions.canAllow ? (
      <Button size="small" disabled={isPending} onClick={() => mutate({ id: upload.id, action: 'spam-allow' })}>
        {t('allow')}
      </Button>
    ) : null;
  }
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {platform && upload.isFlagged && permissions.canAllow && (
        <Button size="small" disabled={isPending} onClick={() => mutate({ id: upload.id, action: 'moderation-approve' })}>
          {t('allow')}
        </Button>
      )}
      <Button size="small" disabled={isPending} onClick={() => mutate({ id: upload.id, action: upload.isHidden ? 'show' : 'hidden' })}>
        {t(upload.isHidden ? 'show' : 'hide')}
      </Button>
      <DeleteUploadButton upload={upload} resource={resource} />
    </Stack>
  );
};

/** Delete, confirmed (irreversible: the files go from storage too); shown only to users who may delete. */
export const DeleteUploadButton = ({ upload, resource, onDeleted }: { upload: UploadRecord; resource: string; onDeleted?: () => void }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { mutate, isPending } = useUploadAction();
  const { canDelete, isPending: checking } = useRecordAccess(resource);
  if (checking || !canDelete) return null;
  return (
    <>
      <Button size="small" color="error" disabled={isPending} onClick={() => setOpen(true)}>
        {translate(`resources.${resource}.actions.delete`)}
      </Button>
      <Confirm
        isOpen={open}
        title={open ? translate(`resources.${resource}.actions.deleteTitle`) : ''}
        content={open ? translate(`resources.${resource}.actions.deleteContent`) : ''}
        confirm={`resources.${resource}.actions.delete`}
        loading={isPending}
        onConfirm={() =>
          mutate(
            { id: upload.id, action: 'delete' },
            {
              onSettled: () => setOpen(false),
              onSuccess: () => onDeleted?.(),
            },
          )
        }
        onClose={() => !isPending && setOpen(false)}
      />
    </>
  );
};
