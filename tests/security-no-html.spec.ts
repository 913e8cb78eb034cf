// No user text is rendered as HTML, in any view of any remote (Chromium). Script-bearing values —
// an <img> with onerror, an <svg> with onload, a <script>, an attribute break into an <iframe
// srcdoc>, `javascript:` addresses — are written through supabase-js by the test's own person
// (and by a second person where a view shows someone else's data: chat, display names,
// presence), then every view that shows them is opened. Each view must show the hostile text as
// text, and the page must hold none of it as markup: the shell's Content-Security-Policy would
// block an injected handler from running anyway, so the checks read the DOM (no injected
// element, no on* attribute, no javascript: address, no srcdoc), not only whether something ran
// (window.__xss, a dialog, a CSP report). And a file opened on its own rather than shown in a
// view — an SVG, XML or HTML file with script, through a signed link, a transformation or the
// preview's “Open in a new tab” — is a sandboxed document on the API's origin that runs nothing.
import type { SupabaseClient } from '@supabase/supabase-js';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { startTestPortal, type TestPortal } from './portal-harness.js';
import { pagePerTest, pageState } from './support/page-per-test.js';
import { newPerson as makePerson, signedInClient, signedInStorage } from './support/people.js';
import { STEP_MS } from './support/waits.js';

jest.setTimeout(240_000);

const WAIT = { timeout: STEP_MS };

const IMG = '<img src=x onerror="window.__xss=1">';
const SVG = '<svg onload=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';
const IFRAME = '"><iframe srcdoc="<script>parent.__xss=1</script>">';
const JS_URL = 'javascript:window.__xss=1';

/** A function whose answer is an HTML page with script in it (the functions remote shows source). */
const HTML_ANSWER = `<!doctype html><title>hostile</title><h1>Hi</h1>${IMG}${SCRIPT}`;
const TEST_FUNCTIONS = {
  'functions/html-answer/index.ts': `// html-answer: an HTML page with script in it.
    Deno.serve(() => new Response(${JSON.stringify(HTML_ANSWER)}, { headers: { 'content-type': 'text/html; charset=utf-8' } }));`,
};

let portal: TestPortal;
let browser: Browser;
const tab = pagePerTest(() => browser, { unexpectedConsole: (entries) => problems(entries) });

beforeAll(async () => {
  portal = await startTestPortal({
    remotes: ['data', 'files', 'search', 'functions', 'live'],
    emulator: { files: TEST_FUNCTIONS },
  });
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

interface Person {
  id: string;
  db: SupabaseClient;
}

async function newPerson(label: string): Promise<Person> {
  const person = await makePerson(portal.emulator, `no-html-${label}`);
  return { id: person.id, db: await signedInClient(portal.emulator, person) };
}

/** The data of a supabase-js answer (a `.single()` one when the data is used), or its error thrown. */
function ok<T>({ data, error }: { data: T; error: { message: string } | null }, what: string): NonNullable<T> {
  if (error) throw new Error(`${what}: ${error.message}`);
  return data as NonNullable<T>;
}

/** What ran or tried to run in the page: set by the init script and the dialog listener. */
interface Watch {
  dialogs: string[];
}

/** This test's page, signed in as `person`, watching for dialogs and CSP reports from the start. */
async function signedInPage(person: Person): Promise<{ page: TestPage; watch: Watch }> {
  const page = await tab.open(await signedInStorage(portal.url, portal.emulator, person.db));
  const watch: Watch = { dialogs: [] };
  page.on('dialog', (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return { page, watch };
}

/**
 * Everything in the document that is markup or script a person's text could have become: an
 * element a payload names, an event-handler attribute, a javascript: address, a srcdoc, a script
 * that sets the flag. React sets no on* attributes and the portal frames nothing, so any is one.
 */
async function injected(page: TestPage): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const describe = (el: Element) => `<${el.tagName.toLowerCase()}> in ${el.parentElement?.className || el.parentElement?.tagName || '?'}`;
    for (const el of document.querySelectorAll('*')) {
      for (const attr of Array.from(el.attributes)) {
        const name = attr.name.toLowerCase();
        if (name.startsWith('on')) found.push(`${describe(el)} has ${name}="${attr.value}"`);
        if (name === 'srcdoc') found.push(`${describe(el)} has srcdoc`);
        if (['href', 'src', 'action', 'formaction', 'xlink:href', 'data'].includes(name) && /^\s*javascript:/i.test(attr.value))
          found.push(`${describe(el)} has ${name}="${attr.value}"`);
      }
      if (['IFRAME', 'FRAME', 'OBJECT', 'EMBED'].includes(el.tagName)) found.push(describe(el));
      if (el.tagName === 'SCRIPT' && (el.textContent ?? '').includes('__xss')) found.push(`${describe(el)} with the payload`);
      if (el.tagName === 'IMG' && el.getAttribute('src') === 'x') found.push(`${describe(el)} src="x"`);
    }
    const flags = window as unknown as { __xss?: unknown; __violations?: string[] };
    if (flags.__xss !== undefined) found.push(`window.__xss is ${String(flags.__xss)}`);
    for (const violation of flags.__violations ?? []) found.push(`CSP report: ${violation}`);
    return found;
  });
}

/** Waits until `page` shows each text as text, then checks nothing of it became markup or ran. */
async function expectShownAsText(page: TestPage, watch: Watch, texts: readonly string[]): Promise<void> {
  for (const text of texts) {
    await page
      .getByText(text)
      .first()
      .waitFor(WAIT)
      .catch(async (error: Error) => {
        throw new Error(`"${text}" is not shown as text: ${error.message}; ${await pageState(page)}`);
      });
  }
  expect(await injected(page)).toEqual([]);
  expect(watch.dialogs).toEqual([]);
}

describe('no user text rendered as HTML', () => {
  it('data: project names, task titles, tags and JSON in the tables and in related-row links', async () => {
    const ada = await newPerson('data');
    const project = ok(
      await ada.db.from('projects').insert({ name: `Launch ${IMG}`, description: `${SCRIPT}${IFRAME}` }).select('id').single(),
      'project',
    );
    ok(
      await ada.db.from('tasks').insert({
        project_id: project.id,
        title: `${SVG} ${IMG}`,
        tags: [SCRIPT, JS_URL],
        details: { note: IFRAME, link: JS_URL },
      }),
      'task',
    );
    const { page, watch } = await signedInPage(ada);
    await page.goto(`${portal.url}/data/projects`);
    await expectShownAsText(page, watch, [`Launch ${IMG}`, `${SCRIPT}${IFRAME}`]);
    await page.goto(`${portal.url}/data/tasks`);
    // Arrays and JSON are shown as JSON text (quotes escaped): their parts without quotes.
    await expectShownAsText(page, watch, [`${SVG} ${IMG}`, SCRIPT, JS_URL, '<script>parent.__xss=1</script>']);
    // The related-row link is named by the project's name and goes to its row.
    const related = page.locator('a.data-related', { hasText: `Launch ${IMG}` });
    await expect(related.getAttribute('href')).resolves.toMatch(/^\/data\/projects\?/);
  });

  it('files: file and folder names in the list and the grid; SVG, Markdown, HTML and text previews', async () => {
    const ada = await newPerson('files');
    const files = ada.db.storage.from('files');
    const put = async (name: string, body: string, contentType: string) =>
      ok(await files.upload(`${ada.id}/${name}`, new Blob([body], { type: contentType }), { contentType }), name);
    const hostileName = `${IMG}.txt`;
    await put(hostileName, `${SCRIPT}${IMG}`, 'text/plain');
    await put(`${SVG}/.emptyFolderPlaceholder`, '', 'text/plain');
    await put(
      'drawing.svg',
      `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" onload="window.__xss=1"><script>window.__xss=1</script><rect width="20" height="20" fill="teal"/></svg>`,
      'image/svg+xml',
    );
    await put(
      'notes.md',
      [
        '# Notes',
        `[run me](${JS_URL})`,
        `<a href="${JS_URL}">raw link</a>`,
        IMG,
        SCRIPT,
        `${SVG}</svg>`,
        `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
        'the end',
      ].join('\n\n'),
      'text/markdown',
    );
    await put('page.html', `<html><body><h1>Page</h1>${IMG}${SCRIPT}</body></html>`, 'text/html');

    const { page, watch } = await signedInPage(ada);
    const folder = `${portal.url}/files/files/${ada.id}/`;
    await page.goto(folder);
    await expectShownAsText(page, watch, [hostileName, SVG, 'drawing.svg']);
    await page.goto(`${folder}?view=grid`);
    await expectShownAsText(page, watch, [hostileName, SVG, 'drawing.svg']);

    const preview = async (name: string) => {
      await page.goto(`${folder}?open=${encodeURIComponent(name)}`);
      const dialog = page.getByRole('dialog');
      await dialog.waitFor(WAIT);
      return dialog;
    };
    // A text file, a hostile name in the dialog's title.
    let dialog = await preview(hostileName);
    await expect(dialog.getByTestId('preview-text').textContent()).resolves.toBe(`${SCRIPT}${IMG}`);
    await expectShownAsText(page, watch, [hostileName]);
    // HTML is a text file: its source.
    dialog = await preview('page.html');
    await expect(dialog.getByTestId('preview-text').textContent()).resolves.toContain(`${IMG}${SCRIPT}`);
    await expectShownAsText(page, watch, []);
    // SVG is shown as an image, where its script never runs.
    dialog = await preview('drawing.svg');
    const image = dialog.locator('img');
    await image.waitFor(WAIT);
    await expect(image.getAttribute('src')).resolves.toContain('/storage/v1/object/sign/files/');
    await expect(page.evaluate(() => document.querySelectorAll('svg script, svg [onload]').length)).resolves.toBe(0);
    await expectShownAsText(page, watch, []);
    // Markdown is rendered and sanitised: a link keeps its words, not its javascript: address;
    // HTML written in the file is shown as its text.
    dialog = await preview('notes.md');
    const markdown = dialog.getByTestId('preview-markdown');
    await markdown.getByText('the end').waitFor(WAIT);
    await expectShownAsText(page, watch, ['run me', `<a href="${JS_URL}">raw link</a>`, IMG, SCRIPT, SVG]);
    const link = markdown.locator('a', { hasText: 'run me' });
    await expect(link.getAttribute('href')).resolves.toBeNull();
    await link.click();
    await expect(markdown.locator('a').count()).resolves.toBe(1);
    await expect(markdown.locator('img, script, svg, iframe').count()).resolves.toBe(0);
    await expectShownAsText(page, watch, []);
  });

  it('files: an SVG, XML or HTML file opened on its own (“Open in a new tab”, a signed link, a transformation) runs no script and reads no cookie', async () => {
    const ada = await newPerson('files-opened');
    const files = ada.db.storage.from('files');
    // What a thief's file would do: read the cookies of the origin it is served on (locally the
    // API's host, whose cookies are the portal's when both share a host) and keep them.
    const STEAL = 'window.__stolen = document.cookie';
    const put = async (name: string, body: string, contentType: string) =>
      ok(await files.upload(`${ada.id}/${name}`, new Blob([body], { type: contentType }), { contentType }), name);
    await put(
      'steal.svg',
      `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" onload="${STEAL}"><script>${STEAL}</script><rect width="20" height="20" fill="teal"/></svg>`,
      'image/svg+xml',
    );
    await put('steal.html', `<!doctype html><title>steal</title><script>${STEAL}</script>`, 'text/html');
    await put(
      'steal.xml',
      `<?xml version="1.0"?><note><h:script xmlns:h="http://www.w3.org/1999/xhtml">${STEAL}</h:script></note>`,
      'text/xml',
    );

    /** What ran in an opened file, once it has loaded: its script's loot, its origin, its cookies. */
    const inside = async (opened: Pick<TestPage, 'waitForLoadState' | 'evaluate'>) => {
      await opened.waitForLoadState('load');
      return opened.evaluate(() => {
        // The start of a cookie is enough to tell; all of it would be the session's tokens.
        let cookie: string;
        try {
          cookie = document.cookie.slice(0, 40);
        } catch (error) {
          cookie = `unreadable (${(error as Error).name})`;
        }
        const stolen = (window as unknown as { __stolen?: string }).__stolen;
        return { stolen: stolen === undefined ? null : stolen.slice(0, 40), origin: self.origin, cookie };
      });
    };
    const INERT = { stolen: null, origin: 'null', cookie: 'unreadable (SecurityError)' };

    const { page } = await signedInPage(ada);
    const folder = `${portal.url}/files/files/${ada.id}/`;
    for (const name of ['steal.svg', 'steal.xml', 'steal.html']) {
      await page.goto(`${folder}?open=${encodeURIComponent(name)}`);
      const openInTab = page.getByRole('dialog', { name }).getByRole('button', { name: 'Open in a new tab' });
      await openInTab.waitFor(WAIT);
      const [tabOpened] = await Promise.all([tab.context.context.waitForEvent('page'), openInTab.click()]);
      expect(tabOpened.url()).toContain(`/storage/v1/object/sign/files/${ada.id}/${name}?token=`);
      expect({ name, ...(await inside(tabOpened)) }).toEqual({ name, ...INERT });
      await tabOpened.close();
    }

    // A signed link as a share would carry it, and the SVG through image transformation.
    const linked = ok(await files.createSignedUrl(`${ada.id}/steal.svg`, 3600), 'signed link');
    const transformed = ok(
      await files.createSignedUrl(`${ada.id}/steal.svg`, 3600, { transform: { width: 10 } }),
      'signed transformation',
    );
    expect(transformed.signedUrl).toContain('/storage/v1/render/image/sign/');
    for (const url of [linked.signedUrl, transformed.signedUrl]) {
      const opened = await tab.context.newPage();
      await opened.goto(url);
      expect({ url, ...(await inside(opened)) }).toEqual({ url, ...INERT });
      await opened.close();
    }
  });

  it('search: document titles, passages in highlighted results, and the document view', async () => {
    const ada = await newPerson('search');
    const body = [`Refunds are paid back within five days ${SCRIPT}`, `Damaged parcels ${IFRAME} are refunded ${SVG}`].join('\n\n');
    const passages = [];
    for (let start = 0, index = 0; index < 2; index++) {
      const text = body.split('\n\n')[index]!;
      start = body.indexOf(text, start);
      passages.push({ heading: null, text, start, end: start + text.length });
    }
    const added = await ada.db.functions.invoke('documents', {
      body: { action: 'add', title: `Refund policy ${IMG}`, source: 'paste', body, passages },
    });
    ok(added, 'document');

    const { page, watch } = await signedInPage(ada);
    await page.goto(`${portal.url}/search/documents`);
    await expectShownAsText(page, watch, [`Refund policy ${IMG}`]);
    await page.goto(`${portal.url}/search`);
    await page.locator('input[name="query"]').fill('refunds parcels');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.locator('.search-results').waitFor(WAIT);
    // Highlighting cuts the passage into <mark>s and spans: read the result's text as a whole.
    await expect(page.locator('.search-results').textContent()).resolves.toContain(SCRIPT);
    await expect(page.locator('.search-results').textContent()).resolves.toContain(`${IFRAME} are refunded ${SVG}`);
    await expectShownAsText(page, watch, [`Refund policy ${IMG}`]);
    await page.locator('.search-results a').first().click();
    await page.getByRole('link', { name: 'Back to search' }).waitFor(WAIT);
    for (const passage of passages) await expect(page.locator('main').textContent()).resolves.toContain(passage.text);
    await expectShownAsText(page, watch, [`Refund policy ${IMG}`]);
  });

  it('functions: an HTML answer shown as source, echoed script as JSON text', async () => {
    const ada = await newPerson('functions');
    const { page, watch } = await signedInPage(ada);
    const send = async () => {
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.locator('section.fn-result[data-state="done"]').waitFor(WAIT);
    };
    await page.goto(`${portal.url}/functions/html-answer`);
    await page.locator('.fn-page[data-function="html-answer"]').waitFor(WAIT);
    await send();
    await expect(page.locator('.fn-body').getAttribute('data-renderer')).resolves.toBe('html-source');
    await expect(page.locator('.fn-body').textContent()).resolves.toContain(HTML_ANSWER);
    await expectShownAsText(page, watch, []);

    await page.goto(`${portal.url}/functions/echo`);
    await page.locator('.fn-page[data-function="echo"]').waitFor(WAIT);
    await page.getByRole('button', { name: 'Text body', exact: true }).click();
    await page.getByLabel('Text body', { exact: true }).fill(`${SVG}${SCRIPT}${IFRAME}`);
    await send();
    await expect(page.locator('.fn-json').textContent()).resolves.toContain(`${SVG}${SCRIPT}`);
    await expectShownAsText(page, watch, []);
  });

  it('live: room names, another person’s messages, display name and presence, the activity feed', async () => {
    const ada = await newPerson('live-ada');
    const eve = await newPerson('live-eve');
    const room = ok(await ada.db.from('projects').insert({ name: `Room ${IMG}` }).select('id').single(), 'project');
    ok(await ada.db.from('project_members').insert({ project_id: room.id, user_id: eve.id, role: 'editor' }), 'member');
    const eveName = `Eve ${SVG}`;
    ok(await eve.db.from('profiles').update({ display_name: eveName, avatar_url: JS_URL }).eq('id', eve.id), 'profile');
    const said = `${IMG} ${SCRIPT} ${IFRAME} [link](${JS_URL}) ${JS_URL}`;
    ok(await eve.db.from('messages').insert({ project_id: room.id, body: said }), 'message');

    const { page, watch } = await signedInPage(ada);
    await page.goto(`${portal.url}/live`);
    await expectShownAsText(page, watch, [`Room ${IMG}`]);
    await page.goto(`${portal.url}/live/rooms/${room.id}`);
    await page.locator('[data-testid="message-text"]', { hasText: said }).waitFor(WAIT);
    await expectShownAsText(page, watch, [eveName]);

    // Eve's own client tracks what it likes on her presence topic (the only one she may track on);
    // the People page names her from her profile and ignores the rest of what she sends.
    const presence = eve.db.channel(`presence:${eve.id}`, { config: { private: true } });
    await new Promise<void>((resolve, reject) =>
      presence.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status !== 'CLOSED') reject(error ?? new Error(`presence: ${status}`));
      }),
    );
    try {
      await expect(
        presence.track({ userId: eve.id, name: `Eve ${IMG}`, avatarUrl: JS_URL, route: JS_URL, since: new Date().toISOString() }),
      ).resolves.toBe('ok');
      await page.goto(`${portal.url}/live/people`);
      const here = page.locator(`[data-testid="person"][data-user="${eve.id}"]`);
      await here.filter({ hasText: eveName }).waitFor(WAIT);
      await expectShownAsText(page, watch, [eveName]);
      await expect(here.locator('a').count()).resolves.toBe(0);
      await expect(here.textContent()).resolves.not.toContain(`Eve ${IMG}`);
    } finally {
      await eve.db.removeAllChannels();
    }

    await page.goto(`${portal.url}/live/activity`);
    await page.locator('[data-testid="activity-feed"][data-status="live"]').waitFor(WAIT);
    ok(await ada.db.from('tasks').insert({ project_id: room.id, title: `Task ${IFRAME}` }), 'task');
    await expectShownAsText(page, watch, [`Task ${IFRAME}`]);
  });

  it('account: display name and avatar address in the profile, the header and the identities', async () => {
    const ada = await newPerson('account');
    const name = `Ada ${IMG}`;
    const { error } = await ada.db.auth.updateUser({ data: { display_name: name, avatar_url: JS_URL } });
    if (error) throw error;
    ok(await ada.db.from('profiles').update({ display_name: name, avatar_url: JS_URL }).eq('id', ada.id), 'profile');
    const { page, watch } = await signedInPage(ada);
    await page.goto(`${portal.url}/account`);
    await expectShownAsText(page, watch, [name]);
    await page.goto(`${portal.url}/account/security`);
    // The identities' own list: until every card's first read has answered, the page's stand-in
    // draws the same card titles while the cards are mounted and hidden (two "Sign-in methods").
    await page.getByTestId('identity-list').waitFor(WAIT);
    await expectShownAsText(page, watch, []);
  });
});
