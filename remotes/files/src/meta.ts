import type { RemoteMeta } from '@portal/platform';

/** Mirrors remote.json (the block the deploy step copies into the registry); checked by meta.test.ts. */
export const filesMeta: RemoteMeta = {
  name: 'files',
  title: 'Files',
  route: '/files',
  icon: 'folder',
  description: "Your own files, the files of the projects you are in, and the public assets.",
  // 1.4: @portal/ui's form-controls and tables groups; 1.7: profiles followed live (the names of
  // who changed a file, deleted it or made a share link).
  contract: '^1.8.0',
  auth: 'aal1',
};
