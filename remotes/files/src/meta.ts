import type { RemoteMeta } from '@portal/platform';

/** Mirrors remote.json (the block the deploy step copies into the registry); checked by meta.test.ts. */
export const filesMeta: RemoteMeta = {
  name: 'files',
  title: 'Files',
  route: '/files',
  icon: 'folder',
  description:
    "Your files, your projects' files and public assets: upload, browse, preview and share.",
  contract: '^1.4.0',
  auth: 'aal1',
};
