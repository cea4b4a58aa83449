import type { DeepStringRecord } from '#shared/i18n/types';
import type { uploadMessages as en } from '../upload';

export const uploadMessages: DeepStringRecord<typeof en> = {
  choose: 'Téléverser',
  change: 'Changer',
  remove: 'Retirer',
  none: "Pas d'image",
  cropTitle: "Recadrer l'image",
  zoom: 'Zoom',
  outputSize: 'Enregistrée en %{width} × %{height} px',
  cropAndUpload: 'Recadrer et téléverser',
  notImage: 'Choisissez une image JPEG, PNG, GIF, WebP ou ICO',
  tooLarge: "L'image est trop lourde (%{mb} Mo au plus)",
  tooSmall: "L'image doit faire au moins %{size} × %{size} pixels",
};
