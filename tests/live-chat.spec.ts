// The live remote as people chat (issue #39): two people in real Chromium, each test with its own
// people and project. Messages written while the server is stopped go out once it is back, in
// order and each once (a lost answer resent included), and survive a reload; the page says in
// words what happened and recovers by itself. Names are the profile's, everywhere, followed live.
// Own messages are edited and deleted for everyone, addresses open in a new tab, the room list
// counts unread messages per room, and an @mention notifies the person wherever they are.
import type { SupabaseClient } from '@supabase/supabase-js';
import { launchBrowser, problems, type Browser, type TestContext, type TestPage } from './browser.js';
import { startTestPortal, type TestPortal } from './portal-harness.js';
import { newPerson, signedInClient, signedInStorage, type Person } from './support/people.js';
import { paintedLooks, toldApart } from './support/state-looks.js';
import { waitUntil } from './support/waits.js';

jest.setTimeout(240_000);

let portal: TestPortal;
let browser: Browser;
const contexts: TestContext[] = [];

beforeAll(async () => {
  portal = await startTestPortal({ remotes: ['live'] });
  browser = await launchBrowser();
}, 300_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

type Someone = Person & { db: SupabaseClient; name: string };

/** A new person with a display name saved on their account, and a client signed in as them. */
async function someone(label: string, name: string | null): Promise<Someone> {
  const person = await newPerson(portal.emulator, label);
  if (name) {
    const { error } = await portal.emulator.admin().auth.admin.updateUserById(person.id, { user_metadata: { display_name: name } });
    if (error) throw error;
  }
  return { ...person, db: await signedInClient(portal.emulator, person), name: name ?? person.email.split('@')[0]! };
}

/** A project owned by `owner` with `members` in it (editors): its room is theirs. */
async function projectOf(owner: Someone, members: Someone[], name = `Room ${Math.random().toString(36).slice(2, 8)}`): Promise<{ id: number; name: string }> {
  const created = await owner.db.from('projects').insert({ name, owner_id: owner.id }).select('id').single();
  if (created.error) throw created.error;
  for (const member of members) {
    const added = await owner.db.from('project_members').insert({ project_id: created.data.id, user_id: member.id, role: 'editor' });
    if (added.error) throw added.error;
  }
  return { id: created.data.id as number, name };
}

/** A page of its own (a context per person), signed in as `person`, at `path`. */
async function pageOf(person: Someone, path: string): Promise<TestPage> {
  const context = await browser.newContext({ storageState: await signedInStorage(portal.url, portal.emulator, person.db) });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${portal.url}${path}`);
  return page;
}

const room = (page: TestPage, id: number, status = 'live') => page.locator(`[data-testid="room"][data-room="${id}"][data-status="${status}"]`);
const message = (page: TestPage, text: string) =>
  page.locator('[data-testid="message"]', { has: page.locator('[data-testid="message-text"]', { hasText: text }) });
const texts = (page: TestPage) => page.locator('[data-testid="message"] [data-testid="message-text"]').allTextContents();

async function say(page: TestPage, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
}

/** Moves inside the portal the way a click on a link does (no reload). */
async function go(page: TestPage, to: string): Promise<void> {
  await page.evaluate((target) => {
    const link = document.createElement('a');
    link.href = target;
    document.body.appendChild(link);
    link.click();
    link.remove();
  }, to);
  await page.waitForURL(`**${to}`);
}

describe('chat in the live remote', () => {
  it('keeps what is written while the server is stopped (a reload too), sends it in order once it is back, each message once though an answer was lost, and says so in words', async () => {
    const ann = await someone('ann', 'Ann Outbox');
    const ben = await someone('ben', 'Ben Outbox');
    const project = await projectOf(ann, [ben]);
    const path = `/live/rooms/${project.id}`;
    const [annPage, benPage] = await Promise.all([pageOf(ann, path), pageOf(ben, path)]);
    await Promise.all([room(annPage, project.id).waitFor(), room(benPage, project.id).waitFor()]);
    await say(annPage, 'Before the outage');
    await message(benPage, 'Before the outage').waitFor();

    // The first send after the restart reaches the server, and its answer is lost on the way back.
    let answersLost = 0;
    await annPage.route(
      (url) => url.pathname.endsWith('/rest/v1/messages') && url.searchParams.has('on_conflict'),
      async (route) => {
        if (answersLost > 0 || route.request().method() !== 'POST') return route.continue();
        // While the server is stopped there is nothing to reach: the page's own attempt fails as it would.
        const reached = await route.fetch().then(
          () => true,
          () => false,
        );
        if (reached) answersLost += 1;
        await route.abort(reached ? 'connectionreset' : 'connectionrefused');
      },
    );

    const written = ['Offline one', 'Offline two', 'Offline three'];
    await portal.emulator.restart({
      whileStopped: async () => {
        await room(annPage, project.id, 'reconnecting').waitFor();
        await annPage.getByText('Messages you write meanwhile are kept in this browser').waitFor();
        await say(annPage, written[0]!);
        await say(annPage, written[1]!);
        await message(annPage, written[1]!).and(annPage.locator('[data-delivery="waiting"]')).waitFor();
        // The first is tried again by itself meanwhile ("Sending…" for the moment of each try): it
        // says "Not sent yet" between tries.
        await message(annPage, written[0]!).getByText('Not sent yet', { exact: true }).waitFor();

        // A reload while the server is still away: what waits is kept, and the page says what happened in words.
        await annPage.reload();
        const rooms = annPage.getByText('Your rooms could not be read');
        await rooms.waitFor();
        const shown = await annPage.locator('[data-remote-slot="live"]').innerText();
        expect(shown).toContain('The server could not be reached');
        expect(shown).toContain('read again by themselves once the connection is back');
        expect(shown).not.toMatch(/TypeError|Failed to fetch|\{"|at .*\.js/);
        const kept = await annPage.evaluate((id) => JSON.parse(localStorage.getItem(`portal-live:outbox:${id}`) ?? '[]') as { body: string }[], ann.id);
        expect(kept.map((entry) => entry.body)).toEqual(written.slice(0, 2));
        // Ben writes nothing meanwhile; his page shows it is reconnecting.
        await room(benPage, project.id, 'reconnecting').waitFor();
      },
    });

    // Back by itself: Ann's rooms are read again, her outbox goes out, both rooms are live.
    const annState = async () =>
      JSON.stringify({
        shows: await annPage.locator('[data-remote-slot="live"]').innerText(),
        connection: await annPage.locator('[data-testid="connection-state"]').getAttribute('data-status'),
        console: annPage.console.slice(-8),
      });
    await waitUntil('Ann’s room live again', async () => ((await room(annPage, project.id).count()) > 0 ? true : null), { state: annState });
    await say(annPage, written[2]!);
    const seen = async () =>
      JSON.stringify({
        stored: (await ben.db.from('messages').select('body').eq('project_id', project.id).order('created_at')).data,
        outbox: await annPage.evaluate((id) => localStorage.getItem(`portal-live:outbox:${id}`), ann.id),
        ann: await texts(annPage),
        ben: await texts(benPage),
        benRoom: await benPage.locator('[data-testid="room"]').getAttribute('data-status'),
        benShows: await benPage.locator('[data-remote-slot="live"]').innerText(),
        benConnection: await benPage.locator('[data-testid="connection-state"]').getAttribute('data-status'),
        benConsole: benPage.console.slice(-15),
      });
    await waitUntil('Ben seeing every message', async () => ((await texts(benPage)).length === written.length + 1 ? true : null), { state: seen });
    await waitUntil('Ann’s outbox empty', async () =>
      (await annPage.evaluate((id) => localStorage.getItem(`portal-live:outbox:${id}`), ann.id)) === null ? true : null,
    );
    expect(answersLost).toBe(1);

    // Each once, in the order written: on Ben's screen, after a reload, and in the table.
    expect(await texts(benPage)).toEqual(['Before the outage', ...written]);
    await benPage.reload();
    await room(benPage, project.id).waitFor();
    expect(await texts(benPage)).toEqual(['Before the outage', ...written]);
    const stored = await ben.db.from('messages').select('body').eq('project_id', project.id).order('created_at');
    expect(stored.data?.map((row) => row.body)).toEqual(['Before the outage', ...written]);
    await expect(annPage.locator('[data-testid="message"][data-delivery="waiting"], [data-testid="message"][data-delivery="failed"]').count()).resolves.toBe(0);
    expect(problems(benPage.console).filter((entry) => !/ERR_CONNECTION_REFUSED|Failed to load resource|WebSocket/.test(entry.text))).toEqual([]);
  });

  it('keeps a message the server refuses with the reason, and offers Retry and Delete', async () => {
    const ann = await someone('ann', 'Ann Refused');
    const ben = await someone('ben', 'Ben Owner');
    const project = await projectOf(ben, [ann]);
    const annPage = await pageOf(ann, `/live/rooms/${project.id}`);
    await room(annPage, project.id).waitFor();
    // Ben takes Ann out of the project while her room is open: what she writes now is refused by RLS.
    const removed = await ben.db.from('project_members').delete().eq('project_id', project.id).eq('user_id', ann.id);
    expect(removed.error).toBeNull();
    await say(annPage, 'Said after being removed');
    const refused = message(annPage, 'Said after being removed');
    await refused.and(annPage.locator('[data-delivery="failed"]')).waitFor();
    await expect(refused.innerText()).resolves.toContain('You are not allowed to do that here.');
    await refused.getByRole('button', { name: 'Retry' }).click();
    await refused.and(annPage.locator('[data-delivery="failed"]')).waitFor();
    await refused.getByRole('button', { name: 'Delete' }).click();
    await refused.waitFor({ state: 'detached' });
    expect((await ben.db.from('messages').select('id').eq('project_id', project.id)).data).toEqual([]);
  });

  it('names people by their profile everywhere (chat, People, the header), follows a change without a reload, and an email change moves an unchosen name', async () => {
    const ann = await someone('ann', 'Ann Original');
    const ben = await someone('ben', 'Ben Viewer');
    const cleo = await someone('cleo', null);
    const project = await projectOf(ann, [ben, cleo]);
    await ann.db.from('messages').insert({ project_id: project.id, body: 'Hello from Ann' });
    await cleo.db.from('messages').insert({ project_id: project.id, body: 'Hello from Cleo' });
    const annPage = await pageOf(ann, '/account');
    const benPage = await pageOf(ben, `/live/rooms/${project.id}`);
    await room(benPage, project.id).waitFor();
    const author = (text: string) => message(benPage, text).getByTestId('message-author');
    await expect(author('Hello from Ann').textContent()).resolves.toBe('Ann Original');
    await expect(author('Hello from Cleo').textContent()).resolves.toBe(cleo.name);
    // The header shows the name; its accessible name holds what it shows (label in name).
    const header = annPage.getByTestId('account-menu');
    await header.filter({ hasText: 'Ann Original' }).waitFor();
    await expect(header.getAttribute('aria-label')).resolves.toBe(`Ann Original, Account menu for ${ann.email}`);

    // Ann saves a new name on her account page: her header and Ben's open room follow, no reload.
    await annPage.locator('input[name="display-name"]').fill('Ann Anders');
    await annPage.getByRole('button', { name: 'Save profile' }).click();
    await header.filter({ hasText: 'Ann Anders' }).waitFor();
    await author('Hello from Ann').filter({ hasText: 'Ann Anders' }).waitFor();
    await go(benPage, '/live/people');
    await benPage.locator(`[data-testid="person"][data-user="${ann.id}"]`, { hasText: 'Ann Anders' }).waitFor();

    // Cleo, who chose no name, changes her email: the name shown is the new address's, not the old one's.
    const newEmail = `cleo-renamed-${Date.now()}@example.com`;
    const changed = await portal.emulator.admin().auth.admin.updateUserById(cleo.id, { email: newEmail, email_confirm: true });
    expect(changed.error).toBeNull();
    await go(benPage, `/live/rooms/${project.id}`);
    await author('Hello from Cleo').filter({ hasText: newEmail.split('@')[0]! }).waitFor();
    expect(problems(annPage.console)).toEqual([]);
    expect(problems(benPage.console)).toEqual([]);
  });

  it('edits and deletes own messages for everyone, opens links in a new tab, counts unread per room, and notifies a mention wherever the person is', async () => {
    const ann = await someone('ann', 'Ann Chat');
    const ben = await someone('ben', 'Ben Mention');
    const project = await projectOf(ann, [ben]);
    const other = await projectOf(ann, [ben]);
    const path = `/live/rooms/${project.id}`;
    const [annPage, benPage] = await Promise.all([pageOf(ann, path), pageOf(ben, '/live')]);
    await room(annPage, project.id).waitFor();
    await benPage.locator(`[data-room-link="${project.id}"]`).waitFor();

    // Unread per room, live in the list: two in one room, none in the other.
    await say(annPage, 'First of two');
    await say(annPage, 'Second of two');
    const unread = benPage.locator(`li:has([data-room-link="${project.id}"]) [data-testid="room-unread"][data-count="2"]`);
    await unread.waitFor();
    await expect(benPage.locator(`li:has([data-room-link="${other.id}"]) [data-testid="room-unread"]`).count()).resolves.toBe(0);

    // Ben goes elsewhere; Ann mentions him, picking him from the list the "@" opens, with a link.
    await go(benPage, '/account');
    const box = annPage.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('Look at this @Be');
    const option = annPage.getByRole('option', { name: 'Ben Mention' });
    await option.waitFor();
    await expect(box.getAttribute('aria-activedescendant')).resolves.toBe(await option.getAttribute('id'));
    await box.press('Enter');
    await expect(box.inputValue()).resolves.toBe('Look at this @Ben Mention ');
    const link = `${portal.url}/live/people`;
    await box.pressSequentially(`please read ${link}`);
    await box.press('Enter');
    const toast = benPage.locator('.pui-toast', { hasText: `Ann Chat mentioned you in ${project.name}` });
    await toast.waitFor();
    await benPage.locator('[data-remote="live"] [data-testid="nav-badge"][data-count="3"]').waitFor();
    await expect(benPage.locator('[data-remote="live"] [data-testid="nav-badge"]').getAttribute('title')).resolves.toContain('1 mentions you');
    await toast.getByRole('button', { name: 'Open the room' }).click();
    await benPage.waitForURL(`**${path}`);
    await room(benPage, project.id).waitFor();
    const mentioned = message(benPage, 'Look at this');
    await expect(mentioned.locator('[data-mention]').textContent()).resolves.toBe('@Ben Mention');
    await expect(mentioned.textContent()).resolves.toContain('Mentions you');
    const anchor = mentioned.getByRole('link', { name: link });
    await expect(anchor.getAttribute('target')).resolves.toBe('_blank');
    await expect(anchor.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    const [opened] = await Promise.all([benPage.context().waitForEvent('page'), anchor.click()]);
    // The tab is at the link's address once its document is asked for: what the link does. Its
    // load event (a whole portal's, in a tab of its own) is not this test's, and took over 30 s
    // once in CI beside the other suites.
    await opened.waitForURL(link, { waitUntil: 'commit' });
    await opened.close();
    await benPage.locator('[data-remote="live"] [data-testid="nav-badge"]').waitFor({ state: 'detached' });

    // Ann edits her first message, then deletes the second: Ben's open room follows.
    const first = message(annPage, 'First of two');
    await first.getByRole('button', { name: /^Edit/ }).click();
    const editBox = annPage.getByRole('textbox', { name: 'Edit the message' });
    await editBox.fill('First of two, corrected');
    await editBox.press('Enter');
    await message(benPage, 'First of two, corrected').locator('[data-testid="edited"]').waitFor();
    const second = message(annPage, 'Second of two');
    await second.getByRole('button', { name: /^Delete/ }).click();
    await second.getByRole('button', { name: 'Delete for everyone' }).click();
    await benPage.locator('[data-testid="message"][data-deleted="true"]', { hasText: 'This message was deleted.' }).waitFor();
    await message(benPage, 'Second of two').waitFor({ state: 'detached' });
    // Ben can do neither to Ann's messages: he has no buttons, and the database refuses him.
    await expect(message(benPage, 'corrected').getByRole('button', { name: /^Edit/ }).count()).resolves.toBe(0);
    const row = await ben.db.from('messages').select('id').eq('project_id', project.id).eq('body', 'First of two, corrected').single();
    const forged = await ben.db.from('messages').update({ body: 'Ben was here' }).eq('id', row.data!.id).select('id');
    expect(forged.data).toEqual([]);
    // A reload shows the same.
    await benPage.reload();
    await room(benPage, project.id).waitFor();
    expect(await texts(benPage)).toEqual(['First of two, corrected', 'This message was deleted.', `Look at this @Ben Mention please read ${link}`]);
    expect(problems(annPage.console)).toEqual([]);
    expect(problems(benPage.console)).toEqual([]);
  });

  it('shows the people to mention in the window, the one chosen in view, on a phone held sideways and over a message being edited', async () => {
    const names = ['Ada Mention', 'Alan Mention', 'Barbara Mention', 'Donald Mention', 'Edsger Mention', 'Grace Mention', 'Katherine Mention'];
    const people = await Promise.all(names.map((name, index) => someone(`mention-${index}`, name)));
    const dana = await someone('dana', 'Dana Writes');
    const project = await projectOf(dana, people);
    const page = await pageOf(dana, `/live/rooms/${project.id}`);
    await page.setViewportSize({ width: 844, height: 390 });
    await room(page, project.id).waitFor();

    /**
     * Whether the list is inside the window, and whether its active option is what the window shows
     * at the option's middle: not past an edge, not cut off by a box around the text, not under
     * anything. A list with no room for all six scrolls, and the arrows' choice scrolls into view.
     */
    const shown = () =>
      page.evaluate(() => {
        const list = document.querySelector<HTMLElement>('[role="listbox"][aria-label="People to mention"]')!;
        const box = list.getBoundingClientRect();
        const options = [...list.querySelectorAll<HTMLElement>('[role="option"]')];
        const active = options.findIndex((option) => option.getAttribute('aria-selected') === 'true');
        const at = options[active]!.getBoundingClientRect();
        const hit = document.elementFromPoint(at.left + at.width / 2, at.top + at.height / 2);
        return { inWindow: box.top >= 0 && box.bottom <= innerHeight, options: options.length, active, activeSeen: hit === options[active] };
      });

    // A new message at the foot of the page: the names above the text, in the window.
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('Hello @');
    await page.getByRole('option', { name: 'Ada Mention' }).waitFor();
    await expect(shown()).resolves.toEqual({ inWindow: true, options: 6, active: 0, activeSeen: true });
    // The name under the arrows is told from itself off them by more than a tint, in light and dark.
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const [active] = await paintedLooks(page, '.live-mentions [role="option"]', { keepFocus: true });
      await box.press('ArrowDown');
      const [passed] = await paintedLooks(page, '.live-mentions [role="option"]', { keepFocus: true });
      await box.press('ArrowUp');
      expect({ colorScheme, toldApart: toldApart(active!, passed!) }).toEqual({ colorScheme, toldApart: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    // The arrows reach the last name, in view, and Enter picks it.
    await box.press('ArrowUp');
    await expect(shown()).resolves.toEqual({ inWindow: true, options: 6, active: 5, activeSeen: true });
    await box.press('Enter');
    await expect(box.inputValue()).resolves.toBe('Hello @Grace Mention ');
    await box.press('Enter');
    await message(page, 'Hello @Grace Mention').waitFor();

    // Editing the room's first message, at the top of its scrolling list: the names are not cut
    // off by the list's edge.
    await page.setViewportSize({ width: 1280, height: 800 });
    await message(page, 'Hello').getByRole('button', { name: /^Edit/ }).click();
    const editBox = page.getByRole('textbox', { name: 'Edit the message' });
    await editBox.press('End');
    await editBox.pressSequentially(' and @Ka');
    await page.getByRole('option', { name: 'Katherine Mention' }).waitFor();
    await expect(shown()).resolves.toEqual({ inWindow: true, options: 1, active: 0, activeSeen: true });
    await editBox.press('Backspace');
    await editBox.press('Backspace');
    await page.getByRole('option', { name: 'Ada Mention' }).waitFor();
    await expect(shown()).resolves.toEqual({ inWindow: true, options: 6, active: 0, activeSeen: true });
    await editBox.press('ArrowDown');
    await editBox.press('ArrowDown');
    await expect(shown()).resolves.toEqual({ inWindow: true, options: 6, active: 2, activeSeen: true });
    await page.getByRole('option', { name: 'Barbara Mention' }).click();
    await expect(editBox.inputValue()).resolves.toBe('Hello @Grace Mention and @Barbara Mention ');
    await editBox.press('Enter');
    await message(page, 'and @Barbara Mention').locator('[data-testid="edited"]').waitFor();
    expect(problems(page.console)).toEqual([]);
  });
});
