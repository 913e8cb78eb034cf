// The live remote's exposed `./background`: the shell runs it while the person is signed in, so
// the navigation shows unread messages (and mentions notify) wherever they are in the portal, and
// messages written while the server was away go out from whichever page is open. The shell stops it
// at sign-out and when another person signs in: the outbox kept in this browser goes with them.
import { defineBackground, getPortal } from '@portal/platform';
import { closeOutbox, openOutbox } from './rooms/outbox.js';
import { startUnreadTracker } from './unread/unread-tracker.js';

export const { start } = defineBackground((props) => {
  const stopTracking = startUnreadTracker(props);
  const userId = getPortal().session.getSnapshot().user?.id ?? null;
  if (userId) openOutbox(userId);
  return async () => {
    closeOutbox({ clear: true });
    await stopTracking();
  };
});
