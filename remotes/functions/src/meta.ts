import type { RemoteMeta } from '@portal/platform';

/** Mirrors remote.json (the block the deploy step copies into the registry); checked by meta.test.ts. */
export const functionsMeta: RemoteMeta = {
  name: 'functions',
  title: 'Functions',
  route: '/functions',
  icon: 'bolt',
  description:
    "Run the project's server functions: any request, the answer by type, streams, errors, logs and history.",
  contract: '^1.8.0',
  auth: 'aal1',
};
