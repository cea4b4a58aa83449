import { Card, CardContent } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { ImageUploader } from '../../components/upload/ImageUploader';
import type { AppDataProvider } from '../../dataProvider';
import { ADMIN_USERS } from '../registry';
import type { AdminUser } from '../records';
import defaultAvatar from './assets/default-avatar.svg';

/**
 * The user's avatar, or the default image: pick, crop square (the avatar preset refuses
 * images under 256 px and uploads 256x256) and save at once with POST /api/users/{id}/avatar.
 */
export const AvatarPanel = ({ user, onChanged }: { user: AdminUser; onChanged: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  // The crop dialog stays busy until the save settles and shows its error.
  const { mutateAsync: saveAvatar } = useMutation({
    mutationFn: (tmpAvatar: string) => dataProvider.action(ADMIN_USERS, { id: user.id, action: 'avatar', data: { tmpAvatar } }),
    onSuccess: () => {
      notify('resources.admin/users.avatar.saved', { type: 'success' });
      onChanged();
    },
  });
  const label = translate('resources.admin/users.avatar.title');
  return (
    <Card component="section" aria-label={label}>
      <CardContent>
        <ImageUploader
          label={label}
          value={user.avatar || defaultAvatar}
          preset="avatar"
          helperText={translate('resources.admin/users.avatar.hint')}
          onUploaded={(tmpAvatar) => saveAvatar(tmpAvatar)}
        />
      </CardContent>
    </Card>
  );
};
