// The ranges a team's repository made by `new-remote --standalone` installs. Written here, not read
// from what is installed: `npx @portal/deploy new-remote` runs where none of them is. Each is the
// portal's own: new-remote.test.ts checks every range admits the version the workspace has, the
// @portal/* packages' too, so a release that raises one of them fails there until this follows.
export const TEMPLATE_VERSIONS = {
  '@portal/ui': '^1.0.0',
  '@portal/deploy': '^2.1.0',
  '@portal/emulator': '^0.2.0',
  '@portal/testing': '^0.1.0',
  '@supabase/supabase-js': '^2.119.1',
  react: '^19.3.1',
  'react-dom': '^19.3.1',
  '@types/node': '^24.19.4',
  '@types/react': '^19.3.0',
  '@types/react-dom': '^19.3.0',
  typescript: '^7.0.2',
} as const;
