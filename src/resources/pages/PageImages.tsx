import { Stack } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { Upsell } from '../../components/Upsell';
import { ImageUploadField } from '../../components/upload/ImageUploadField';

/**
 * The banner image (16:9; without one the account's main image shows) and the ad image with
 * its link. Ads need a plan that has them: otherwise the page_ads upsell, and the ad fields
 * only show what is there.
 */
export const PageImages = ({ canEdit, adsAllowed }: { canEdit: boolean; adsAllowed: boolean }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <ImageUploadField
        name="image"
        label={translate('resources.pages.fields.image')}
        helperText={translate('resources.pages.edit.imageHint')}
        canEdit={canEdit}
      />
      {!adsAllowed && <Upsell id="page_ads" />}
      <ImageUploadField
        name="adImage"
        label={translate('resources.pages.fields.adImage')}
        helperText={translate('resources.pages.edit.adImageHint')}
        canEdit={canEdit && adsAllowed}
      />
      <TextInput source="adUrl" type="url" label="resources.pages.fields.adUrl" disabled={!canEdit || !adsAllowed} />
    </Stack>
  );
};
