// The emulator console's service pages in Chromium, against an emulator of their own: buckets
// and objects (with the hidden-row count of a storage listing RLS partly hid), vector indexes,
// functions with their live log, and realtime channels with presences and the verdict of a
// change (which subscribers it was delivered to, which were filtered out, and why).
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { SERVICE_ROLE_KEY, startTestEmulator, type TestEmulator } from '../emulator/test/harness.js';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { pagePerTest, pageState } from './support/page-per-test.js';
import { STEP_MS, waitUntil } from './support/waits.js';

jest.setTimeout(240_000);

const MIGRATION = `
create table public.notes (
  id bigint generated always as identity primary key,
  owner uuid not null,
  body text not null
);
alter table public.notes enable row level security;
create policy "owners read their notes" on public.notes for select to authenticated using (owner = auth.uid());
grant select on public.notes to authenticated;
alter publication supabase_realtime add table public.notes;

create policy "owners read their files" on storage.objects for select to authenticated
  using (bucket_id = 'papers' and (storage.foldername(name))[1] = auth.uid()::text);
`;

const GREET = `
Deno.serve(async (request) => {
  const name = new URL(request.url).searchParams.get('name') ?? 'world';
  console.log(\`greeting \${name}\`);
  return new Response(JSON.stringify({ message: \`Hello, \${name}!\` }), { headers: { 'content-type': 'application/json' } });
});
`;

interface Person {
  email: string;
  id: string;
  client: SupabaseClient;
}

let emulator: TestEmulator;
let browser: Browser;
let admin: SupabaseClient;
let ana: Person;
let sam: Person;
const channels: RealtimeChannel[] = [];

async function person(name: string): Promise<Person> {
  const email = `console-${name}@example.com`;
  const created = await admin.auth.admin.createUser({ email, password: `${name}-password-1`, email_confirm: true });
  if (created.error) throw created.error;
  const client = emulator.client();
  const signedIn = await client.auth.signInWithPassword({ email, password: `${name}-password-1` });
  if (signedIn.error) throw signedIn.error;
  return { email, id: created.data.user.id, client };
}

beforeAll(async () => {
  emulator = await startTestEmulator({
    configToml: '[functions.greet]\nverify_jwt = false\n',
    files: {
      'migrations/20250101000000_console.sql': MIGRATION,
      'functions/greet/index.ts': GREET,
      'functions/greet/deno.json': JSON.stringify({ imports: { 'greetings/': './greetings/' } }),
    },
  });
  admin = emulator.admin();
  ana = await person('ana');
  sam = await person('sam');
  // The first visit builds the console (rspack, cached by source hash): done once, here.
  const index = await fetch(emulator.consoleUrl);
  if (!index.ok) throw new Error(`the console answered ${index.status}: ${await index.text()}`);
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const channel of channels) await channel.unsubscribe();
  for (const client of [ana?.client, sam?.client]) await client?.removeAllChannels();
  await browser?.close();
  await emulator?.stop();
});

const tab = pagePerTest(() => browser, { unexpectedConsole: problems });

async function openPage(page: TestPage, name: string): Promise<void> {
  await page.goto(emulator.consoleUrl);
  await page.getByLabel('Service key').fill(SERVICE_ROLE_KEY);
  await page.getByRole('button', { name: 'Open the console' }).click();
  await page.getByRole('heading', { name: 'Requests', level: 1 }).waitFor({ timeout: STEP_MS });
  await page.getByRole('tab', { name }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: STEP_MS });
}

function upload(bucket: string, name: string, body: string) {
  return admin.storage.from(bucket).upload(name, new Blob([body], { type: 'text/plain' }), { contentType: 'text/plain' });
}

describe('the console: buckets and objects', () => {
  beforeAll(async () => {
    const papers = await admin.storage.createBucket('papers', { public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['text/plain', 'application/pdf'] });
    if (papers.error) throw papers.error;
    const pictures = await admin.storage.createBucket('pictures', { public: true });
    if (pictures.error) throw pictures.error;
    for (const [name, body] of [
      [`${ana.id}/draft.txt`, 'ana draft'],
      [`${sam.id}/plan.txt`, 'sam plan'],
      [`${sam.id}/notes/idea.txt`, 'sam idea, longer text'],
    ]) {
      const uploaded = await upload('papers', name!, body!);
      if (uploaded.error) throw uploaded.error;
    }
  });

  it('lists the buckets with access and limits, browses folders and opens an object through a signed URL', async () => {
    const page = await tab.open();
    await openPage(page, 'Buckets');
    const papers = page.locator('[data-bucket="papers"]');
    await papers.waitFor({ timeout: STEP_MS });
    expect((await papers.locator('td').allInnerTexts()).map((text) => text.trim())).toEqual(['papers', 'private', '1.0 MB', 'text/plain, application/pdf', '3', '38 B']);
    expect(await page.locator('[data-bucket="pictures"]').innerText()).toMatch(/public\s+none\s+any\s+0/);

    await papers.getByRole('button', { name: 'Open bucket papers' }).click();
    const bucket = page.getByRole('region', { name: 'Bucket papers' });
    await bucket.getByRole('button', { name: `Open folder ${sam.id}/` }).click();
    await bucket.getByRole('button', { name: `Open folder ${sam.id}/notes/` }).waitFor({ timeout: STEP_MS });
    const plan = bucket.locator(`[data-object="${sam.id}/plan.txt"]`);
    expect((await plan.locator('td').allInnerTexts()).slice(0, 3).map((text) => text.trim())).toEqual(['plan.txt', '8 B', 'text/plain']);

    const opened = tab.context.context.waitForEvent('page', { timeout: STEP_MS });
    await plan.getByRole('button', { name: `Open ${sam.id}/plan.txt` }).click();
    const object = await opened;
    await object.waitForLoadState('load', { timeout: STEP_MS });
    // On the API's origin, with storage's own token: the console never hands out its key.
    expect(object.url()).toContain(`${emulator.apiUrl}/storage/v1/object/sign/papers/${sam.id}/plan.txt?token=`);
    expect(object.url()).not.toContain(SERVICE_ROLE_KEY);
    expect(await object.locator('body').innerText()).toBe('sam plan');
    await object.close();
  });

  it('counts the rows of a storage listing that RLS hid from the caller', async () => {
    const listed = await ana.client.storage.from('papers').list(`${sam.id}`);
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual([]);
    const page = await tab.open();
    await openPage(page, 'Requests');
    await page.getByLabel('Service').selectOption('storage');
    await page.getByLabel('Path, role or user contains').fill('/storage/v1/object/list/papers');
    await page.getByRole('button', { name: 'Open POST /storage/v1/object/list/papers' }).first().click();
    const verdict = page.getByRole('region', { name: 'RLS verdict' });
    await verdict.waitFor({ timeout: STEP_MS });
    expect(await verdict.innerText()).toContain('SELECT on storage.objects as authenticated');
    await verdict.getByRole('button', { name: 'Count rows hidden by RLS' }).click();
    const count = verdict.getByRole('status').filter({ hasText: 'hidden by RLS' });
    await count.waitFor({ timeout: STEP_MS });
    expect(await count.innerText()).toBe(`2 of 2 rows hidden by RLS (0 visible to authenticated), counting objects of papers under ${sam.id}/`);
  });
});

describe('the console: vector indexes', () => {
  it('lists vector buckets and indexes with their settings and counts, and browses keys and metadata', async () => {
    const vectors = admin.storage.vectors;
    expect((await vectors.createBucket('console-docs')).error).toBeNull();
    const bucket = vectors.from('console-docs');
    const created = await bucket.createIndex({
      indexName: 'passages',
      dataType: 'float32',
      dimension: 3,
      distanceMetric: 'cosine',
      metadataConfiguration: { nonFilterableMetadataKeys: ['body'] },
    });
    expect(created.error).toBeNull();
    const put = await bucket.index('passages').putVectors({
      vectors: [
        { key: 'first', data: { float32: [1, 0, 0] }, metadata: { title: 'First <b>passage</b>' } },
        { key: 'second', data: { float32: [0, 0.5, 0.25] }, metadata: { title: 'Second' } },
      ],
    });
    expect(put.error).toBeNull();

    const page = await tab.open();
    await openPage(page, 'Vectors');
    const index = page.locator('[data-index="console-docs/passages"]');
    await index.waitFor({ timeout: STEP_MS });
    expect((await index.locator('td').allInnerTexts()).map((text) => text.trim())).toEqual([
      'console-docs',
      'passages',
      'float32',
      '3',
      'cosine',
      '{"nonFilterableMetadataKeys":["body"]}',
      '2',
    ]);
    await index.getByRole('button', { name: 'Browse console-docs/passages' }).click();
    const detail = page.getByRole('region', { name: 'Index console-docs/passages' });
    const first = detail.locator('[data-vector="first"]');
    await first.waitFor({ timeout: STEP_MS });
    // Metadata is shown as text, markup and all; the floats only when asked.
    expect(await first.innerText()).toContain('{"title":"First <b>passage</b>"}');
    expect(await detail.innerText()).not.toContain('0.25');
    await detail.locator('[data-vector="second"]').getByRole('button', { name: 'Show the values of second' }).click();
    await detail.getByText('[0, 0.5, 0.25]').waitFor({ timeout: STEP_MS });
  });
});

describe('the console: functions', () => {
  it('lists the functions with verify_jwt and import map, and shows a log line and the invocation live', async () => {
    const page = await tab.open();
    await openPage(page, 'Functions');
    const greet = page.locator('[data-function="greet"]');
    await greet.waitFor({ timeout: STEP_MS });
    expect((await greet.locator('td').allInnerTexts()).map((text) => text.trim())).toEqual(['greet', 'false', 'supabase/functions/greet/deno.json', '0']);
    await greet.getByRole('button', { name: 'Open function greet' }).click();
    const detail = page.getByRole('region', { name: 'Function greet' });
    await detail.getByText('Not invoked since the emulator started.').waitFor({ timeout: STEP_MS });
    expect(await detail.innerText()).toContain('"greetings/": "./greetings/"');

    const answer = await fetch(`${emulator.apiUrl}/functions/v1/greet?name=<i>Ada</i>`);
    expect(await answer.json()).toEqual({ message: 'Hello, <i>Ada</i>!' });
    // Followed without reloading: the line and the invocation appear on the open page.
    const lines = detail.getByRole('list', { name: 'Log lines of greet' });
    await lines.getByText('greeting <i>Ada</i>').waitFor({ timeout: STEP_MS });
    await detail.getByRole('table', { name: 'Invocations of greet' }).getByText('/functions/v1/greet?name=').waitFor({ timeout: STEP_MS });
  });
});

describe('the console: realtime', () => {
  function subscribe(client: SupabaseClient, name: string, filter?: string): Promise<RealtimeChannel> {
    return new Promise((resolve, reject) => {
      const channel = client
        .channel(name, { config: { presence: { key: name } } })
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notes', ...(filter ? { filter } : {}) }, () => undefined)
        .subscribe((status, error) => {
          if (status === 'SUBSCRIBED') resolve(channel);
          else if (error) reject(error);
        });
      channels.push(channel);
    });
  }

  it('shows open channels with subscribers and presences, and which subscribers a change reached', async () => {
    const anaChannel = await subscribe(ana.client, 'console-ana');
    await anaChannel.track({ status: 'reading' });
    await subscribe(sam.client, 'console-sam');
    await subscribe(ana.client, 'console-ana-filtered', 'body=eq.never');

    const page = await tab.open();
    await openPage(page, 'Realtime');
    const channel = page.getByRole('region', { name: 'Channel console-ana', exact: true });
    await channel.waitFor({ timeout: STEP_MS });
    const subscriber = channel.locator(`[data-subscriber="${ana.email}"]`);
    expect(await subscriber.innerText()).toContain('INSERT on public.notes');
    await channel.getByText('"status": "reading"').waitFor({ timeout: STEP_MS });
    expect(await page.getByRole('region', { name: 'Channel console-ana-filtered' }).innerText()).toContain('filter body=eq.never');

    const inserted = await admin.from('notes').insert({ owner: ana.id, body: 'for ana' }).select('id').single();
    expect(inserted.error).toBeNull();
    // Live: the verdict appears on the open page.
    const change = page.getByRole('region', { name: /INSERT on public\.notes/ }).first();
    await change.waitFor({ timeout: STEP_MS });
    await waitUntil('the verdict lists the three subscriptions', async () => (await change.locator('[data-outcome]').count()) === 3, { state: () => pageState(page) });
    const outcomes = await change.locator('[data-outcome]').evaluateAll((rows) =>
      rows.map((r) => `${r.querySelector('td')?.textContent ?? ''} ${r.getAttribute('data-subscriber') ?? ''} ${r.getAttribute('data-outcome') ?? ''}`).sort(),
    );
    expect(outcomes).toEqual([
      `console-ana ${ana.email} delivered`,
      `console-ana-filtered ${ana.email} filtered-out`,
      `console-sam ${sam.email} hidden-by-rls`,
    ]);
    expect(await change.innerText()).toContain(`(id = ${JSON.stringify(inserted.data!.id)})`);
    expect(await change.innerText()).toContain('delivered to 1 of 3 subscriptions');
    expect(await change.locator('[data-outcome="hidden-by-rls"]').innerText()).toContain('filtered by RLS');
  });
});
