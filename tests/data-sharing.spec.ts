// Sharing a project, end to end, as two people who have never used the portal: each signs up
// through the account remote, the owner adds a project and a task through the data remote's
// "Add row", and shares the project through the project_members table, first as viewer, then
// as editor. Nothing is seeded for them. What each person may do is read back from the backend
// through supabase-js as that person, so the browser is checked against what RLS allows.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Locator, Page } from 'playwright-core';
import { startTestEmulator, type TestEmulator } from '../emulator/test/harness.js';
import { startLocalPortal, type LocalPortal } from '../deploy/src/index.js';
import { launchBrowser, problems, type Browser, type ConsoleEntry } from './browser.js';
import { buildAppsInto, REPO } from './portal-harness.js';

jest.setTimeout(240_000);

type TestPage = Page & { console: ConsoleEntry[] };
interface Newcomer {
  email: string;
  password: string;
  page: TestPage;
  browser: Browser;
}

const STEP_MS = 30_000;
const stamp = Date.now().toString(36);

let emulator: TestEmulator;
let portal: LocalPortal;
let workdir: string;
const browsers: Browser[] = [];

beforeAll(async () => {
  mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
  workdir = mkdtempSync(path.join(REPO, '.tmp', 'data-sharing-spec-'));
  const [started] = await Promise.all([
    startTestEmulator({ copySupabaseDir: path.join(REPO, 'supabase') }),
    buildAppsInto(path.join(workdir, 'build'), ['shell', 'account', 'data']),
  ]);
  emulator = started;
  portal = await startLocalPortal({
    envDir: path.join(workdir, 'env'),
    envName: 'test',
    shellDist: path.join(workdir, 'build', 'shell'),
    remoteDists: {
      account: path.join(workdir, 'build', 'account'),
      data: path.join(workdir, 'build', 'data'),
    },
    supabaseUrl: emulator.apiUrl,
  });
}, 300_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await portal?.close();
  await emulator?.stop();
  if (workdir) rmSync(workdir, { recursive: true, force: true });
});

/** Waits for `locator` within a bounded time, and says what was awaited when it times out. */
async function see(what: string, locator: Locator): Promise<void> {
  try {
    await locator.waitFor({ timeout: STEP_MS });
  } catch {
    throw new Error(`Did not see ${what} within ${STEP_MS / 1000}s`);
  }
}

/** Waits until the data remote shows the rows of the view in the URL, with nothing loading. */
async function settled(page: TestPage, what: string): Promise<void> {
  try {
    await page.waitForFunction(
      () => {
        const root = document.querySelector<HTMLElement>('.data-page[data-view]');
        return (
          root !== null &&
          root.dataset.state === 'ready' &&
          root.dataset.loadedView === root.dataset.view
        );
      },
      undefined,
      { timeout: STEP_MS },
    );
  } catch {
    throw new Error(`The data remote did not finish loading ${what} within ${STEP_MS / 1000}s`);
  }
}

async function openTable(page: TestPage, table: string): Promise<void> {
  await page.goto(`${portal.shellUrl}/data/${table}`);
  await settled(page, `the ${table} table`);
}

/** A person who has never been here signs up through the account remote, and lands in the data remote. */
async function signUp(label: string): Promise<Newcomer> {
  const browser = await launchBrowser();
  browsers.push(browser);
  const page = await browser.newPage();
  const person = {
    email: `${label}-${stamp}@example.com`,
    password: 'sharing-pass-1',
    page,
    browser,
  };
  await page.goto(`${portal.shellUrl}/account/sign-up?next=${encodeURIComponent('/data')}`);
  const form = page.locator('form[aria-label="Create an account"]');
  await see('the sign-up form', form);
  await form.locator('input[name="email"]').fill(person.email);
  await form.locator('input[name="password"]').fill(person.password);
  await form.locator('input[name="confirm"]').fill(person.password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL('**/data', { timeout: STEP_MS });
  return person;
}

/** The same person through supabase-js, to read what the backend lets them see. */
async function backendAs(person: Newcomer): Promise<SupabaseClient> {
  const client = emulator.client();
  const { error } = await client.auth.signInWithPassword({
    email: person.email,
    password: person.password,
  });
  if (error) throw error;
  return client;
}

/** Fills the data remote's "Add row" dialog of `table` (text fields, and selects for enums) and sends it. */
async function addRow(
  page: TestPage,
  table: string,
  fields: Record<string, string>,
  selects: Record<string, string> = {},
): Promise<void> {
  await openTable(page, table);
  await page.getByRole('button', { name: 'Add row' }).click();
  const dialog = page.getByRole('dialog', { name: `Add a row to ${table}` });
  await see(`the "Add a row to ${table}" dialog`, dialog);
  for (const [name, value] of Object.entries(fields))
    await dialog.locator(`[name="${name}"]`).fill(value);
  for (const [name, value] of Object.entries(selects))
    await dialog.locator(`[name="${name}"]`).selectOption(value);
  await dialog.getByRole('button', { name: 'Add row' }).click();
  await closesWithoutRefusal(dialog, `adding a row to ${table}`);
}

/** Opens a cell's editor, sets a value (select for enums) and saves; resolves with the editor group. */
async function editCell(
  page: TestPage,
  rowLabel: string,
  column: string,
  value: string,
  kind: 'text' | 'select' = 'text',
): Promise<Locator> {
  await page.getByRole('button', { name: `Edit ${column} of ${rowLabel}`, exact: true }).click();
  const group = page.getByRole('group', { name: `Edit ${column} of ${rowLabel}`, exact: true });
  const input = group.getByLabel(`New value for ${column}`);
  if (kind === 'select') await input.selectOption(value);
  else await input.fill(value);
  await group.getByRole('button', { name: 'Save' }).click();
  return group;
}

/**
 * Waits for a dialog or cell editor to close after saving; fails at once, with the page's own
 * words, when it shows a refusal instead.
 */
async function closesWithoutRefusal(form: Locator, what: string): Promise<void> {
  const outcome = await Promise.race([
    form.waitFor({ state: 'detached', timeout: STEP_MS }).then(() => 'closed' as const),
    form
      .getByRole('alert')
      .first()
      .waitFor({ timeout: STEP_MS })
      .then(() => 'refused' as const),
  ]).catch(() => 'timeout' as const);
  if (outcome === 'closed') return;
  if (outcome === 'refused')
    throw new Error(
      `The page refused ${what}: ${(await form.getByRole('alert').allTextContents()).join(' ')}`,
    );
  throw new Error(`Still ${what} after ${STEP_MS / 1000}s`);
}

describe('sharing a project through the data remote, as people who just signed up', () => {
  it('a newcomer adds a project and a task, shares it as viewer, then as editor', async () => {
    const [owner, friend] = await Promise.all([signUp('owner'), signUp('friend')]);
    const [ownerDb, friendDb] = await Promise.all([backendAs(owner), backendAs(friend)]);

    // The friend tells the owner their user id, which the account page shows: the data remote
    // offers no way to find a person by email (profiles show only people one already shares with).
    await friend.page.goto(`${portal.shellUrl}/account`);
    const idCell = friend.page.getByTestId('profile').locator('code');
    await see('the friend’s user id on the account page', idCell);
    const friendId = (await idCell.textContent())!.trim();
    expect(friendId).toMatch(/^[0-9a-f-]{36}$/);

    // A new project, read back by the remote in the same request (insert … returning).
    const projectName = `Shared by ${stamp}`;
    await addRow(owner.page, 'projects', { name: projectName });
    const projectRow = owner.page.locator('.data-rows tr[data-row-key]', { hasText: projectName });
    await see('the new project in the owner’s projects table', projectRow);
    const { data: projects, error: projectsError } = await ownerDb
      .from('projects')
      .select('id, owner_id');
    expect(projectsError).toBeNull();
    expect(projects).toHaveLength(1);
    const projectId = (projects![0] as { id: number }).id;
    expect(JSON.parse((await projectRow.getAttribute('data-row-key'))!)).toEqual([projectId]);

    await addRow(owner.page, 'tasks', {
      project_id: String(projectId),
      title: 'First shared task',
    });
    await see(
      'the new task in the owner’s tasks table',
      owner.page.locator('.data-rows tr[data-row-key]', { hasText: 'First shared task' }),
    );
    const { data: tasks } = await ownerDb.from('tasks').select('id, project_id, title');
    expect(tasks).toEqual([
      expect.objectContaining({ project_id: projectId, title: 'First shared task' }),
    ]);
    const taskId = (tasks![0] as { id: number }).id;

    // Before sharing, the friend sees nothing of it.
    await expect(friendDb.from('projects').select('id')).resolves.toMatchObject({ data: [] });

    // Shared as viewer.
    await addRow(
      owner.page,
      'project_members',
      { project_id: String(projectId), user_id: friendId },
      { role: 'viewer' },
    );
    const memberLabel = `row ${projectId}, ${friendId}`;
    await see(
      'the membership in the owner’s project_members table',
      owner.page.getByRole('button', { name: `Edit role of ${memberLabel}`, exact: true }),
    );
    await expect(
      friendDb.from('project_members').select('project_id, user_id, role'),
    ).resolves.toMatchObject({
      data: [{ project_id: projectId, user_id: friendId, role: 'viewer' }],
    });

    await openTable(friend.page, 'projects');
    await see(
      'the shared project in the friend’s projects table',
      friend.page.locator('.data-rows tr[data-row-key]', { hasText: projectName }),
    );
    await openTable(friend.page, 'tasks');
    await see(
      'the shared task in the friend’s tasks table',
      friend.page.locator(`.data-rows tr[data-row-key="[${taskId}]"]`),
    );
    // A viewer's edit changes nothing, and the page says so.
    const viewerEdit = await editCell(friend.page, `row ${taskId}`, 'title', 'Edited by a viewer');
    await see(
      'the refusal of the viewer’s edit',
      viewerEdit.getByRole('alert').filter({ hasText: 'The database did not change this row.' }),
    );
    await viewerEdit.getByRole('button', { name: 'Cancel' }).click();
    await expect(
      friendDb.from('tasks').select('title').eq('id', taskId).single(),
    ).resolves.toMatchObject({ data: { title: 'First shared task' } });

    // Made an editor.
    await openTable(owner.page, 'project_members');
    await closesWithoutRefusal(
      await editCell(owner.page, memberLabel, 'role', 'editor', 'select'),
      'saving the friend’s new role',
    );
    await expect(
      friendDb.from('project_members').select('role').eq('project_id', projectId).single(),
    ).resolves.toMatchObject({ data: { role: 'editor' } });

    await openTable(friend.page, 'tasks');
    await closesWithoutRefusal(
      await editCell(friend.page, `row ${taskId}`, 'title', 'Edited by the editor'),
      'saving the editor’s task title',
    );
    await expect(
      friendDb.from('tasks').select('title').eq('id', taskId).single(),
    ).resolves.toMatchObject({ data: { title: 'Edited by the editor' } });
    await expect(
      ownerDb.from('tasks').select('title').eq('id', taskId).single(),
    ).resolves.toMatchObject({ data: { title: 'Edited by the editor' } });

    // An editor still cannot take the project: the server refuses, in its own words.
    await openTable(friend.page, 'projects');
    const takeOver = await editCell(friend.page, `row ${projectId}`, 'owner_id', friendId);
    await see(
      'the refusal of the editor’s take-over',
      takeOver
        .getByRole('alert')
        .filter({ hasText: `only the owner of project ${projectId} can hand it to someone else` }),
    );
    await takeOver.getByRole('button', { name: 'Cancel' }).click();
    const { data: after } = await emulator
      .admin()
      .from('projects')
      .select('owner_id')
      .eq('id', projectId)
      .single();
    const { data: ownerUser } = await ownerDb.auth.getUser();
    expect(after).toEqual({ owner_id: ownerUser.user!.id });

    // Nothing else went wrong on either page: only the refusals this test provoked.
    const unexpected = problems([...owner.page.console, ...friend.page.console]).filter(
      (entry) => !/status of 403/.test(entry.text),
    );
    expect(unexpected).toEqual([]);
  });
});
