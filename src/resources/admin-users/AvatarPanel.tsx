import { Card, CardContent } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { ImageUploader } from '../../components/upload';
import type { AppDataProvider } from '../../dataProvider';
import type { AdminUserRecord } from './adminUserRecord';
import defaultAvatar from './assets/default-avatar.svg';

/**
 * The user's avatar, or the default image: pick, crop square (the avatar preset refuses
 * images under 256 px and uploads 256x256) and save at once with POST /api/users/{id}/avatar.
 */
export const AvatarPanel = ({ user, onChanged }: { user: AdminUserRecord; onChanged: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  // The crop dialog stays busy until the save settles and shows its error.
  const { mutateAsync: saveAvatar } = useMutation({
    mutationFn: (tmpAvatar: string) => dataProvider.saveUserAvatar(user.id, tmpAvatar),
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
          onUploaded={async (tmpAvatar) => {
            await saveAvatar(tmpAvatar);
          }}
        />
      </CardContent>
    </Card>
  );
};
