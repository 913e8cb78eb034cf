// The files of a new remote (`portal-deploy new-remote`): the same shape as the portal's own
// remotes — remote.json for the registry, the remote build preset (`portal-deploy build`), `./app`
// made with defineRemote, @portal/ui for the look — so it builds, publishes and mounts without edits.

export interface NewRemoteFacts {
  /** Module Federation container name and folder name (`reports`, `team_admin`). */
  name: string;
  title: string;
  route: string;
  auth: 'none' | 'aal1' | 'aal2';
  /** Range of the platform contract, e.g. `^1.2.0`. */
  contract: string;
  port: number;
  /** The ranges it declares for `@portal/platform`, `@portal/ui` and `@portal/deploy`. */
  portalPackages: { platform: string; ui: string; deploy: string };
}

/**
 * What a team's migration adds for each table its remote reads (docs/known-traps.md#a-second-factor-is-a-rule-of-the-session):
 * its own row level security, and the restrictive policy every table of the project carries, so
 * that a person with a second factor reaches no row with a session that did not use it. The
 * helper is the project's (supabase/migrations/20250113000000_second_factor_required.sql).
 */
export function tableMigrationSql(table: string): string {
  return `create table public.${table} (
  id bigint generated always as identity primary key,
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
alter table public.${table} enable row level security;

-- Who may do what (permissive): here, each person their own rows.
create policy "${table}: own rows" on public.${table} for all to authenticated
  using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));

-- Every table of the project: no row for a session that has not used the person's second factor.
create policy "second factor: aal2 once a factor is verified" on public.${table}
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied()))
  with check ((select private.second_factor_satisfied()));`;
}

const pascal = (name: string) => name.replace(/(^|_)([a-z0-9])/g, (_, __: string, c: string) => c.toUpperCase());
const kebab = (name: string) => name.replace(/_/g, '-');
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Path inside the workspace root → file contents. */
export function newRemoteFiles(facts: NewRemoteFacts): Record<string, string> {
  const { name, title, route, auth, contract, port, portalPackages } = facts;
  const component = `${pascal(name)}App`;
  const metaName = `${name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())}Meta`;
  const dir = `remotes/${name}`;
  const description = `${title}: a new area of the portal.`;
  return {
    [`${dir}/package.json`]: json({
      name: `@portal/remote-${kebab(name)}`,
      version: '0.1.0',
      private: true,
      type: 'module',
      description,
      scripts: {
        build: 'portal-deploy build',
        dev: `node ../../scripts/dev-remote.js ${name}`,
      },
      dependencies: { '@portal/platform': portalPackages.platform, '@portal/ui': portalPackages.ui, react: '^19.3.1', 'react-dom': '^19.3.1' },
      devDependencies: { '@portal/deploy': portalPackages.deploy },
    }),
    [`${dir}/remote.json`]: json({
      name,
      title,
      route,
      icon: 'folder',
      description,
      contract,
      auth,
      port,
      exposes: { './app': './src/app.tsx' },
    }),
    [`${dir}/README.md`]: `# ${title} remote (\`remotes/${name}\`)

${description} Made by \`portal-deploy new-remote\`; it mounts on \`${route}\`.

\`\`\`sh
npm run dev -w remotes/${name}                          # this remote inside the real shell, republished on every good build (and its dev server on remote.json's port + 100)
npm run build -w remotes/${name}                        # into remotes/${name}/dist
node deploy/bin/portal-deploy.js publish ${name}        # a release of it into an environment
npx jest remotes/${name} --selectProjects unit           # its unit test
npx jest tests/${kebab(name)}-remote.spec.ts             # its end-to-end smoke test in Chromium
\`\`\`

- \`remote.json\`: the metadata the deploy step copies into the registry (route, title, icon,
  contract range, auth level, local port); \`src/meta.ts\` mirrors it (checked by \`src/meta.test.ts\`).
- \`src/app.tsx\`: the exposed \`./app\`, lifecycles made by \`defineRemote\` from \`@portal/platform\`.
- \`src/${component}.tsx\`: the page, with \`@portal/ui\`; the backend through \`useSupabase()\` (the shell's one client).

## Tables of its own

Postgres decides what each person reads and writes, never the page. A table this remote needs
comes in a migration (\`supabase/migrations/<timestamp>_${name}.sql\`, a timestamp later than
the last one) with row level security on, the policies of who may do what, and the policy every
table of the project carries: a person who has a second factor reaches no row with a session
that did not use it (signed in with the password alone, or by an email link). The shell shows such
a session the code page only, but a script with a stolen password talks to the API directly.

\`\`\`sql
${tableMigrationSql(name)}
\`\`\`

Then \`npm run gen:types\`; \`tests/rls-initplan.spec.ts\` fails while a table with policies lacks the
restrictive one. A private realtime channel or a bucket of the remote's needs nothing more (the
policies on \`realtime.messages\` and \`storage.objects\` cover them); a \`security definer\`
function that hands out rows checks \`private.second_factor_satisfied()\` itself, and an Edge
Function that acts for a person refuses an aal1 session of someone with a factor (403
\`insufficient_aal\`, see \`supabase/functions/_shared/caller.ts\`).
`,
    [`${dir}/src/meta.ts`]: `import type { RemoteMeta } from '@portal/platform';

/** Mirrors remote.json (the block the deploy step copies into the registry); checked by meta.test.ts. */
export const ${metaName}: RemoteMeta = {
  name: '${name}',
  title: ${JSON.stringify(title)},
  route: '${route}',
  icon: 'folder',
  description: ${JSON.stringify(description)},
  contract: '${contract}',
  auth: '${auth}',
};
`,
    [`${dir}/src/meta.test.ts`]: `import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ${metaName} } from './meta.js';

describe('the ${name} remote’s metadata', () => {
  it('matches remote.json, which the deploy step copies into the registry', () => {
    const { port: _port, exposes, ...meta } = JSON.parse(readFileSync(path.join(__dirname, '..', 'remote.json'), 'utf8')) as Record<string, unknown>;
    expect(meta).toEqual(${metaName});
    expect(exposes).toEqual({ './app': './src/app.tsx' });
  });
});
`,
    [`${dir}/src/app.tsx`]: `// The ${name} remote's exposed \`./app\`: single-spa lifecycles made by defineRemote.
import { defineRemote } from '@portal/platform';
import { ${component} } from './${component}.js';
import { ${metaName} } from './meta.js';

const lifecycles = defineRemote(${component}, ${metaName});

export const { bootstrap, mount, unmount, meta } = lifecycles;
export default lifecycles;
`,
    [`${dir}/src/${component}.tsx`]: `import { useUser } from '@portal/platform';
import { Card, PageHeader, Stack } from '@portal/ui';
import type { ReactNode } from 'react';
import { ${metaName} } from './meta.js';

/** The ${name} remote's page. Start here. */
export function ${component}(): ReactNode {
  const user = useUser();
  return (
    <Stack gap={6}>
      <PageHeader title={${metaName}.title} description={${metaName}.description} />
      <Card title="Welcome">
        <p data-testid="${kebab(name)}-greeting">{user?.email ? \`Hello, \${user.email}.\` : 'Hello.'}</p>
      </Card>
    </Stack>
  );
}
`,
    [`tests/${kebab(name)}-remote.spec.ts`]: `// The ${name} remote end to end (smoke): published beside the shell, it appears in the
// navigation and mounts on ${route} for a signed-in person.
import { launchBrowser, problems, type Browser } from './browser.js';
import { startTestPortal, type TestPortal } from './portal-harness.js';
import { pagePerTest } from './support/page-per-test.js';
import { newPerson, signedInClient, signedInStorage } from './support/people.js';

jest.setTimeout(180_000);

let portal: TestPortal;
let browser: Browser;
const tab = pagePerTest(() => browser, { unexpectedConsole: problems });

beforeAll(async () => {
  portal = await startTestPortal({ remotes: ['${name}'] });
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

it('appears in the navigation and mounts on ${route}', async () => {
  const person = await newPerson(portal.emulator, '${kebab(name)}');
  const page = await tab.open(await signedInStorage(portal.url, portal.emulator, await signedInClient(portal.emulator, person)));
  await page.goto(portal.url);
  await page.getByRole('link', { name: ${JSON.stringify(title)}, exact: true }).click();
  await page.waitForURL('**${route}');
  await expect(page.getByTestId('${kebab(name)}-greeting').textContent()).resolves.toBe(\`Hello, \${person.email}.\`);
});
`,
  };
}
