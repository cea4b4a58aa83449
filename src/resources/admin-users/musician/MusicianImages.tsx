import { Grid } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ImageUploadField } from '../../../components/upload/ImageUploadField';

/** The three images with their temporary fields (spec names); image2 and image3 can be removed. */
const IMAGES = [
  { name: 'image', tmpName: 'imageTmp', removable: false },
  { name: 'image2', tmpName: 'imageTmp2', removable: true },
  { name: 'image3', tmpName: 'imageTmp3', removable: true },
] as const;

export const MusicianImages = () => {
  const translate = useTranslate();
  return (
    <Grid container spacing={2}>
      {IMAGES.map((image) => {
        const label = translate(`app.musician.${image.name}`);
        return (
          <Grid key={image.name} size={{ xs: 12, sm: 6, xl: 4 }} role="group" aria-label={label}>
            <ImageUploadField {...image} label={label} preset="default" />
          </Grid>
        );
      })}
    </Grid>
  );
};
