export { ImageUploadField, type ImageUploadFieldProps } from './ImageUploadField';
export { ImageUploader, type ImageUploaderProps } from './ImageUploader';
export { CropDialog } from './CropDialog';
export { CROP_PRESETS, type CropPreset, type CropPresetName } from './cropPresets';
export { uploadFile } from './uploadFile';
