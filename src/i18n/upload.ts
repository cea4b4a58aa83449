/** Strings of the image upload field and its crop dialog (src/components/upload). */
export const uploadMessages = {
  choose: 'Upload',
  change: 'Change',
  remove: 'Remove',
  none: 'No image',
  cropTitle: 'Crop image',
  zoom: 'Zoom',
  outputSize: 'Saved at %{width} × %{height} px',
  cropAndUpload: 'Crop and upload',
  notImage: 'Choose a JPEG, PNG, GIF, WebP or ICO image',
  tooLarge: 'The image is too large (at most %{mb} MB)',
  tooSmall: 'The image must be at least %{size} × %{size} pixels',
};
