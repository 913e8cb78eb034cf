import type { RemoteMeta } from '@portal/platform';

/** Mirrors remote.json (the block the deploy step copies into the registry); checked by meta.test.ts. */
export const dataMeta: RemoteMeta = {
  name: 'data',
  title: 'Data',
  route: '/data',
  icon: 'database',
  description: 'The tables and views you may reach: browse, filter and edit the rows row level security lets you see.',
  contract: '^1.8.0',
  auth: 'aal1',
};
