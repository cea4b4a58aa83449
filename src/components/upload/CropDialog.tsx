import { useState } from 'react';
import Cropper from 'react-easy-crop';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Slider, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { cropToBlob, outputSize, type PixelArea } from './cropImage';
import type { CropPreset } from './cropPresets';

interface CropDialogProps {
  /** The picked image, decoded (its src is an object URL the caller revokes). */
  image: HTMLImageElement | undefined;
  preset: CropPreset;
  onCancel: () => void;
  /** Gets the cropped image; the dialog stays busy until it settles and shows its error. */
  onCropped: (blob: Blob) => Promise<void>;
}

/** Crop before upload: drag and zoom within the preset's aspect; the output size is shown. */
export const CropDialog = ({ image, preset, onCancel, onCropped }: CropDialogProps) => {
  const translate = useTranslate();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const confirm = async () => {
    if (!image || !area) return;
    setBusy(true);
    setError(undefined);
    try {
      await onCropped(await cropToBlob(image, area, preset));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const size = area ? outputSize(area, preset) : preset.output;

  return (
    <Dialog open={!!image} onClose={busy ? undefined : onCancel} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.upload.cropTitle')}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        <Box sx={{ position: 'relative', height: { xs: 260, sm: 340 }, bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
          {image && (
            <Cropper
              image={image.src}
              crop={crop}
              zoom={zoom}
              aspect={preset.aspect}
              cropShape={preset.round ? 'round' : 'rect'}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          )}
        </Box>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 2 }}>
          <Typography variant="body2" id="crop-zoom-label">
            {translate('app.upload.zoom')}
          </Typography>
          <Slider value={zoom} min={1} max={4} step={0.05} onChange={(_, value) => setZoom(value as number)} aria-labelledby="crop-zoom-label" />
        </Stack>
        {size && (
          <Typography variant="caption" color="text.secondary">
            {translate('app.upload.outputSize', { width: size.width, height: size.height })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={confirm} disabled={busy || !area} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
          {translate('app.upload.cropAndUpload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
