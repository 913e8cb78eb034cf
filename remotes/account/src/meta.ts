import type { RemoteMeta } from '@portal/platform';

/** Mirrors remote.json (the block the deploy step copies into the registry); checked by a test. */
export const accountMeta: RemoteMeta = {
  name: 'account',
  title: 'Account',
  route: '/account',
  icon: 'user',
  description: 'Sign in, your profile, two-step verification and where you are signed in.',
  contract: '^1.8.0',
  auth: 'none',
};
