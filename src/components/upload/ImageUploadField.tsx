/**
 * ImageUploadField: an image input for react-hook-form forms (react-admin's forms included)
 * that picks, crops (CropDialog), uploads (uploadFile -> GET /api/uploads/temporary) and
 * fills the entity's ...Tmp field; saving the entity moves the file into place on the server
 * (server/files promoteTmpFiles).
 *
 *   <ImageUploadField name="headerImage" label={translate('...')} preset="headerLogo" canEdit={canEdit} />
 *
 * Props:
 * - name: the form field holding the current image URL (null when none). After an upload it
 *   holds a local preview URL, so live previews can useWatch it; the server ignores it unless
 *   it is null (= remove the image).
 * - tmpName: the form field that receives the upload's tmp value (url plus path); default
 *   `${name}Tmp` (spec names: faviconTmp, headerImageTmp, imageTmp, adImageTmp, imageTmp2...).
 *   A server error on that path (e.g. 'The uploaded file was not found...') shows under the field.
 * - label: shown above the image; also the accessible name of the file input and image.
 * - preset: 'default' (16:9, at most 1920 wide, JPEG), 'avatar' (1:1, round, 256x256, refuses
 *   images under 256 px), 'favicon' (32x32 PNG), 'headerLogo' (120x75 PNG), 'socialImage'
 *   (1280x720 JPEG), or your own CropPreset {aspect, output?, maxWidth?, minSize?, format, round?}.
 * - canEdit: false shows the image only (no pick, crop or remove). Default true.
 * - removable: show a Remove button that sets name to null. Default true.
 * - helperText, keepOriginalName, placeholder (shown without an image, e.g. initials): passed on.
 *
 * Outside a form use ImageUploader (controlled: value, onUploaded(tmp, previewUrl), onRemove),
 * as the profile's avatar does with POST /api/users/me/avatar.
 */
import { useController, useFormContext } from 'react-hook-form';
import { ImageUploader, type ImageUploaderProps } from './ImageUploader';

export interface ImageUploadFieldProps extends Omit<ImageUploaderProps, 'value' | 'onUploaded' | 'onRemove' | 'error'> {
  name: string;
  tmpName?: string;
  removable?: boolean;
}

export const ImageUploadField = ({ name, tmpName = `${name}Tmp`, removable = true, ...props }: ImageUploadFieldProps) => {
  const { setValue, clearErrors } = useFormContext();
  const { field } = useController({ name, defaultValue: null });
  const { fieldState } = useController({ name: tmpName, defaultValue: '' });
  const options = { shouldDirty: true, shouldTouch: true };
  return (
    <ImageUploader
      {...props}
      value={field.value as string | null}
      error={fieldState.error?.message}
      onUploaded={(tmp, previewUrl) => {
        clearErrors(tmpName);
        setValue(tmpName, tmp, options);
        setValue(name, previewUrl, options);
      }}
      onRemove={
        removable
          ? () => {
              setValue(tmpName, '', options);
              setValue(name, null, options);
            }
          : undefined
      }
    />
  );
};
