import type { RemoteMeta } from '@portal/platform';

/** Mirrors remote.json (the block the deploy step copies into the registry); checked by meta.test.ts. */
export const filesMeta: RemoteMeta = {
  name: 'files',
  title: 'Files',
  route: '/files',
  icon: 'folder',
  description: "Your own files, the files of the projects you are in, and the public assets.",
  contract: '^1.4.0',
  auth: 'aal1',
};
