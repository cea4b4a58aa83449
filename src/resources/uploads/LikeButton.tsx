import { Button } from '@mui/material';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

/**
 * The staff Like of the content dialog (spec console.md section 2): the caller shows it only when
 * the page's likingStatus is enabled and the viewer is not a platform admin. Pressed when the
 * signed-in user likes the upload; a press toggles it and refreshes the counts.
 */
export const LikeButton = ({ uploadId, liked, resource }: { uploadId: string; liked: boolean; resource: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { mutate, isPending } = useMutation({
    mutationFn: () => dataProvider.action('account-videos', { id: uploadId, action: 'like' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [resource] }),
    onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
  });
  return (
    <Button
      size="small"
      variant={liked ? 'contained' : 'outlined'}
      color="secondary"
      aria-pressed={liked}
      startIcon={liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
      // Not disabled while pending: a focused button that is disabled drops the focus (and the keys) to the page.
      onClick={() => !isPending && mutate()}
    >
      {translate(`resources.${resource}.actions.like`)}
    </Button>
  );
};
