import { Alert } from '@portal/ui';
import { useSyncExternalStore, type ReactNode } from 'react';
import { updateNotices } from '../lifecycle/remote-updates.js';

/** A quiet line per remote with a new release: it loads on the person's next visit, never under their hands. */
export function UpdateNotice({ onDismiss }: { onDismiss: (remote: string) => void }): ReactNode {
  const notices = useSyncExternalStore(updateNotices.subscribe, updateNotices.get);
  if (notices.length === 0) return null;
  return (
    <div className="portal-notices" data-testid="update-notices">
      {notices.map((notice) => (
        <Alert
          key={notice.remote}
          tone="info"
          data-testid={`update-notice-${notice.remote}`}
          title={`A new version of ${notice.title} is available`}
          onDismiss={() => onDismiss(notice.remote)}
        >
          It opens the next time you go to {notice.title}; what you have open now stays as it is.
        </Alert>
      ))}
    </div>
  );
}
