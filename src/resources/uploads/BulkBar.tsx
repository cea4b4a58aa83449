import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { Confirm, useListContext, useTranslate } from 'react-admin';
import { tagsField } from '#shared/domain/schemas/uploads';
import { useAppContext } from '../../appContext';
import { useBulkAction, type BulkActionName } from './useUploadActions';
import type { UploadPermissions } from './useUploadPermissions';
import { useRecordAccess } from '../../components/RecordAccess';
import { bustOnClick } from '../../http';
import { MakeReelButton } from './MakeReelButton';
import { UPLOADS, type UploadRecord } from './uploadRecord';
import { RequestRightsButton } from './RequestRightsButton';

/** Tags typed as 'a, b, c': trimmed, empties dropped, checked like the server (20 characters a tag). */
export function parseTags(text: string): { tags?: string[]; error?: string } {
  const tags = [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
  const parsed = tagsField.min(1, 'app.validation.required').safeParse(tags);
  return parsed.success ? { tags: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'app.validation.invalid' };
}

/**
 * Many uploads at once: select the page, approve, hide, show, tag or delete the selection
 * (delete asks first), ask their fans for the rights to use them, download it as one zip the server
 * streams, or make a reel of it.
 */
export const BulkBar = ({ permissions }: { permissions: UploadPermissions }) => {
  const translate = useTranslate();
  const { data = [], selectedIds, onSelect, onUnselectItems, resource } = useListContext();
  const { data: context } = useAppContext();
  // Delete asks its own rule, not edit's (every delete button checks access).
  const { canDelete } = useRecordAccess(resource);
  const [dialog, setDialog] = useState<'tag' | 'delete' | null>(null);
  const [tagText, setTagText] = useState('');
  const [tagError, setTagError] = useState<string>();
  const { mutate, isPending } = useBulkAction(() => {
    onUnselectItems();
    setDialog(null);
    setTagText('');
  });
  const t = (key: string, args?: Record<string, unknown>) => translate(`resources.${resource}.bulk.${key}`, args);
  const count = selectedIds.length;
  const run = (action: BulkActionName, tags?: string[]) => mutate({ action, ids: selectedIds, tags });
  const zip = context?.account
    ? `/api/accounts/${context.account.id}/download-videos?ids=${selectedIds.map((id) => encodeURIComponent(String(id))).join(',')}`
    : undefined;

  return (
    <Stack
      direction="row"
      alignItems="center"
      useFlexGap
      flexWrap="wrap"
      gap={1}
      sx={{ mb: 2, minHeight: 36 }}
      role="toolbar"
      aria-label={t('selected', { smart_count: count })}
    >
      <Button size="small" variant="outlined" onClick={() => onSelect(data.map((upload) => upload.id))} disabled={!data.length}>
        {t('selectPage')}
      </Button>
      {count > 0 && (
        <>
          <Typography variant="body2" role="status">
            {t('selected', { smart_count: count })}
          </Typography>
          {permissions.canEdit && (
            <>
              <Button size="small" disabled={isPending} onClick={() => run('approve')}>
                {t('approve')}
              </Button>
              <Button size="small" disabled={isPending} onClick={() => run('hidden')}>
                {t('hide')}
              </Button>
              <Button size="small" disabled={isPending} onClick={() => run('show')}>
                {t('show')}
              </Button>
              {permissions.tagsAllowed && (
                <Button size="small" disabled={isPending} onClick={() => setDialog('tag')}>
                  {t('tag')}
                </Button>
              )}
              {canDelete && (
                <Button size="small" color="error" disabled={isPending} onClick={() => setDialog('delete')}>
                  {t('delete')}
                </Button>
              )}
            </>
          )}
          {resource === 'uploads' && <RequestRightsButton ids={selectedIds} onDone={() => onUnselectItems()} />}
          {permissions.canDownload && zip && (
            <Button size="small" component="a" href={zip} onClick={bustOnClick} download>
              {t('zip')}
            </Button>
          )}
          {resource === UPLOADS && (
            <MakeReelButton uploads={(data as UploadRecord[]).filter((upload) => selectedIds.includes(upload.id))} onDone={onUnselectItems} />
          )}
          <Button size="small" onClick={() => onUnselectItems()}>
            {t('clear')}
          </Button>
        </>
      )}
      <Confirm
        isOpen={dialog === 'delete'}
        title={dialog === 'delete' ? t('deleteTitle', { smart_count: count }) : ''}
        content={dialog === 'delete' ? t('deleteContent') : ''}
        confirm={`resources.${resource}.bulk.delete`}
        loading={isPending}
        onConfirm={() => run('delete')}
        onClose={() => !isPending && setDialog(null)}
      />
      <Dialog open={dialog === 'tag'} onClose={() => !isPending && setDialog(null)} aria-labelledby="bulk-tag-title">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const { tags, error } = parseTags(tagText);
            setTagError(error);
            if (tags) run('tags', tags);
          }}
        >
          <DialogTitle id="bulk-tag-title">{t('tagTitle', { smart_count: count })}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              id="bulk-tags"
              label={translate(`resources.${resource}.dialog.tags`)}
              helperText={tagError ? translate(tagError, { max: 20 }) : 'a, b, c'}
              error={!!tagError}
              value={tagText}
              onChange={(event) => setTagText(event.target.value)}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDialog(null)} disabled={isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={isPending}>
              {t('apply')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Stack>
  );
};
