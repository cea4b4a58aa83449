import { forwardRef, useState } from 'react';
import { Chip, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LIMITS } from '#shared/domain/constants';
import { tagField } from '#shared/domain/schemas/uploads';
import { Upsell } from '../../components/Upsell';
import type { UploadRecord } from './uploadRecord';
import { useUploadAction } from './useUploadActions';

/**
 * The upload's tags: a chip per tag, removable, and a field adding one on Enter (at most 20
 * characters). Each change is saved at once. Plans without tags show the upsell instead.
 */
export const TagsEditor = forwardRef<HTMLInputElement, { upload: UploadRecord; resource: string; canEdit: boolean; tagsAllowed: boolean }>(
  ({ upload, resource, canEdit, tagsAllowed }, inputRef) => {
    const translate = useTranslate();
    const [text, setText] = useState('');
    const [error, setError] = useState<string>();
    const { mutate, isPending } = useUploadAction();
    const t = (key: string, args?: Record<string, unknown>) => translate(`resources.${resource}.dialog.${key}`, args);
    const save = (tags: string[]) => mutate({ id: upload.id, action: 'tags', tags }, { onSuccess: () => setText('') });
    const add = () => {
      const parsed = tagField.safeParse(text);
      if (!parsed.success) {
        setError(translate(parsed.error.issues[0]?.message ?? 'app.validation.invalid', { max: LIMITS.tag }));
        return;
      }
      setError(undefined);
      if (!upload.tags.includes(parsed.data)) save([...upload.tags, parsed.data]);
      else setText('');
    };
    const editable = canEdit && tagsAllowed;
    return (
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h3">
          {t('tags')}
        </Typography>
        <Stack direction="row" useFlexGap flexWrap="wrap" gap={0.5} aria-live="polite">
          {upload.tags.map((tag) => (
            <Chip
              key={tag}
              label={tag}
              size="small"
              onDelete={editable && !isPending ? () => save(upload.tags.filter((other) => other !== tag)) : undefined}
              aria-label={editable ? t('removeTag', { tag }) : undefined}
            />
          ))}
        </Stack>
        {canEdit && !tagsAllowed && <Upsell id="upload-filter" />}
        {editable && (
          <TextField
            size="small"
            id="upload-tag-input"
            inputRef={inputRef}
            label={t('addTag')}
            value={text}
            error={!!error}
            helperText={error}
            // Read-only, not disabled, while a change saves: a disabled field would drop the focus to the page.
            slotProps={{ htmlInput: { maxLength: LIMITS.tag + 10, readOnly: isPending, 'aria-busy': isPending } }}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                if (!isPending) add();
              }
              if (event.key === 'Escape' && text) {
                event.stopPropagation();
                setText('');
              }
            }}
          />
        )}
      </Stack>
    );
  },
);
TagsEditor.displayName = 'TagsEditor';
