import { useEffect, useMemo } from 'react';
import { Notification, NotificationContext, useNotificationContext, type NotificationPayload } from 'react-admin';
import type { ApiError } from '../apiError';
import { isHandledByShell, recentApiError, showErrorDialog } from '../http';
import { ErrorDialog } from './dialogs';

/** The API error a notification reports, when it reports one (matched by its message). */
function apiErrorOf(notification: NotificationPayload): ApiError | undefined {
  if (notification.type !== 'error' || typeof notification.message !== 'string') return undefined;
  return recentApiError(notification.message);
}

/**
 * react-admin's notifications, with the spec's generic handler in front (section 8): a failed
 * call that react-admin's hooks or a screen report as an error toast opens the 'Error' dialog
 * (message, status, each error item) instead; a 401 or 403 the shell already handled (reload,
 * go to /) says nothing more; plan limits keep their toast beside the upgrade prompt. Other
 * notifications (success, a form's 'Required fields missing or invalid') stay toasts.
 */
export const AppNotification = () => {
  const context = useNotificationContext();
  const { notifications, setNotifications } = context;

  useEffect(() => {
    const reported = notifications.filter((notification) => {
      const error = apiErrorOf(notification);
      return !!error && !error.upsell;
    });
    if (reported.length === 0) return;
    setNotifications((queue) => queue.filter((notification) => !reported.includes(notification)));
    const shown = new Set<ApiError>();
    for (const notification of reported) {
      const error = apiErrorOf(notification)!;
      if (isHandledByShell(error) || shown.has(error)) continue;
      shown.add(error);
      showErrorDialog(error);
    }
  }, [notifications, setNotifications]);

  // react-admin's own snackbar sees only what the dialog does not take.
  const toasts = useMemo(() => {
    const rest = notifications.filter((notification) => {
      const error = apiErrorOf(notification);
      return !error || !!error.upsell;
    });
    return {
      ...context,
      notifications: rest,
      takeNotification: () => {
        const [first] = rest;
        if (first) setNotifications((queue) => queue.filter((notification) => notification !== first));
        return first;
      },
    };
  }, [context, notifications, setNotifications]);

  // The dialog lives here, beside the toasts, so screens outside the layout (account selection) have it too.
  return (
    <>
      <NotificationContext.Provider value={toasts}>
        <Notification />
      </NotificationContext.Provider>
      <ErrorDialog />
    </>
  );
};
