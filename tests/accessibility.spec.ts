// Pages work for everyone (issue #40, targets 3 and 4), in Chromium against the real built portal:
// axe-core finds nothing, of any impact, on every route and in the states people reach (signed out
// and in, light and dark, menus and dialogs open, a row being edited, results shown); the keyboard
// reaches every control with a visible focus, the skip link moves focus into the page, and focus
// lands somewhere sensible after the page changes under it; what is chosen or focused is told apart
// by more than a faint colour, and form controls' edges stand out; and at phone widths no page
// scrolls sideways while the chat's composer, the current room and the row being edited stay in
// view. Forced colours (a Windows contrast theme) have a suite of their own, forced-colours.spec.ts.
// One portal and one browser for the file; each test its own person and its own page.
import type { TestPage } from './browser.js';
import { axeViolations } from './support/accessibility.js';
import { dataReady, projectWithTasks } from './support/data-pages.js';
import { keyboardFindings } from './support/keyboard-walk.js';
import { portalPerFile, type SignedInPerson } from './support/portal-per-file.js';
import { settled } from './support/settled.js';
import { contrast, paintedLooks, toldApart, weakChoices } from './support/state-looks.js';

jest.setTimeout(240_000);

const REMOTES = ['data', 'files', 'search', 'functions', 'live'] as const;
const WAIT = { timeout: 30_000 };

const running = portalPerFile(REMOTES);
const { tab } = running;

/** A new person of this test, signed in, with their own page (at `width` × 844 when given). */
const signedIn = (label: string, viewport?: { width: number; height: number }): Promise<SignedInPerson> => running.signedIn(`a11y-${label}`, viewport);

/** Opens a portal path and waits until it has settled (the status page: until its lower sections, drawn a frame later, are in). */
async function visit(page: TestPage, path: string): Promise<void> {
  await page.goto(`${running.portal.url}${path}`);
  if (path === '/status') await page.getByText(/^Shared libraries/).first().waitFor(WAIT);
  await settled(page);
}

/** The rules whose verdict can change with the colour theme (the rest are checked once, in light). */
const THEMED_RULES = ['color-contrast', 'link-in-text-block'];

/** An open dialog, for axe's context (it renders at the end of <body>). */
const DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * What axe finds on the page as it is now, inside `within` (the whole document by default; a
 * dialog, or the remote's area, for a state of a page already checked whole): every rule in the
 * light theme, the colour rules again in the dark one (the page follows the system's, switched
 * here). Each finding is prefixed by `state` and the theme.
 */
async function axeFindings(page: TestPage, state: string, within = 'html'): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await showScheme(page, colorScheme);
    for (const violation of await axeViolations(page, within, colorScheme === 'dark' ? { rules: THEMED_RULES } : {})) found.push(`${state} [${colorScheme}] ${violation}`);
  }
  await showScheme(page, 'light');
  return found;
}

/**
 * Switches the system's theme and waits until the page shows it: the media query answers it, and
 * no colour is still on its way — no transition and no finite animation running (contrast read
 * mid-transition is neither theme's, and a dialog read during its 180 ms entrance is still half
 * transparent: on a busy machine axe found the move dialog's text and the delete button too faint).
 */
async function showScheme(page: TestPage, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction((dark) => matchMedia('(prefers-color-scheme: dark)').matches === dark, colorScheme === 'dark');
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const settling = document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .filter((animation) => animation instanceof CSSTransition || animation.effect?.getTiming().iterations !== Infinity);
    await Promise.all(settling.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Every page a signed-out person can open: the public ones, and each signed-in area's gate. */
const SIGNED_OUT_PATHS = [
  '/',
  '/status',
  '/no-such-page',
  ...['/account/sign-in', '/account/sign-up', '/account/forgot-password', '/account/reset-password', '/account/welcome', '/account/no-such-page'],
  ...['/account', '/data', '/files', '/search', '/functions', '/live'],
];

describe('axe finds nothing, of any impact', () => {
  it('signed out: the home page, each signed-in area’s gate, the account’s public pages, the status page and a missing page (and none scrolls sideways on a phone)', async () => {
    const page = await tab.open();
    const findings: string[] = [];
    const desktop = page.viewportSize()!;
    for (const path of SIGNED_OUT_PATHS) {
      await visit(page, path);
      findings.push(...(await axeFindings(page, path)));
      // And at a phone's width, none of them scrolls sideways (signed in: 'at phone width' below).
      await page.setViewportSize(PHONE);
      findings.push(...(await sidewaysFinding(page, `${path} at 390 px`)));
      await page.setViewportSize(desktop);
    }
    expect(findings).toEqual([]);
  });

  it('signed in: the home page with the account menu open, the status page with its dev overrides, and the account’s pages', async () => {
    const { page } = await signedIn('account');
    const findings: string[] = [];
    await visit(page, '/');
    findings.push(...(await axeFindings(page, '/')));
    await page.getByTestId('account-menu').click();
    await page.getByRole('menu').waitFor();
    findings.push(...(await axeFindings(page, '/ with the account menu open')));
    await page.keyboard.press('Escape');
    for (const path of ['/status', '/account', '/account/security', '/account/verify']) {
      await visit(page, path);
      findings.push(...(await axeFindings(page, path)));
    }
    expect(findings).toEqual([]);
  });
});

describe('axe finds nothing, of any impact, in each remote', () => {
  it('data: the tables, a table with its filters, a cell being edited, the Add-row dialog, a delete’s confirmation and a project’s sharing', async () => {
    const person = await signedIn('data');
    const { page } = person;
    const name = `Accessible ${person.id.slice(0, 8)}`;
    const { taskIds } = await projectWithTasks(person, name);
    const findings: string[] = [];
    await visit(page, '/data');
    await page.locator('[data-row-count="tasks"]').waitFor(WAIT);
    findings.push(...(await axeFindings(page, '/data')));
    await page.getByRole('button', { name: 'Count rows', exact: true }).click();
    await page.locator('[data-row-count="tasks"]').getByText(/^\d+$/).waitFor(WAIT);
    findings.push(...(await axeFindings(page, '/data with its rows counted', 'main')));

    await page.goto(`${running.portal.url}/data/tasks`);
    await dataReady(page);
    findings.push(...(await axeFindings(page, '/data/tasks')));
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    findings.push(...(await axeFindings(page, '/data/tasks with the filters open', 'main')));

    const row = `row ${taskIds[0]}`;
    await page.getByRole('button', { name: `Check the contrast, edit title of ${row}`, exact: true }).click();
    await page.getByRole('group', { name: `Edit title of ${row}`, exact: true }).waitFor(WAIT);
    findings.push(...(await axeFindings(page, '/data/tasks with a title being edited', 'main')));
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Add row', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add a row to tasks' }).waitFor(WAIT);
    findings.push(...(await axeFindings(page, '/data/tasks with the Add-row dialog', DIALOG)));
    await page.keyboard.press('Escape');

    await page.getByRole('checkbox', { name: `Select ${row}` }).check();
    await page.getByRole('button', { name: 'Delete row', exact: true }).click();
    await page.getByRole('alertdialog').waitFor(WAIT);
    findings.push(...(await axeFindings(page, '/data/tasks asking to confirm a delete', DIALOG)));
    await page.keyboard.press('Escape');

    await page.goto(`${running.portal.url}/data/projects`);
    await dataReady(page);
    await page.getByRole('button', { name: `Share ${name}`, exact: true }).click();
    await page.getByRole('dialog', { name: `Share ${name}` }).waitFor(WAIT);
    findings.push(...(await axeFindings(page, '/data/projects with the share dialog', DIALOG)));
    expect(findings).toEqual([]);
  });

  it('files: the buckets, a folder in list and grid, a text’s preview, the share, move and rename dialogs, and a delete’s confirmation', async () => {
    const person = await signedIn('files');
    const { page } = person;
    for (const [name, body] of [
      ['notes.md', '# Notes\n\nA *Markdown* file.'],
      ['plan.txt', 'The plan, as text.'],
    ] as const) {
      const { error } = await person.db.storage.from('files').upload(`${person.id}/${name}`, new Blob([body], { type: name.endsWith('.md') ? 'text/markdown' : 'text/plain' }));
      if (error) throw error;
    }
    const folder = `/files/files/${person.id}/`;
    const row = page.locator('tr[data-entry="plan.txt"]');
    const selected = page.getByRole('toolbar', { name: 'Selected files' });
    const findings: string[] = [];
    await visit(page, '/files');
    findings.push(...(await axeFindings(page, '/files')));
    await page.goto(`${running.portal.url}${folder}`);
    await row.waitFor(WAIT);
    await settled(page);
    findings.push(...(await axeFindings(page, 'a folder')));
    await page.goto(`${running.portal.url}${folder}?view=grid`);
    await page.locator('li[data-entry="plan.txt"]').waitFor(WAIT);
    await settled(page);
    findings.push(...(await axeFindings(page, 'a folder as a grid', 'main')));

    await page.goto(`${running.portal.url}${folder}`);
    await row.waitFor(WAIT);
    await page.locator('tr[data-entry="notes.md"]').getByRole('button', { name: 'notes.md', exact: true }).click();
    await page.getByRole('dialog').getByTestId('preview-markdown').getByRole('heading', { name: 'Notes', exact: true }).waitFor(WAIT);
    findings.push(...(await axeFindings(page, 'a Markdown file’s preview', DIALOG)));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await row.getByRole('checkbox').check();
    for (const [action, dialog] of [
      ['Share', 'Share “plan.txt”'],
      ['Move', 'Move “plan.txt”'],
      ['Rename', 'Rename “plan.txt”'],
    ] as const) {
      await selected.getByRole('button', { name: action, exact: true }).click();
      await page.getByRole('dialog', { name: dialog }).waitFor(WAIT);
      findings.push(...(await axeFindings(page, `the ${action.toLowerCase()} dialog`, DIALOG)));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    await selected.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').waitFor(WAIT);
    findings.push(...(await axeFindings(page, 'a delete’s confirmation', DIALOG)));
    expect(findings).toEqual([]);
  });

  it('search: no documents yet, adding one, the documents, results, “no good match” and a document opened at a passage', async () => {
    const { page } = await signedIn('search');
    const findings: string[] = [];
    await visit(page, '/search');
    await page.getByText('No documents yet').waitFor(WAIT);
    findings.push(...(await axeFindings(page, '/search with no documents')));
    await visit(page, '/search/add');
    findings.push(...(await axeFindings(page, '/search/add')));
    await page.locator('input[name="title"]').fill('Refund policy');
    await page.locator('textarea[name="text"]').fill('# Refunds\n\nRefunds are paid back to the card you used within five working days.');
    await page.getByRole('button', { name: 'Add text' }).click();
    await page.locator('li[data-title="Refund policy"][data-stage="ready"]').waitFor(WAIT);
    findings.push(...(await axeFindings(page, '/search/add with a document added', 'main')));
    await visit(page, '/search/documents');
    await page.getByRole('link', { name: 'Refund policy' }).waitFor(WAIT);
    findings.push(...(await axeFindings(page, '/search/documents')));

    await visit(page, '/search');
    await page.locator('input[name="query"]').fill('when is my money paid back');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.locator('.search-results').waitFor(WAIT);
    await settled(page);
    findings.push(...(await axeFindings(page, 'search results', 'main')));
    await page.locator('.search-result__open').first().click();
    await page.locator('.search-doc mark[data-current="true"]').waitFor(WAIT);
    await settled(page);
    findings.push(...(await axeFindings(page, 'a document at a passage')));

    await visit(page, '/search?q=xylophone+quantum');
    await page.getByRole('status').getByText('No good match for “xylophone quantum”', { exact: true }).waitFor(WAIT).catch(async (e) => { await page.screenshot({ path: '.tmp/a11y/nomatch.png', fullPage: true }); throw e; });
    await settled(page);
    findings.push(...(await axeFindings(page, 'no good match', 'main')));
    expect(findings).toEqual([]);
  });

  it('functions: the list, a function, its answer with the log and the history', async () => {
    const { page } = await signedIn('functions');
    const findings: string[] = [];
    await visit(page, '/functions');
    await page.locator('.fn-list').waitFor(WAIT);
    findings.push(...(await axeFindings(page, '/functions')));
    await visit(page, '/functions/hello');
    await page.locator('.fn-page[data-function="hello"]').waitFor(WAIT);
    findings.push(...(await axeFindings(page, '/functions/hello')));
    await page.getByRole('button', { name: 'Greet Ada by query', exact: true }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('section.fn-result[data-state="done"]').waitFor(WAIT);
    await settled(page);
    findings.push(...(await axeFindings(page, '/functions/hello with its answer', 'main')));
    expect(findings).toEqual([]);
  });

  it('live: the rooms, a room with a message, the people and the activity', async () => {
    const person = await signedIn('live');
    const { page } = person;
    const { projectId } = await projectWithTasks(person, `Live ${person.id.slice(0, 8)}`);
    const findings: string[] = [];
    await visit(page, '/live');
    findings.push(...(await axeFindings(page, '/live')));
    await visit(page, `/live/rooms/${projectId}`);
    await page.locator(`[data-testid="room"][data-room="${projectId}"][data-status="live"]`).waitFor(WAIT);
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello, room');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('[data-testid="message"]', { hasText: 'Hello, room' }).locator('[data-testid="delivery"]', { hasText: 'Delivered' }).waitFor(WAIT);
    findings.push(...(await axeFindings(page, 'a room with a message')));
    for (const path of ['/live/people', '/live/activity']) {
      await visit(page, path);
      findings.push(...(await axeFindings(page, path)));
    }
    expect(findings).toEqual([]);
  });
});

describe('the keyboard', () => {
  it('reaches every control of each main page with Tab, always with a visible focus that is in view', async () => {
    const person = await signedIn('keyboard');
    const { page } = person;
    const { projectId } = await projectWithTasks(person, `Keys ${person.id.slice(0, 8)}`);
    const { error } = await person.db.storage.from('files').upload(`${person.id}/plan.txt`, new Blob(['The plan.'], { type: 'text/plain' }));
    if (error) throw error;
    const findings: string[] = [];
    for (const path of ['/', '/account', '/account/security', '/data', '/data/tasks', `/files/files/${person.id}/`, '/search', '/functions/hello', `/live/rooms/${projectId}`, '/live/people', '/status']) {
      await visit(page, path);
      if (path === '/data/tasks') await dataReady(page);
      if (path.startsWith('/files/')) await page.locator('tr[data-entry="plan.txt"]').waitFor(WAIT);
      if (path.startsWith('/live/rooms/')) await page.locator(`[data-testid="room"][data-room="${projectId}"][data-status="live"]`).waitFor(WAIT);
      findings.push(...(await keyboardFindings(page, path)));
    }
    expect(findings).toEqual([]);
  });
});

/**
 * The form controls on the page whose edge (a field's and an unchecked checkbox's border, an off
 * switch's track) has less than 3:1 contrast with what is behind it, WCAG's non-text contrast:
 * the edge is what tells a person there is a control there. Disabled controls are left out, as the
 * rule leaves them.
 */
async function faintControls(page: TestPage, state: string): Promise<string[]> {
  const controls = await page.evaluate(() => {
    const rgba = (colour: string) => {
      const parts = /^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$/.exec(colour);
      return parts ? [Number(parts[1]), Number(parts[2]), Number(parts[3]), parts[4] === undefined ? 1 : Number(parts[4])] : [0, 0, 0, 0];
    };
    const over = (colour: number[], under: number[]) => colour.slice(0, 3).map((value, i) => value * colour[3]! + under[i]! * (1 - colour[3]!));
    // What is painted behind an element: its ancestors' backgrounds laid over one another, the page's last.
    const behind = (element: Element): number[] => {
      const layers: number[][] = [];
      for (let at: Element | null = element.parentElement; at; at = at.parentElement) {
        const colour = rgba(getComputedStyle(at).backgroundColor);
        if (colour[3]! > 0) layers.push(colour);
        if (colour[3] === 1) break;
      }
      return layers.reduceRight((under, layer) => over(layer, under), [255, 255, 255]);
    };
    return Array.from(document.querySelectorAll<HTMLElement>('.pui-input-wrap:not([data-disabled="true"]), .pui-checkbox:not(:checked, :indeterminate, :disabled), .pui-switch:not(:checked, :disabled)'))
      .filter((control) => control.checkVisibility())
      .map((control) => {
        const background = behind(control);
        const style = getComputedStyle(control);
        const field = control.querySelector('input, select, textarea') ?? control;
        return {
          what: `${control.className.split(' ')[0]} "${(field.getAttribute('aria-label') ?? field.getAttribute('name') ?? control.closest('label')?.textContent ?? '').trim().slice(0, 30)}"`,
          edge: over(rgba(control.matches('.pui-switch') ? style.backgroundColor : style.borderTopColor), background),
          background,
        };
      });
  });
  return controls
    .filter((control) => contrast(control.edge, control.background) < 3)
    .map((control) => `${state}: a faint edge on ${control.what}: ${contrast(control.edge, control.background).toFixed(2)}:1`);
}

describe('form controls', () => {
  it('stand out from what is behind them, 3:1 at their edge, in light and in dark', async () => {
    const person = await signedIn('edges');
    const { page } = person;
    await projectWithTasks(person, `Edges ${person.id.slice(0, 8)}`);
    const findings: string[] = [];
    for (const path of ['/account', '/data/tasks', '/functions/hello']) {
      await visit(page, path);
      if (path === '/data/tasks') await dataReady(page);
      if (path === '/functions/hello') await page.getByRole('switch', { name: 'Call as the signed-in person' }).uncheck();
      for (const colorScheme of ['light', 'dark'] as const) {
        await showScheme(page, colorScheme);
        findings.push(...(await faintControls(page, `${path} [${colorScheme}]`)));
      }
      await showScheme(page, 'light');
    }
    expect(findings).toEqual([]);
  });
});

describe('what is chosen or focused', () => {
  it('is told apart by more than a faint colour, in light and in dark: the current page, the chosen theme, tabs, a menu’s focused item, a table’s page, a picker’s option', async () => {
    const person = await signedIn('states');
    const { page } = person;
    // Two projects to pick from, and twelve rows: two pages of ten.
    const { projectId } = await projectWithTasks(person, 'States one');
    await projectWithTasks(person, 'States two');
    const more = await person.db.from('tasks').insert(Array.from({ length: 8 }, (_, i) => ({ project_id: projectId, title: `Row ${i}` })));
    if (more.error) throw more.error;
    const findings: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const path of ['/', '/account', '/search']) {
        await visit(page, path);
        await showScheme(page, colorScheme);
        findings.push(...(await weakChoices(page, `${path} [${colorScheme}]`)));
      }
      await page.getByTestId('account-menu').click();
      await page.getByRole('menu').waitFor(WAIT);
      await page.keyboard.press('Home');
      const [focused] = await paintedLooks(page, '[role="menuitem"]', { keepFocus: true });
      await page.keyboard.press('ArrowDown');
      const [unfocused] = await paintedLooks(page, '[role="menuitem"]', { keepFocus: true });
      if (!toldApart(focused!, unfocused!)) findings.push(`the account menu [${colorScheme}]: its focused item told apart by a faint colour alone: ${focused!.what}`);
      await page.keyboard.press('Escape');

      await page.goto(`${running.portal.url}/data/tasks`);
      await dataReady(page);
      await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
      await page.getByRole('button', { name: 'Page 2', exact: true }).waitFor(WAIT);
      await showScheme(page, colorScheme);
      findings.push(...(await weakChoices(page, `/data/tasks, page 1 of 2 [${colorScheme}]`)));
      await page.getByRole('button', { name: 'Add row', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a row to tasks' });
      await dialog.getByRole('combobox', { name: /project_id/ }).fill('States');
      await dialog.getByRole('option').nth(1).waitFor(WAIT);
      await page.keyboard.press('ArrowDown');
      await dialog.locator('[role="option"][aria-selected="true"]').waitFor(WAIT);
      findings.push(...(await weakChoices(page, `/data/tasks, a project being picked [${colorScheme}]`, { keepFocus: true })));
      await page.keyboard.press('Escape');
    }
    expect(findings).toEqual([]);
  });
});

describe('the page’s title', () => {
  it('names each page in its area, and a move inside the portal is said once the new page is drawn', async () => {
    const person = await signedIn('titles');
    const { page } = person;
    await projectWithTasks(person, `Titles ${person.id.slice(0, 8)}`);
    const announcer = page.getByTestId('page-announcer');
    const titled = (title: string) => page.waitForFunction((expected) => document.title === expected, title, WAIT);
    const said = (pattern: RegExp) => page.waitForFunction((source) => new RegExp(source).test(document.querySelector('[data-testid="page-announcer"]')?.textContent ?? ''), pattern.source, WAIT);

    await visit(page, '/');
    await titled('Home · Portal');
    await visit(page, '/status');
    await titled('Status · Portal');
    await visit(page, '/no-such-page');
    await titled(`${await page.locator('main h1').textContent()} · Portal`);
    await page.goto(`${running.portal.url}/data/tasks`);
    await dataReady(page);
    await titled('tasks · Data · Portal');
    // A page the browser loaded is said by the browser, not again by the portal.
    await expect(announcer.textContent()).resolves.toBe('');

    await page.locator('nav a[href="/files"]').first().click();
    await page.locator('[data-remote-slot="files"] [data-portal-remote]').first().waitFor(WAIT);
    await page.waitForFunction(() => document.title.endsWith(' · Portal') && document.title.includes('Files'), undefined, WAIT);
    await said(/Files · Portal$/);
    await expect(announcer.textContent()).resolves.toBe(await page.title());

    await page.locator('nav a[href="/data"]').first().click();
    await said(/^Data · Portal$/);
    await expect(page.title()).resolves.toBe('Data · Portal');
  });
});

describe('focus after the page changes', () => {
  it('the skip link moves focus into the page, and “Add documents” on an empty search puts it in the form', async () => {
    const { page } = await signedIn('focus');
    await visit(page, '/search');
    await page.getByText('No documents yet').waitFor(WAIT);
    const focused = () => page.evaluate(() => {
      const element = document.activeElement;
      return element ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.getAttribute('name') ? `[name=${element.getAttribute('name')}]` : ''}` : 'nothing';
    });

    await page.keyboard.press('Tab');
    await expect(focused()).resolves.toBe('a');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
    await page.keyboard.press('Enter');
    await expect(focused()).resolves.toBe('main#portal-main');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => Boolean(document.activeElement?.closest('main')))).resolves.toBe(true);

    await page.locator('main .pui-state').getByRole('button', { name: 'Add documents', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.locator('input[name="title"]').waitFor(WAIT);
    await expect(focused()).resolves.toMatch(/^input(#\S+)?\[name=title\]$/);
  });
});

const PHONE = { width: 390, height: 844 };

/**
 * Whether the page scrolls sideways at its width: '' when not, else the scroll width and the
 * innermost elements that reach past the window's right edge (what to fix).
 */
async function sidewaysFinding(page: TestPage, state: string): Promise<string[]> {
  const found = await page.evaluate(async () => {
    // After a resize the page answers its media queries (the header's drawer toggle) first.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const width = document.scrollingElement!.scrollWidth;
    if (width <= innerWidth) return null;
    // What reaches past the window's edge: a box, or the text in a box that fits (a word too long to break).
    const past = Array.from(document.querySelectorAll<HTMLElement>('body *')).filter(
      (element) => element.getBoundingClientRect().right > innerWidth + 0.5 || (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0 && getComputedStyle(element).overflowX === 'visible'),
    );
    const innermost = past.filter((element) => !past.some((other) => other !== element && element.contains(other)));
    return {
      width,
      culprits: innermost.slice(0, 4).map((element) => `${element.tagName.toLowerCase()}.${String(element.className).trim().split(/\s+/).join('.')} "${(element.innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 30)}"`),
    };
  });
  return found ? [`${state}: the page is ${found.width} px wide: ${found.culprits.join(', ')}`] : [];
}

/** The narrowest phone the portal is made for (issue #40: 360–414 px). */
const NARROW_PHONE = { width: 360, height: 780 };
/** WCAG's reflow width: a 1280 px window zoomed to 400% lays a page out in 320 px. */
const REFLOW_WIDTH = 320;

/**
 * What of the header is cut, squeezed, covered or out of the window: each of its controls and
 * badges must be whole and on top where it is drawn.
 */
async function headerFindings(page: TestPage, state: string): Promise<string[]> {
  const found = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.pui-app__header :is(button, a, .pui-badge)')]
      .filter((element) => element.checkVisibility())
      .flatMap((element) => {
        const rect = element.getBoundingClientRect();
        const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}"`;
        const onTop = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        // A box around it that clips what reaches past it (the header's middle part does).
        let clip: Element | null = element.parentElement;
        while (clip && !clip.matches('.pui-app__header') && getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement;
        const box = clip?.getBoundingClientRect();
        const problems = [
          rect.left < 0 || rect.right > innerWidth ? `reaches past the window (${Math.round(rect.left)}–${Math.round(rect.right)} of ${innerWidth} px)` : null,
          element.scrollWidth > element.clientWidth + 1 ? `is cut (${element.clientWidth} of ${element.scrollWidth} px)` : null,
          box && (rect.left < box.left - 0.5 || rect.right > box.right + 0.5) ? `is cut by its box (${Math.round(Math.min(rect.right, box.right) - Math.max(rect.left, box.left))} of ${Math.round(rect.width)} px shown)` : null,
          onTop === null || !(element.contains(onTop) || onTop.contains(element)) ? 'is covered' : null,
        ];
        return problems.filter(Boolean).map((problem) => `${name} ${problem}`);
      }),
  );
  return found.map((finding) => `${state}: the header's ${finding}`);
}

/**
 * The boxes in the main area whose content scrolls sideways (a table wider than a phone did), but
 * a tab list: its tabs scroll in it by design.
 */
function boxesScrollingSideways(page: TestPage): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) && !element.matches('[role="tablist"]'))
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  );
}

/** The selected tab of the page's tab list: whether the list scrolls, and whether the tab is whole in its box. */
function selectedTabInView(page: TestPage): Promise<{ tab: string; listScrolls: boolean; whole: boolean }> {
  return page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('main [role="tablist"]')!;
    const tab = list.querySelector<HTMLElement>('[aria-selected="true"]')!;
    const box = list.getBoundingClientRect();
    const rect = tab.getBoundingClientRect();
    return { tab: tab.textContent ?? '', listScrolls: list.scrollWidth > list.clientWidth, whole: rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5 };
  });
}

describe('at phone width (390 × 844)', () => {
  it('signed in: no page scrolls sideways, and the header shows its environment badge, not under “Live”', async () => {
    // An address, a project's name and a file's name without a space or a hyphen to break at:
    // every page that shows them must wrap them.
    const person = await signedIn('phonepersonwitharatherlongaddress', PHONE);
    const { page } = person;
    const { projectId } = await projectWithTasks(person, `Aprojectwitharatherlongnamewithoutabreak${person.id.slice(0, 8)}`);
    const { error } = await person.db.storage.from('files').upload(`${person.id}/afilewitharatherlongnameforaphonewithoutabreak.txt`, new Blob(['Text.'], { type: 'text/plain' }));
    if (error) throw error;
    const findings: string[] = [];
    const paths = ['/', '/account', '/account/security', '/data', '/data/tasks', '/data/projects', '/files', `/files/files/${person.id}/`, '/search', '/search/add', '/search/documents'];
    paths.push('/functions', '/functions/hello', '/live', `/live/rooms/${projectId}`, '/live/people', '/live/activity', '/status');
    for (const path of paths) {
      await visit(page, path);
      if (path.startsWith('/data/')) await dataReady(page);
      if (path.startsWith('/files/files/')) await page.locator('[data-entry="afilewitharatherlongnameforaphonewithoutabreak.txt"]').first().waitFor(WAIT);
      if (path === '/account') await page.getByTestId('profile').waitFor(WAIT);
      if (path === '/account/security') await page.getByTestId('identity-list').waitFor(WAIT);
      if (path === '/data') await page.locator('[data-row-count]').first().waitFor(WAIT);
      findings.push(...(await sidewaysFinding(page, path)));
      // Nor does a box inside it, but a table's grid of rows, which keeps its key column in view.
      if (!/^\/data\/./.test(path)) findings.push(...(await boxesScrollingSideways(page)).map((box) => `${path}: ${box} scrolls sideways`));
    }
    const badge = await page.evaluate(() => {
      const shown = document.querySelector<HTMLElement>('.pui-app__header-content .pui-badge');
      if (!shown) return 'no environment badge';
      const rect = shown.getBoundingClientRect();
      const box = shown.parentElement!.getBoundingClientRect();
      const onTop = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      const whole = rect.width >= shown.scrollWidth && rect.left >= box.left && rect.right <= box.right;
      return whole && onTop !== null && shown.contains(onTop) ? 'shown' : `cut or covered: ${Math.round(rect.width)} of ${shown.scrollWidth} px in a ${Math.round(box.width)} px box`;
    });
    expect({ findings, badge }).toEqual({ findings: [], badge: 'shown' });
  });

  it('live: an open room comes first, its composer on screen, and the rooms follow it', async () => {
    const person = await signedIn('phone-live', PHONE);
    const { page } = person;
    const { projectId } = await projectWithTasks(person, `Phone live ${person.id.slice(0, 8)}`);
    await visit(page, `/live/rooms/${projectId}`);
    await page.locator(`[data-testid="room"][data-room="${projectId}"][data-status="live"]`).waitFor(WAIT);
    for (const text of ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight']) {
      await page.getByRole('textbox', { name: 'Message' }).fill(`Message ${text}: a line long enough to wrap on a phone's narrow screen.`);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.locator('[data-testid="message"]', { hasText: `Message ${text}` }).locator('[data-testid="delivery"]', { hasText: 'Delivered' }).waitFor(WAIT);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    const layout = await page.evaluate((id) => {
      const composer = document.querySelector<HTMLElement>('[data-testid="room"] textarea, [data-testid="room"] [role="textbox"]')!.getBoundingClientRect();
      const room = document.querySelector('[data-testid="room"]')!;
      const roomLink = document.querySelector<HTMLElement>(`[data-room-link="${id}"]`)!;
      return {
        composerOnScreen: composer.top >= 0 && composer.bottom <= innerHeight,
        roomBeforeRooms: Boolean(room.compareDocumentPosition(roomLink) & Node.DOCUMENT_POSITION_FOLLOWING),
        roomsShown: roomLink.checkVisibility(),
      };
    }, projectId);
    expect(layout).toEqual({ composerOnScreen: true, roomBeforeRooms: true, roomsShown: true });
    await page.locator(`[data-room-link="${projectId}"]`).click();
    await expect(page.evaluate(() => location.pathname)).resolves.toBe(`/live/rooms/${projectId}`);
  });

  it('at 360 px and at 320 px, signed out and in: the header fits whole, and the theme is chosen in the navigation’s drawer', async () => {
    // A visitor first: the header held the mark, the environment badge, "Not connected", the
    // theme's three buttons and "Sign in", 382 px wide. 320 px is WCAG's reflow width (a 1280 px
    // window zoomed to 400%).
    const visitor = await tab.open();
    // A long address without a hyphen to break at, in the home page's title.
    const { page } = await signedIn('narrowphonewitharatherlongaddress');
    const findings: string[] = [];
    for (const width of [NARROW_PHONE.width, REFLOW_WIDTH]) {
      await visitor.setViewportSize({ ...NARROW_PHONE, width });
      for (const path of ['/', '/account/sign-in', '/data']) {
        await visit(visitor, path);
        findings.push(...(await sidewaysFinding(visitor, `${path} signed out at ${width} px`)), ...(await headerFindings(visitor, `${path} signed out at ${width} px`)));
      }
      await page.setViewportSize({ ...NARROW_PHONE, width });
      for (const path of ['/', '/account', '/live', '/live/people']) {
        await visit(page, path);
        if (path === '/live') await page.locator('[data-testid="connection-state"][data-status="connected"]').waitFor(WAIT);
        if (path === '/live/people') await page.getByTestId('person').first().waitFor(WAIT);
        findings.push(...(await sidewaysFinding(page, `${path} at ${width} px`)), ...(await headerFindings(page, `${path} at ${width} px`)));
        if (path === '/live') {
          // The connection's longest word in a phone's header, "Reconnecting…", for as long as a
          // reconnection lasts (on '/' after a sign-in, "Connecting…" cut the badge at 320 px in CI).
          await page.locator('.portal-connection__label').evaluate((word) => (word.textContent = 'Reconnecting…'));
          findings.push(...(await headerFindings(page, `${path} at ${width} px, reconnecting`)));
        }
      }
    }
    await page.setViewportSize(NARROW_PHONE);
    expect(findings).toEqual([]);
    // No theme buttons in the header; they are in the drawer, and they work there.
    await expect(page.locator('.pui-app__header').getByRole('radiogroup', { name: 'Theme' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Navigation' }).click();
    const drawer = page.locator('.pui-app__sidebar');
    await drawer.getByRole('radio', { name: 'Dark theme' }).click();
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    await expect(drawer.getByRole('radio', { name: 'Dark theme' }).getAttribute('aria-checked')).resolves.toBe('true');
    await drawer.getByRole('radio', { name: 'System theme' }).click();
    expect(await axeFindings(page, '/live at 360 px, the drawer open')).toEqual([]);
  });

  it('status: each remote and each shared library is a card read without scrolling sideways, and a desktop gets the tables back', async () => {
    const { page } = await signedIn('phone-status', PHONE);
    // A remote opened first, so the shared libraries' list has rows too.
    await visit(page, '/functions');
    await page.locator('[data-remote-slot="functions"] [data-portal-remote]').first().waitFor(WAIT);
    // From the navigation in the header's drawer: a page load would start without the remote.
    await page.locator('.pui-app__nav-toggle').click();
    await page.locator('nav a[href="/status"]').first().click();
    await page.getByRole('list', { name: 'Remotes' }).waitFor(WAIT);
    // The sections below the remotes come a frame after them.
    await page.getByRole('list', { name: 'Shared libraries — one copy of each' }).waitFor(WAIT);
    await settled(page);
    const phone = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const remotes = [...document.querySelectorAll<HTMLElement>('[data-testid^="state-"]')];
      return {
        remoteCards: [...main.querySelectorAll('ul[aria-labelledby] > li')].filter((card) => card.querySelector('[data-testid^="state-"]')).length,
        states: remotes.length,
        statesInView: remotes.every((badge) => badge.getBoundingClientRect().right <= innerWidth),
        tables: main.querySelectorAll('table').length,
        sharedLibraries: document.querySelector('ul[aria-labelledby]:has(li code)') !== null,
      };
    });
    expect(phone).toEqual({ remoteCards: phone.states, states: expect.any(Number), statesInView: true, tables: 0, sharedLibraries: true });
    await expect(boxesScrollingSideways(page)).resolves.toEqual([]);
    expect(phone.states).toBeGreaterThanOrEqual(REMOTES.length);
    expect([...(await sidewaysFinding(page, '/status')), ...(await axeFindings(page, '/status at 390 px'))]).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('table', { name: 'Remotes' }).waitFor(WAIT);
    await expect(page.getByRole('list', { name: 'Remotes' }).count()).resolves.toBe(0);
  });

  it('search: each document is a card with its actions in view, they work there, and a desktop gets the table back', async () => {
    const { page } = await signedIn('phone-search', PHONE);
    for (const title of ['Refund policy', 'Shipping times for parcels sent abroad']) {
      await visit(page, '/search/add');
      await page.locator('input[name="title"]').fill(title);
      await page.locator('textarea[name="text"]').fill(`# ${title}\n\nRefunds are paid back to the card you used within five working days.`);
      await page.getByRole('button', { name: 'Add text' }).click();
      await page.locator(`li[data-title="${title}"][data-stage="ready"]`).waitFor(WAIT);
    }
    await visit(page, '/search/documents');
    const list = page.getByRole('list', { name: 'Your documents' });
    await list.getByRole('link', { name: 'Refund policy' }).waitFor(WAIT);
    await settled(page);
    const phone = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const actions = [...main.querySelectorAll<HTMLElement>('ul[aria-labelledby] button')];
      return {
        tables: main.querySelectorAll('table').length,
        actions: actions.map((button) => button.getAttribute('aria-label')).sort(),
        actionsInView: actions.every((button) => button.getBoundingClientRect().right <= innerWidth),
      };
    });
    expect(phone).toEqual({
      tables: 0,
      actions: ['Delete Refund policy', 'Delete Shipping times for parcels sent abroad', 'Re-index Refund policy', 'Re-index Shipping times for parcels sent abroad'],
      actionsInView: true,
    });
    // The table's box did: its actions were past its edge.
    await expect(boxesScrollingSideways(page)).resolves.toEqual([]);
    expect([...(await sidewaysFinding(page, '/search/documents')), ...(await axeFindings(page, '/search/documents at 390 px'))]).toEqual([]);
    // The three tabs are wider than the phone: the list scrolls, and the selected tab, the last
    // one here (opened by its URL), is scrolled into view whole, not cut at the edge; picking the
    // first brings that one back.
    await expect(selectedTabInView(page)).resolves.toEqual({ tab: 'Your documents (2)', listScrolls: true, whole: true });
    await page.getByRole('tab', { name: 'Search', exact: true }).click();
    await page.locator('main [role="tab"][aria-selected="true"]', { hasText: /^Search$/ }).waitFor(WAIT);
    await settled(page);
    await expect(selectedTabInView(page)).resolves.toEqual({ tab: 'Search', listScrolls: true, whole: true });
    await visit(page, '/search/documents');
    await list.getByRole('link', { name: 'Refund policy' }).waitFor(WAIT);
    // A card's action works as the row's did.
    await list.getByRole('button', { name: 'Delete Refund policy' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('tab', { name: 'Your documents (1)' }).waitFor(WAIT);
    await list.getByRole('link', { name: 'Shipping times for parcels sent abroad' }).waitFor(WAIT);
    await expect(list.getByRole('listitem').count()).resolves.toBe(1);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('table', { name: 'Your documents' }).getByRole('link', { name: 'Shipping times for parcels sent abroad' }).waitFor(WAIT);
  });

  it('data at 360 px: each table is a card with its rows and what one may do in view, counting works there, and a desktop gets the table back', async () => {
    const { page } = await signedIn('phone-data', NARROW_PHONE);
    await visit(page, '/data');
    const list = page.getByRole('list', { name: 'Tables and views' });
    await list.getByRole('link', { name: 'tasks', exact: true }).waitFor(WAIT);
    await settled(page);
    const phone = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const counts = [...main.querySelectorAll<HTMLElement>('[data-row-count]')];
      return {
        tables: main.querySelectorAll('table').length,
        cards: main.querySelectorAll('ul[aria-labelledby] > li').length,
        counts: counts.length,
        countsInView: counts.every((count) => count.getBoundingClientRect().right <= innerWidth),
      };
    });
    expect(phone).toEqual({ tables: 0, cards: phone.counts, counts: expect.any(Number), countsInView: true });
    expect(phone.counts).toBeGreaterThan(5);
    await expect(boxesScrollingSideways(page)).resolves.toEqual([]);
    expect([...(await sidewaysFinding(page, '/data at 360 px')), ...(await axeFindings(page, '/data at 360 px'))]).toEqual([]);
    // The count a card shows is the one the table showed: the rows this person may see.
    await page.getByRole('button', { name: 'Count rows' }).click();
    await page.locator('[data-row-count="projects"]', { hasText: /^0$/ }).waitFor(WAIT);
    await list.getByRole('link', { name: 'tasks', exact: true }).click();
    await dataReady(page);

    await visit(page, '/data');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('table', { name: 'Tables and views' }).getByRole('link', { name: 'tasks', exact: true }).waitFor(WAIT);
  });

  it('a phone held sideways (844 × 390): the tables beside the navigation fit their box, and a row’s menu with no room below or above its button stays in the window, every item reached', async () => {
    const person = await signedIn('sideways', { width: 844, height: 390 });
    const { page } = person;
    // Rows below it, so that the page scrolls its button to the window's middle.
    const names = ['a-sideways.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt', 'f.txt'];
    const name = names[0]!;
    for (const file of names) {
      const { error } = await person.db.storage.from('files').upload(`${person.id}/${file}`, new Blob(['Text.'], { type: 'text/plain' }), { contentType: 'text/plain' });
      if (error) throw error;
    }
    // The navigation stays beside the page at this width, so a table has about 540 px: as wide as
    // the window, the status page's and the folder's tables scrolled sideways in their boxes (682
    // and 722 px); measured on their own box, they are cards, and the folder's list without its type
    // and date columns, said under each name.
    await visit(page, '/status');
    await page.getByRole('list', { name: 'Remotes' }).waitFor(WAIT);
    await expect(boxesScrollingSideways(page)).resolves.toEqual([]);
    await visit(page, `/files/files/${person.id}/`);
    const more = page.getByRole('button', { name: `More actions for ${name}` });
    await more.waitFor(WAIT);
    await expect(page.locator('main thead th').evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ''))).resolves.toEqual(['', 'Name', 'Size', 'Actions']);
    await expect(page.locator(`tr[data-entry="${name}"] .files-entry__facts`).evaluate((facts) => facts.checkVisibility() && facts.textContent)).resolves.toMatch(/^text\/plain · \S/);
    await expect(boxesScrollingSideways(page)).resolves.toEqual([]);
    // The button in the window's middle: the menu's eight items (about 250 px) fit neither below
    // nor above it.
    await more.evaluate((button) => button.scrollIntoView({ block: 'center' }));
    await more.click();
    const menu = page.getByRole('menu');
    await menu.waitFor(WAIT);
    const placed = await menu.evaluate((list) => {
      const box = list.getBoundingClientRect();
      return { inWindow: box.top >= 0 && box.bottom <= innerHeight, scrollsItsItems: list.scrollHeight > list.clientHeight };
    });
    expect(placed).toEqual({ inWindow: true, scrollsItsItems: true });
    // The last item, past the list's own edge, is scrolled to and chosen.
    await menu.getByRole('menuitem', { name: 'Move to trash' }).click();
    await page.getByRole('alertdialog', { name: `Delete “${name}”?` }).getByRole('button', { name: 'Move to trash' }).click();
    await page.locator(`tr[data-entry="${name}"]`).waitFor({ ...WAIT, state: 'detached' });
  });

  it('files at 360 px: a folder lists each name, its size and its actions in view, with the type and date under the name, the trash is a card per item; a desktop gets the columns back', async () => {
    const person = await signedIn('phone-files', NARROW_PHONE);
    const { page } = person;
    const name = 'quarterly-report-for-the-board-final-version.txt';
    const { error } = await person.db.storage.from('files').upload(`${person.id}/${name}`, new Blob(['Text.'], { type: 'text/plain' }), { contentType: 'text/plain' });
    if (error) throw error;
    await visit(page, `/files/files/${person.id}/`);
    const row = page.locator(`tr[data-entry="${name}"]`);
    await row.waitFor(WAIT);
    await settled(page);
    const headers = () => page.locator('main thead th').evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ''));
    await expect(headers()).resolves.toEqual(['', 'Name', 'Size', 'Actions']);
    const phone = await row.evaluate((tr) => {
      const actions = tr.querySelector<HTMLElement>('td:last-child button')!.getBoundingClientRect();
      const facts = tr.querySelector<HTMLElement>('.files-entry__facts')!;
      return { actionsInView: actions.left >= 0 && actions.right <= innerWidth, facts: facts.checkVisibility() ? facts.textContent : null };
    });
    expect(phone).toEqual({ actionsInView: true, facts: expect.stringMatching(/^text\/plain · \S/) });
    await expect(boxesScrollingSideways(page)).resolves.toEqual([]);
    expect([...(await sidewaysFinding(page, 'a folder at 360 px')), ...(await axeFindings(page, 'a folder at 360 px'))]).toEqual([]);

    // The trash: a card per item (as a table it was 576 px wide), its buttons in view and working.
    await row.getByRole('checkbox').check();
    await page.getByRole('toolbar', { name: 'Selected files' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Move to trash' }).click();
    await row.waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('link', { name: 'Trash', exact: true }).click();
    const trash = page.getByRole('list', { name: 'Trash of My files' });
    await trash.locator(`[data-trash-item="${name}"]`).waitFor(WAIT);
    await settled(page);
    const buttons = await trash.getByRole('button').evaluateAll((all) => all.map((button) => ({ name: button.getAttribute('aria-label'), inView: button.getBoundingClientRect().right <= innerWidth })));
    expect(buttons).toEqual([
      { name: `Restore ${name}`, inView: true },
      { name: `Delete for good: ${name}`, inView: true },
    ]);
    await expect(boxesScrollingSideways(page)).resolves.toEqual([]);
    expect([...(await sidewaysFinding(page, 'the trash at 360 px')), ...(await axeFindings(page, 'the trash at 360 px'))]).toEqual([]);
    await trash.getByRole('button', { name: `Restore ${name}` }).click();
    await page.getByText('The trash is empty').waitFor(WAIT);
    await visit(page, `/files/files/${person.id}/`);
    await row.waitFor(WAIT);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('main thead th', { hasText: 'Modified' }).waitFor(WAIT);
    await expect(headers()).resolves.toEqual(['', 'Name', 'Size', 'Type', 'Modified', 'Actions']);
    await expect(row.locator('.files-entry__facts').isVisible()).resolves.toBe(false);
  });

  it('data: the key column stays in view while a cell far to the right is edited', async () => {
    const person = await signedIn('phone-data', PHONE);
    const { page } = person;
    const { projectId, taskIds } = await projectWithTasks(person, `Phone data ${person.id.slice(0, 8)}`);
    await visit(page, `/data/tasks?f=project_id.eq.${projectId}`);
    await dataReady(page);
    const row = page.locator(`tr[data-row-key="[${taskIds[0]}]"]`);
    const last = row.locator('[data-column]').last();
    const column = await last.getAttribute('data-column');
    await last.getByRole('button').click();
    await page.getByRole('group', { name: `Edit ${column} of row ${taskIds[0]}`, exact: true }).waitFor(WAIT);
    const key = await row.locator('[data-column="id"]').evaluate((cell) => {
      const container = cell.closest<HTMLElement>('.pui-table-container')!;
      const rect = cell.closest('td')!.getBoundingClientRect();
      const box = container.getBoundingClientRect();
      const onTop = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return { scrolled: container.scrollLeft > 0, inView: rect.left >= box.left - 1 && rect.right <= box.right + 1, uncovered: onTop !== null && cell.closest('td')!.contains(onTop) };
    });
    expect(key).toEqual({ scrolled: true, inView: true, uncovered: true });
  });
});
