import type { RemoteMeta } from '@portal/platform';

/** Mirrors remote.json (the block the deploy step copies into the registry); checked by meta.test.ts. */
export const liveMeta: RemoteMeta = {
  name: 'live',
  title: 'Live',
  route: '/live',
  icon: 'chat',
  description: "Talk with your projects’ people, see who is here, follow changes as they happen.",
  // 1.1: presence and connection state; 1.2: the navigation badge, counted by ./background;
  // 1.5: presence scoped to people sharing a project, identity from the topic (the People page);
  // 1.7: profiles followed live (names everywhere), notifications with an action (mentions).
  contract: '^1.7.0',
  background: './background',
  auth: 'aal1',
};
