import type { RemoteMeta } from '@portal/platform';

/** Mirrors remote.json (the block the deploy step copies into the registry); checked by meta.test.ts. */
export const searchMeta: RemoteMeta = {
  name: 'search',
  title: 'Search',
  route: '/search',
  icon: 'search',
  description: "Your own documents, found by what they mean. Only you can see them.",
  contract: '^1.8.0',
  auth: 'aal1',
};
