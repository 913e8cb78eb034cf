// The live remote's exposed `./background`: the shell runs it while the person is signed in, so
// the navigation shows unread messages wherever they are in the portal.
import { defineBackground } from '@portal/platform';
import { startUnreadTracker } from './unread/unread-tracker.js';

export const { start } = defineBackground(startUnreadTracker);
