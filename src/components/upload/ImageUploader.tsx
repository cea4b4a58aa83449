import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Avatar, Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { useTranslate } from 'react-admin';
import { FILE_KINDS, fileKindOf, megabytes } from '#shared/domain/files';
import { CropDialog } from './CropDialog';
import { croppedFileName, loadImage } from './cropImage';
import { CROP_PRESETS, type CropPreset, type CropPresetName } from './cropPresets';
import { uploadFile } from './uploadFile';

export interface ImageUploaderProps {
  /** Shown above the image; also names the file input and the image for screen readers. */
  label: string;
  /** The image shown: the saved URL or a preview URL; null or undefined shows the placeholder. */
  value: string | null | undefined;
  /** A preset name of cropPresets.ts or your own preset; default '16:9'. */
  preset?: CropPresetName | CropPreset;
  /** False shows the image only: no pick, crop or remove (spec: canEdit false hides file pickers). */
  canEdit?: boolean;
  /** The cropped file is uploaded; `tmp` goes to the entity's ...Tmp field, `previewUrl` is a local URL of it. */
  onUploaded: (tmp: string, previewUrl: string) => unknown;
  /** Without it there is no Remove button. */
  onRemove?: () => void | Promise<void>;
  helperText?: string;
  error?: string;
  keepOriginalName?: boolean;
  /** Shown without an image: inside the round avatar (e.g. initials), or instead of 'No image'. */
  placeholder?: ReactNode;
}

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,image/x-icon,.ico';
const PREVIEW_HEIGHT = 96;

/** Pick an image, crop it (CropDialog), upload it (uploadFile) and show it. */
export const ImageUploader = (props: ImageUploaderProps) => {
  const { label, value, preset = 'default', canEdit = true, onUploaded, onRemove, helperText, error, keepOriginalName, placeholder } = props;
  const translate = useTranslate();
  const settings: CropPreset = typeof preset === 'string' ? CROP_PRESETS[preset] : preset;
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<{ image: HTMLImageElement; name: string }>();
  const [problem, setProblem] = useState<string>();

  // The picked file's object URL lives as long as the crop dialog.
  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.image.src);
    },
    [picked],
  );

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setProblem(undefined);
    if (fileKindOf(file.name) !== 'image') return setProblem(translate('app.upload.notImage'));
    if (file.size > FILE_KINDS.image.maxBytes) return setProblem(translate('app.upload.tooLarge', { mb: megabytes(FILE_KINDS.image.maxBytes) }));
    const url = URL.createObjectURL(file);
    const image = await loadImage(url).catch(() => undefined);
    if (!image) {
      URL.revokeObjectURL(url);
      return setProblem(translate('app.upload.notImage'));
    }
    if (settings.minSize && Math.min(image.naturalWidth, image.naturalHeight) < settings.minSize) {
      URL.revokeObjectURL(url);
      return setProblem(translate('app.upload.tooSmall', { size: settings.minSize }));
    }
    setPicked({ image, name: file.name });
  };

  const upload = async (blob: Blob) => {
    const tmp = await uploadFile(blob, croppedFileName(picked!.name, settings.format), { keepOriginalName });
    await onUploaded(tmp, URL.createObjectURL(blob));
    setPicked(undefined);
  };

  const width = Math.round(PREVIEW_HEIGHT * settings.aspect);
  const message = problem ?? error;
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="subtitle2" gutterBottom>
        {label}
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        {settings.round ? (
          <Avatar src={value ?? undefined} alt={label} sx={{ width: PREVIEW_HEIGHT, height: PREVIEW_HEIGHT, bgcolor: 'primary.main', fontSize: 32 }}>
            {placeholder}
          </Avatar>
        ) : (
          <Box
            sx={{
              width,
              height: PREVIEW_HEIGHT,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'grey.100',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              overflow: 'hidden',
            }}
          >
            {value ? (
              <Box component="img" src={value} alt={label} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
            ) : (
              (placeholder ?? (
                <Typography variant="caption" color="text.secondary">
                  {translate('app.upload.none')}
                </Typography>
              ))
            )}
          </Box>
        )}
        {canEdit && (
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" size="small" component="label" startIcon={<UploadIcon />}>
              {translate(value ? 'app.upload.change' : 'app.upload.choose')}
              <input ref={input} hidden type="file" accept={ACCEPT} aria-label={label} onChange={(e) => void pick(e.target.files?.[0])} />
            </Button>
            {value && onRemove && (
              <Button size="small" color="inherit" onClick={() => void onRemove()}>
                {translate('app.upload.remove')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      {(message || helperText) && <FormHelperText error={!!message}>{message ?? helperText}</FormHelperText>}
      {picked && <CropDialog image={picked.image} preset={settings} onCancel={() => setPicked(undefined)} onCropped={upload} />}
    </Box>
  );
};
