// Forced colours (a Windows contrast theme; issue #40's "usable by everyone"), in Chromium against
// the real built portal. The browser then paints every colour in the person's system colours and
// drops shadows and most backgrounds, so a state drawn by a tint or a shadow alone is lost. Here
// each one is still seen: on the portal's pages, focus, the current page, the chosen theme, tabs, a
// menu's item, selected rows and tiles, progress and the toggles; the design system's states no page
// of the portal shows by itself (presence, a disabled and a busy button, a spinner, a skeleton, a
// table's sticky column and its current page), rendered in a portal page from its own shared
// `@portal/ui`; and the remotes' own: files' drop target while something is dragged over it, the
// data picker's option and the mention list's under the arrows, and a message that mentions me.
// One portal and one browser for the file; each test its own person and its own page.
import type { TestPage } from './browser.js';
import { dataReady, projectWithTasks } from './support/data-pages.js';
import { holdRequests } from './support/hold-requests.js';
import { keyboardFindings } from './support/keyboard-walk.js';
import { newPerson, signedInClient } from './support/people.js';
import { portalPerFile, type SignedInPerson } from './support/portal-per-file.js';
import { settled } from './support/settled.js';
import { chosenLookalikes, contrast, paintedLooks } from './support/state-looks.js';

jest.setTimeout(240_000);

const REMOTES = ['data', 'files', 'search', 'functions', 'live'] as const;
const WAIT = { timeout: 30_000 };

const running = portalPerFile(REMOTES);

/** A new person of this test, signed in, with their own page in forced colours. */
async function signedIn(label: string): Promise<SignedInPerson> {
  const person = await running.signedIn(`forced-${label}`);
  await person.page.emulateMedia({ forcedColors: 'active' });
  return person;
}

/** Opens a portal path and waits until it has settled. */
async function visit(page: TestPage, path: string): Promise<void> {
  await page.goto(`${running.portal.url}${path}`);
  await settled(page);
}

/** Whether a checkbox or a switch looks different on and off (its pixels, with no focus ring, hover or transition), in forced colours. */
async function toggleLooksDifferent(control: ReturnType<TestPage['locator']>): Promise<boolean> {
  const shot = async () => {
    await control.page().mouse.move(0, 0);
    await control.evaluate((element) => (element as HTMLElement).blur());
    return control.screenshot({ animations: 'disabled' });
  };
  const before = await shot();
  await control.click();
  const after = await shot();
  await control.click();
  return !before.equals(after);
}

describe('the portal’s pages', () => {
  it('focus, the current page, the chosen theme, tabs, a menu’s item, selected rows and tiles, progress and the toggles are all seen', async () => {
    const person = await signedIn('pages');
    const { page } = person;
    const { taskIds } = await projectWithTasks(person, `Contrast ${person.id.slice(0, 8)}`);
    const findings: string[] = [];

    await visit(page, '/');
    findings.push(...(await chosenLookalikes(page, '/')));
    await page.getByTestId('account-menu').click();
    const menu = page.getByRole('menu');
    await menu.waitFor(WAIT);
    // Each item, focused and then not: the focus moves on with the arrow.
    const items = async () => {
      await expect(page.evaluate(() => document.activeElement?.getAttribute('role'))).resolves.toBe('menuitem');
      return paintedLooks(page, '[role="menuitem"]', { keepFocus: true });
    };
    await page.keyboard.press('Home');
    const first = await items();
    await page.keyboard.press('ArrowDown');
    const second = await items();
    if (first[0]!.look === second[0]!.look) findings.push(`/ account menu: ${first[0]!.what} looks the same focused and not`);
    if (first[0]!.backplate) findings.push(`/ account menu: ${first[0]!.what}, focused, has its text on the browser's backplate over its own background`);
    await page.keyboard.press('Escape');

    await visit(page, '/account');
    findings.push(...(await chosenLookalikes(page, '/account')));
    findings.push(...(await keyboardFindings(page, '/account in forced colours')));

    // While the rows are on their way, the table's progress bar is drawn over its track.
    const held = await holdRequests(page, (url) => url.pathname === '/rest/v1/tasks', { once: true });
    await page.goto(`${running.portal.url}/data/tasks`);
    await held.asked;
    const bar = page.locator('.pui-progress__bar').first();
    await bar.waitFor(WAIT);
    const [barColour, ...behind] = await bar.evaluate((element) => [element, element.parentElement!, document.body].map((part) => getComputedStyle(part).backgroundColor));
    if (behind.includes(barColour!)) findings.push(`/data/tasks loading: the progress bar is painted ${barColour}, as its track or the page (${behind.join(', ')})`);
    held.release();
    await dataReady(page);
    findings.push(...(await keyboardFindings(page, '/data/tasks in forced colours')));
    const select = page.getByRole('checkbox', { name: `Select row ${taskIds[0]}` });
    if (!(await toggleLooksDifferent(select))) findings.push('/data/tasks: a row’s checkbox looks the same checked and not');
    await select.check();
    findings.push(...(await chosenLookalikes(page, '/data/tasks with a row selected')));

    await visit(page, '/search');
    findings.push(...(await chosenLookalikes(page, '/search')));

    for (const name of ['plan.txt', 'notes.txt']) {
      const { error } = await person.db.storage.from('files').upload(`${person.id}/${name}`, new Blob(['A line.'], { type: 'text/plain' }));
      if (error) throw error;
    }
    await page.goto(`${running.portal.url}/files/files/${person.id}/?view=grid`);
    await page.getByRole('checkbox', { name: 'Select plan.txt', exact: true }).check();
    await page.locator('li[data-entry="plan.txt"][data-selected="true"]').waitFor(WAIT);
    findings.push(...(await chosenLookalikes(page, 'a folder as a grid, a file selected')));

    await visit(page, '/functions/hello');
    const asPerson = page.getByRole('switch', { name: 'Call as the signed-in person' });
    await asPerson.waitFor(WAIT);
    if (!(await toggleLooksDifferent(asPerson))) findings.push('/functions/hello: the switch looks the same on and off');
    expect(findings).toEqual([]);
  });
});


/**
 * Renders, at the end of the page, parts of the design system in states no page of the portal
 * shows by itself: a person online, away and offline; a button enabled, disabled and busy; a
 * checkbox off, on and partly on (a select-all box); a spinner; a skeleton; a table with a sticky
 * first column; and a pagination on page 2 of 3. They come from the page's own shared modules
 * (the federation runtime's share scope, filled when the first remote loaded), so they are the
 * very parts and stylesheet a remote renders with.
 */
async function renderDesignSystemSheet(page: TestPage): Promise<void> {
  await page.evaluate(async () => {
    type Entry = { lib?: () => unknown; get?: () => Promise<() => unknown> };
    type Instance = { name: string; shareScopeMap: { default: Record<string, Record<string, Entry>> } };
    const { __INSTANCES__ } = (globalThis as unknown as { __FEDERATION__: { __INSTANCES__: Instance[] } }).__FEDERATION__;
    const scope = __INSTANCES__.find((instance) => instance.name === 'portal_shell')!.shareScopeMap.default;
    const shared = async <T,>(request: string): Promise<T> => {
      const entry = Object.values(scope[request] ?? {})[0];
      if (!entry) throw new Error(`${request} is not in the page's share scope`);
      return (entry.lib ? entry.lib() : (await entry.get!())()) as T;
    };
    const React = await shared<typeof import('react')>('react');
    const { createRoot } = await shared<typeof import('react-dom/client')>('react-dom/client');
    const { Avatar, Button, Skeleton, Spinner } = await shared<typeof import('@portal/ui/core')>('@portal/ui/core');
    const { Pagination, Table } = await shared<typeof import('@portal/ui/tables')>('@portal/ui/tables');
    const { Checkbox } = await shared<typeof import('@portal/ui/form-controls')>('@portal/ui/form-controls');
    const h = React.createElement;
    const rows = [
      { id: '1', name: 'Ada', note: 'First' },
      { id: '2', name: 'Grace', note: 'Second' },
    ];
    const holder = document.createElement('div');
    holder.id = 'design-system-sheet';
    document.body.append(holder);
    createRoot(holder).render(
      h(
        'div',
        { style: { padding: '1rem' } },
        ...(['online', 'away', 'offline'] as const).map((status) => h(Avatar, { key: status, name: 'Sam Sheet', status })),
        h(Button, { id: 'sheet-enabled' }, 'Save'),
        h(Button, { id: 'sheet-disabled', disabled: true }, 'Save'),
        h(Button, { id: 'sheet-busy', loading: true }, 'Save'),
        ...(['off', 'on', 'some'] as const).map((state) =>
          h(Checkbox, { key: state, id: `sheet-box-${state}`, 'aria-label': `All (${state})`, checked: state === 'on', indeterminate: state === 'some', readOnly: true }),
        ),
        h(Spinner, { label: 'Loading' }),
        h(Skeleton, { width: '6rem', height: '1rem' }),
        h(Table<(typeof rows)[number]>, {
          columns: [
            { key: 'name', header: 'Name', sticky: true, cell: (row) => row.name },
            { key: 'note', header: 'Note', cell: (row) => row.note },
          ],
          rows,
          rowKey: (row) => row.id,
          caption: 'People on the sheet',
        }),
        h(Pagination, { page: 2, pageSize: 10, total: 30, onPageChange: () => undefined }),
      ),
    );
  });
  await page.locator('#design-system-sheet .pui-pagination__page[aria-current="page"]').waitFor(WAIT);
  await page.locator('#design-system-sheet .pui-table [data-sticky="start"]').first().waitFor(WAIT);
}

describe('the design system’s states', () => {
  it('presence, a disabled and a busy button, a partly checked box, a spinner, a skeleton, a sticky column’s edge and the current page are all seen', async () => {
    const { page } = await signedIn('sheet');
    await visit(page, '/functions');
    await page.locator('.fn-list').waitFor(WAIT);
    await renderDesignSystemSheet(page);
    const painted = await page.evaluate(() => {
      const sheet = document.getElementById('design-system-sheet')!;
      const style = (selector: string) => getComputedStyle(sheet.querySelector(selector)!);
      const edge = (s: CSSStyleDeclaration, side: 'Top' | 'Right') => (s[`border${side}Style`] === 'none' || parseFloat(s[`border${side}Width`]) === 0 ? 'none' : s[`border${side}Color`]);
      const dot = (status: string) => {
        const s = style(`.pui-avatar__status[data-status="${status}"]`);
        return `fill ${s.backgroundColor}, ring ${edge(s, 'Top')}`;
      };
      const spinner = style('.pui-spinner');
      const sticky = Array.from(sheet.querySelectorAll('.pui-table [data-sticky="start"]')).map((cell) => edge(getComputedStyle(cell), 'Right'));
      return {
        canvas: getComputedStyle(document.body).backgroundColor,
        presence: { online: dot('online'), away: dot('away'), offline: dot('offline') },
        buttons: Object.fromEntries(['enabled', 'disabled', 'busy'].map((state) => [state, style(`#sheet-${state}`).color])),
        spinner: { arc: edge(spinner, 'Top'), gap: edge(spinner, 'Right') },
        skeleton: style('.pui-skeleton').backgroundColor,
        sticky,
      };
    });
    const findings: string[] = [];
    const { online, away, offline } = painted.presence;
    if (new Set([online, away, offline]).size < 3) findings.push(`presence looks the same in two states: online ${online}; away ${away}; offline ${offline}`);
    for (const state of ['disabled', 'busy'] as const) {
      if (painted.buttons[state] === painted.buttons.enabled) findings.push(`a ${state} button's text is painted as an enabled one's: ${painted.buttons.enabled}`);
    }
    // The spinner turns as an arc with a gap: with the two the same colour it is a still ring.
    if (painted.spinner.arc === painted.spinner.gap || painted.spinner.arc === painted.canvas) findings.push(`the spinner has no gap to be seen turning: arc ${painted.spinner.arc}, gap ${painted.spinner.gap}, page ${painted.canvas}`);
    if (painted.skeleton === painted.canvas) findings.push(`a skeleton is painted in the page's own colour, ${painted.canvas}`);
    for (const edge of painted.sticky) if (edge === 'none' || edge === painted.canvas) findings.push(`the sticky column has no edge between it and the cells that scroll under it (${edge})`);
    // A select-all box: off, on, and on for some rows, three pictures.
    const boxes = await Promise.all(['off', 'on', 'some'].map((state) => page.locator(`#sheet-box-${state}`).screenshot({ animations: 'disabled' })));
    if (boxes[0]!.equals(boxes[1]!) || boxes[1]!.equals(boxes[2]!) || boxes[0]!.equals(boxes[2]!)) findings.push('a checkbox looks the same in two of off, on and partly on');
    findings.push(...(await chosenLookalikes(page, 'the design system’s sheet')));
    expect(findings).toEqual([]);
  });
});

describe('the remotes’ own states', () => {
  it('files’ drop target while something is dragged over it, the data picker’s option and the mention list’s under the arrows, and a message that mentions me are all seen', async () => {
    const person = await signedIn('remotes');
    const { page } = person;
    const { projectId } = await projectWithTasks(person, `Forced ${person.id.slice(0, 8)}`);
    await projectWithTasks(person, `Forced too ${person.id.slice(0, 8)}`);
    const findings: string[] = [];

    // A file dragged from outside over a folder: the folder is outlined as where it will land.
    await visit(page, `/files/files/${person.id}/`);
    const target = page.locator('.files-drop-target');
    await target.waitFor(WAIT);
    // The outline as a person sees it: nothing where it is not drawn, else its colour over the page's.
    const outline = () =>
      target.evaluate((element) => {
        const rgba = (colour: string) => (/^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$/.exec(colour) ?? []).slice(1).map((part, i) => (part === undefined ? (i === 3 ? 1 : 0) : Number(part)));
        const style = getComputedStyle(element);
        const canvas = rgba(getComputedStyle(document.body).backgroundColor);
        const line = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? rgba(style.outlineColor) : [0, 0, 0, 0];
        return canvas.slice(0, 3).map((under, i) => Math.round(line[i]! * line[3]! + under * (1 - line[3]!)));
      });
    const still = await outline();
    const dragged = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['A line.'], 'dropped.txt', { type: 'text/plain' }));
      return transfer;
    });
    await target.dispatchEvent('dragover', { dataTransfer: dragged });
    await page.locator('.files-drop-target[data-dragging="true"]').waitFor(WAIT);
    const over = await outline();
    if (contrast(over, still) < 3) findings.push(`files: the drop target with a file dragged over it is outlined rgb(${over.join()}), without rgb(${still.join()}): ${contrast(over, still).toFixed(2)}:1`);
    await target.dispatchEvent('dragleave');

    // The data picker's option under the arrows, in the Add-row dialog's project field.
    await page.goto(`${running.portal.url}/data/tasks`);
    await dataReady(page);
    await page.getByRole('button', { name: 'Add row', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a row to tasks' });
    await dialog.getByRole('combobox', { name: /project_id/ }).fill('Forced');
    await dialog.getByRole('option').nth(1).waitFor(WAIT);
    await page.keyboard.press('ArrowDown');
    await dialog.locator('[role="option"][aria-selected="true"]').waitFor(WAIT);
    findings.push(...(await chosenLookalikes(page, '/data/tasks, a project being picked', { keepFocus: true })));
    await page.keyboard.press('Escape');

    // Mira and Milo join the project; in its room Mira mentions me, and I start to mention them back.
    const [mira] = await Promise.all(['Mira Forced', 'Milo Forced'].map(async (name) => {
      const member = await newPerson(running.portal.emulator, `forced-${name.split(' ')[0]!.toLowerCase()}`);
      const { error } = await running.portal.emulator.admin().auth.admin.updateUserById(member.id, { user_metadata: { display_name: name } });
      if (error) throw error;
      const added = await person.db.from('project_members').insert({ project_id: projectId, user_id: member.id, role: 'editor' });
      if (added.error) throw added.error;
      return member;
    }));
    const miraDb = await signedInClient(running.portal.emulator, mira!);
    for (const [body, mentions] of [['Good morning, all', []], ['A question for you, @me', [person.id]]] as const) {
      const said = await miraDb.from('messages').insert({ project_id: projectId, body, mentions: [...mentions] });
      if (said.error) throw said.error;
    }
    await visit(page, `/live/rooms/${projectId}`);
    await page.locator(`[data-testid="room"][data-room="${projectId}"][data-status="live"]`).waitFor(WAIT);
    await page.locator('.live-message--mentions-me').waitFor(WAIT);
    // Each message as painted; the one that mentions me has a background of its own, which forced colours drop.
    const messages = await paintedLooks(page, '.live-message');
    const mentioning = messages.find((message) => message.what.includes('live-message--mentions-me'))!;
    const plain = messages.filter((message) => message !== mentioning);
    if (plain.length === 0 || plain.some((message) => message.look === mentioning.look)) findings.push(`live: a message that mentions me looks like the others: ${mentioning.what}`);

    const box = page.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('Thanks @');
    await page.getByRole('option', { name: 'Milo Forced' }).waitFor(WAIT);
    await page.getByRole('option', { name: 'Mira Forced' }).waitFor(WAIT);
    findings.push(...(await chosenLookalikes(page, 'live: the mention list', { keepFocus: true })));
    expect(findings).toEqual([]);
  });
});
