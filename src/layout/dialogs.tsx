import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';
import type { ApiError } from '../apiError';
import { APP_EVENTS } from '../http';
import { useWindowEvent } from '../components/useWindowEvent';

/** 'Application Changed' (platform-admin.md section 8): shown when the server's version changes. */
export const AppChangedDialog = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  useWindowEvent(APP_EVENTS.versionChanged, () => setOpen(true));
  // Signing out reloads the application at the sign-in screen (authProvider.logout).
  const logout = useLogout();
  const reload = () => void logout();
  return (
    <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm">
      <DialogTitle>{translate('app.appChanged.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('app.appChanged.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setOpen(false)}>{translate('app.appChanged.cancel')}</Button>
        <Button variant="contained" onClick={reload}>
          {translate('app.appChanged.reload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * The generic 'Error' dialog of spec section 8: the message, then status, message and each
 * item of the errors list. It opens for failed calls that ask for it (request(..., {errorDialog: true}))
 * and for failed calls reported as error toasts (AppNotification); forms show their own field
 * errors under their inputs, a 401 reloads to sign-in and a 403 goes to / (http.ts).
 */
export const ErrorDialog = () => {
  const translate = useTranslate();
  const [error, setError] = useState<ApiError>();
  useWindowEvent<CustomEvent<ApiError>>(APP_EVENTS.error, (event) => setError(event.detail));
  const message = error?.message || translate('app.errorDialog.default');
  return (
    <Dialog open={!!error} onClose={() => setError(undefined)} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('app.errorDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{message}</DialogContentText>
        {error && (
          <Typography variant="body2" component="div">
            <div>
              {translate('app.errorDialog.status')}: {error.status}
            </div>
            <div>
              {translate('app.errorDialog.message')}: {message}
            </div>
            {error.api.errors.length > 0 && (
              <ul>
                {error.api.errors.map((item, index) => (
                  <li key={index}>{item.path ? `${item.path}: ${item.message}` : item.message}</li>
                ))}
              </ul>
            )}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setError(undefined)}>{translate('app.errorDialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
