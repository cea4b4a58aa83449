import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';

const KEYS = ['move', 'approve', 'hide', 'tags', 'close', 'help'] as const;

/** The keyboard shortcuts of the content dialog, behind '?'. */
export const ShortcutsHelp = ({ resource, open, onClose }: { resource: string; open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.${resource}.help.${key}`);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="upload-shortcuts-title">
      <DialogTitle id="upload-shortcuts-title">{t('title')}</DialogTitle>
      <DialogContent>
        <List dense>
          {KEYS.map((key) => (
            <ListItem key={key} disableGutters>
              <ListItemText primary={t(key)} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
