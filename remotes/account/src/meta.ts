import type { RemoteMeta } from '@portal/platform';

/** Mirrors remote.json (the block the deploy step copies into the registry); checked by a test. */
export const accountMeta: RemoteMeta = {
  name: 'account',
  title: 'Account',
  route: '/account',
  icon: 'user',
  description: 'Sign in, sign up and see your profile.',
  contract: '^1.0.0',
  auth: 'none',
};
