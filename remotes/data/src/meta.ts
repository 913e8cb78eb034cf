import type { RemoteMeta } from '@portal/platform';

/** Mirrors remote.json (the block the deploy step copies into the registry); checked by meta.test.ts. */
export const dataMeta: RemoteMeta = {
  name: 'data',
  title: 'Data',
  route: '/data',
  icon: 'database',
  description: 'Browse, filter and edit the rows you may see.',
  contract: '^1.4.0',
  auth: 'aal1',
};
