import { useNotifications, getPortal } from '@portal/platform';
import { toast } from '@portal/ui';
import { useEffect, type ReactNode } from 'react';

const TONES = { info: 'info', success: 'success', warning: 'info', danger: 'error' } as const;

/** Shows the platform's notifications (raised by any app) as the design system's toasts. */
export function NotificationBridge(): ReactNode {
  const notifications = useNotifications();
  useEffect(() => {
    for (const notification of notifications) {
      // A toast needs a message: a notification with a title alone shows it once, as the message.
      toast.show({
        id: `portal-${notification.id}`,
        title: notification.message ? notification.title : undefined,
        message: notification.message || notification.title,
        tone: TONES[notification.tone],
        ...(notification.action ? { action: { label: notification.action.label, onClick: () => getPortal().navigate(notification.action!.href) } } : {}),
      });
      getPortal().notifications.dismiss(notification.id);
    }
  }, [notifications]);
  return null;
}
