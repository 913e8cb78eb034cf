// The files of a team's own repository for a new remote (`portal-deploy new-remote --standalone`):
// a remote on @portal/platform and @portal/ui, a table of its own (a migration with row level
// security and the project's second-factor policy, its types merged into the shell's client), a
// unit test, an end-to-end test in Chromium on @portal/testing, and the scripts `dev`, `test` and
// `release`. Everything installs from the registry; nothing points into the portal's repository.
import type { NewRemoteFacts } from './new-remote-templates.js';

export interface StandaloneFacts extends NewRemoteFacts {
  /** The range of each package the repository installs, by name. */
  versions: Record<string, string>;
}

const pascal = (name: string) => name.replace(/(^|_)([a-z0-9])/g, (_, __: string, c: string) => c.toUpperCase());
const kebab = (name: string) => name.replace(/_/g, '-');
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The team's first migration: its table, row level security, who may do what, and the grant. */
export function standaloneTableSql(table: string): string {
  return `-- The ${table} remote's table, owned by the team's role (team_${table}): the portal's project
-- grants a team nothing on the platform's tables, so this file can only make and change its own.
create table public.${table} (
  id bigint generated always as identity primary key,
  owner_id uuid not null default auth.uid(),
  body text not null check (length(body) between 1 and 2000),
  created_at timestamptz not null default now()
);
alter table public.${table} enable row level security;
grant select, insert, update, delete on public.${table} to authenticated;

-- Who may do what (permissive): each person their own rows.
create policy "${table}: own rows" on public.${table} for all to authenticated
  using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));

-- Every table of the project: no row for a session that has not used the person's second factor.
create policy "second factor: aal2 once a factor is verified" on public.${table}
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied()))
  with check ((select private.second_factor_satisfied()));
`;
}

/** Path inside the new repository → file contents. */
export function standaloneRemoteFiles(facts: StandaloneFacts): Record<string, string> {
  const { name, title, route, auth, contract, port, versions } = facts;
  const component = `${pascal(name)}App`;
  const metaName = `${name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())}Meta`;
  const description = `${title}: a new area of the portal.`;
  const migrationsDir = 'supabase/migrations';
  const check = `portal-emulator migration check --workdir node_modules/@portal/testing/project --team ${name} --team-migrations ${migrationsDir}`;
  const pick = (...names: string[]) => Object.fromEntries(names.map((pkg) => [pkg, versions[pkg]!]));
  return {
    'package.json': json({
      name: `${kebab(name)}-remote`,
      version: '0.1.0',
      private: true,
      type: 'module',
      description,
      scripts: {
        build: 'portal-deploy build',
        dev: 'portal-testing dev',
        typecheck: 'tsc -p tsconfig.json',
        'test:unit': 'node --test "src/**/*.test.ts"',
        'test:e2e': 'portal-deploy build && node --test "e2e/**/*.test.ts"',
        test: 'npm run typecheck && npm run test:unit && npm run test:e2e',
        'db:check': check,
        release: `npm run db:check && portal-deploy build && portal-deploy publish ${name} --dist dist`,
      },
      dependencies: pick('@portal/platform', '@portal/ui', '@supabase/supabase-js', 'react', 'react-dom'),
      devDependencies: pick('@portal/deploy', '@portal/emulator', '@portal/testing', '@types/node', '@types/react', '@types/react-dom', 'typescript'),
      engines: { node: '>=24' },
    }),
    'remote.json': json({ name, title, route, icon: 'folder', description, contract, auth, port, exposes: { './app': './src/app.tsx' } }),
    '.gitignore': 'node_modules/\ndist/\n.portal/\n',
    'tsconfig.json': json({
      compilerOptions: {
        target: 'es2023',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        lib: ['es2023', 'dom', 'dom.iterable'],
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        allowImportingTsExtensions: true,
        verbatimModuleSyntax: true,
        skipLibCheck: true,
        types: ['node'],
      },
      include: ['src', 'e2e'],
    }),
    'README.md': `# ${title}

A remote of the portal, on \`${route}\`, in its own repository. Made by
\`portal-deploy new-remote --standalone ${name}\`; every package comes from the registry.

\`\`\`sh
npm install
npm run dev          # the emulator (the portal's backend project and supabase/migrations), the released shell and this remote, rebuilt on every change: http://localhost:3000${route}
npm test             # types, unit tests (node --test), then a build and the end-to-end test in Chromium (e2e/)
npm run db:check     # supabase/migrations: row level security and policies on every table, nothing of the platform's changed
npm run release -- --bucket <environment> --promote   # check, build and publish with the team's credential (PORTAL_DEPLOY_TOKEN)
npm run release -- --env ../environment --promote     # or into a folder environment on this machine
\`\`\`

- \`remote.json\`: what the registry gets (route, title, contract range, auth level, local port).
- \`src/app.tsx\`: the exposed \`./app\`; \`src/${component}.tsx\`: the page, through the shell's one client (\`useSupabase()\`).
- \`supabase/migrations/\`: the team's tables. Each runs as the team's role, which may not touch the
  platform's tables; each table has row level security on with policies, and the project's
  second-factor policy. \`src/database.types.ts\` describes them (\`portal-emulator gen types
  typescript --team ${name}\` prints it while \`npm run dev\` runs), and \`src/team-database.ts\` merges
  them into the types of the shell's client.
- \`e2e/\`: the remote in the released shell in Chromium, with the emulator and a signed-in person (@portal/testing).
`,
    [`${migrationsDir}/20260101000000_${name}.sql`]: standaloneTableSql(name),
    'src/database.types.ts': `// The team's own tables, in the Supabase CLI's shape (portal-emulator gen types typescript --team ${name}).
export type Database = {
  public: {
    Tables: {
      ${name}: {
        Row: { body: string; created_at: string; id: number; owner_id: string };
        Insert: { body: string; created_at?: string; id?: never; owner_id?: string };
        Update: { body?: string; created_at?: string; id?: never; owner_id?: string };
        Relationships: [];
      };
    };
    Views: { [_ in never]: never };
    Functions: { [_ in never]: never };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};
`,
    'src/team-database.ts': `// Adds the team's tables to the types of the shell's one client (useSupabase(), getPortal().supabase).
import type { Database } from './database.types.ts';

declare module '@portal/platform' {
  interface TeamDatabase extends Database {}
}
`,
    'src/meta.ts': `import type { RemoteMeta } from '@portal/platform';

/** Mirrors remote.json (what the registry gets); checked by meta.test.ts. */
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
    'src/meta.test.ts': `import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ${metaName} } from './meta.ts';

test('the metadata matches remote.json, which the registry gets', () => {
  const { port: _port, exposes, ...meta } = JSON.parse(readFileSync(new URL('../remote.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  assert.deepEqual(meta, { ...${metaName} });
  assert.deepEqual(exposes, { './app': './src/app.tsx' });
});
`,
    'src/app.tsx': `// The ${name} remote's exposed \`./app\`: single-spa lifecycles made by defineRemote.
import { defineRemote } from '@portal/platform';
import { ${component} } from './${component}.tsx';
import { ${metaName} } from './meta.ts';

const lifecycles = defineRemote(${component}, ${metaName});

export const { bootstrap, mount, unmount, meta } = lifecycles;
export default lifecycles;
`,
    [`src/${component}.tsx`]: `// The ${name} remote's page: the person's own rows of \`${name}\`, read and written through the
// shell's one client. Row level security (supabase/migrations) decides what a person sees.
import { useSupabase } from '@portal/platform';
import { Alert, Button, Card, Field, PageHeader, Stack, TextInput } from '@portal/ui';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { ${metaName} } from './meta.ts';

interface Row {
  id: number;
  body: string;
}

export function ${component}(): ReactNode {
  const supabase = useSupabase();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    const { data, error } = await supabase.from('${name}').select('id, body').order('created_at');
    if (error) setProblem(\`Your notes could not be read: \${error.message}\`);
    else setRows(data);
  }, [supabase]);

  useEffect(() => {
    void load();
  }, [load]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const { error } = await supabase.from('${name}').insert({ body });
    if (error) return setProblem(\`The note could not be saved: \${error.message}\`);
    setProblem(null);
    setBody('');
    await load();
  };

  return (
    <Stack gap={6}>
      <PageHeader title={${metaName}.title} description={${metaName}.description} />
      <Card title="Your notes">
        {problem && <Alert tone="error">{problem}</Alert>}
        {rows === null ? <p>Loading…</p> : rows.length === 0 ? <p>No notes yet.</p> : (
          <ul aria-label="Your notes">
            {rows.map((row) => <li key={row.id}>{row.body}</li>)}
          </ul>
        )}
        <form onSubmit={(event) => void add(event)}>
          <Stack gap={3}>
            <Field label="New note">
              <TextInput value={body} onChange={(event) => setBody(event.target.value)} required maxLength={2000} />
            </Field>
            <Button type="submit">Add note</Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
`,
    [`e2e/${kebab(name)}.test.ts`]: `// The ${name} remote in the released shell, in Chromium: the emulator runs the portal's backend
// project and this repository's migrations, the remote's build is published into a local
// environment, and each test has its own signed-in person (@portal/testing).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchChromium, signedInClient, startPortal, type Browser, type TestPortal } from '@portal/testing';

let portal: TestPortal;
let browser: Browser;

before(async () => {
  portal = await startPortal();
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await portal?.stop();
});

test('a person keeps notes on ${route} that nobody else reads', async () => {
  const person = await portal.newPerson();
  const context = await browser.newContext({ storageState: await portal.signedInState(person) });
  const page = await context.newPage();
  await page.goto(\`\${portal.url}${route}\`);
  await page.getByLabel('New note').fill('Call the printer');
  await page.getByRole('button', { name: 'Add note' }).click();
  await page.getByRole('list', { name: 'Your notes' }).getByText('Call the printer').waitFor();
  await context.close();

  // Row level security, through the API as through the page: the note is its owner's alone.
  const own = await (await signedInClient(portal, person)).from('${name}').select('body');
  assert.deepEqual(own.data, [{ body: 'Call the printer' }]);
  const other = await (await signedInClient(portal, await portal.newPerson())).from('${name}').select('body');
  assert.deepEqual(other.data, []);
});
`,
  };
}
