/** @jest-environment jsdom */
// The document's title follows the page's heading in its area, and a move is said once its title
// holds (page-title.ts). The DOM is jsdom's; the clock and the frames are jest's.
import { ANNOUNCE_AFTER_MS, pageHeading, pageTitle, watchPageTitle, type PageTitleWatch } from './page-title.js';

describe('pageTitle', () => {
  it('names the page, then its area, then the portal, each once', () => {
    expect(pageTitle('tasks', 'Data')).toBe('tasks · Data · Portal');
    expect(pageTitle('Data', 'Data')).toBe('Data · Portal');
    expect(pageTitle('Status', 'status')).toBe('Status · Portal');
    expect(pageTitle('  Page \n not found ', null)).toBe('Page not found · Portal');
    expect(pageTitle(null, null)).toBe('Portal');
  });
});

describe('pageHeading', () => {
  it('is the last level-1 heading outside a hidden part', () => {
    document.body.innerHTML = '<main><h1>Data</h1><div hidden><h1>Old remote</h1></div><div><h1>tasks</h1></div></main>';
    expect(pageHeading(document.querySelector('main')!)).toBe('tasks');
    document.body.innerHTML = '<main><h1>Data</h1><div hidden><h1>Old remote</h1></div></main>';
    expect(pageHeading(document.querySelector('main')!)).toBe('Data');
    document.body.innerHTML = '<main><p>No heading</p></main>';
    expect(pageHeading(document.querySelector('main')!)).toBeNull();
  });
});

describe('watchPageTitle', () => {
  let watch: PageTitleWatch | null = null;
  const said: string[] = [];
  const frame = () => jest.advanceTimersByTime(20);

  beforeEach(() => {
    jest.useFakeTimers();
    said.length = 0;
    document.title = 'Portal';
    document.body.innerHTML = '<main><div class="route"><h1>Data</h1></div><div class="outlet"></div></main>';
    watch = watchPageTitle(document.querySelector('main')!, { area: 'Data' }, (title) => said.push(title));
  });

  afterEach(() => {
    watch?.stop();
    jest.useRealTimers();
  });

  it('titles the first page at once, follows its heading, and says nothing of it', async () => {
    expect(document.title).toBe('Data · Portal');
    document.querySelector('.outlet')!.innerHTML = '<h1>tasks</h1>';
    await Promise.resolve();
    frame();
    expect(document.title).toBe('tasks · Data · Portal');
    jest.advanceTimersByTime(ANNOUNCE_AFTER_MS * 2);
    expect(said).toEqual([]);
  });

  it('says a moved-to page once its title has held, with the heading its remote drew meanwhile', async () => {
    document.querySelector('.route h1')!.textContent = 'Files';
    watch!.place({ area: 'Files' }, true);
    frame();
    expect(document.title).toBe('Files · Portal');
    jest.advanceTimersByTime(ANNOUNCE_AFTER_MS / 2);
    document.querySelector('.outlet')!.innerHTML = '<h1>My files</h1>';
    await Promise.resolve();
    frame();
    expect(document.title).toBe('My files · Files · Portal');
    jest.advanceTimersByTime(ANNOUNCE_AFTER_MS - 30);
    expect(said).toEqual([]);
    jest.advanceTimersByTime(60);
    expect(said).toEqual(['My files · Files · Portal']);
  });

  it('takes a page name where the heading is not one (the home page greets)', () => {
    document.querySelector('.route h1')!.textContent = 'Welcome back, ada@example.com';
    watch!.place({ area: null, page: 'Home' }, true);
    frame();
    expect(document.title).toBe('Home · Portal');
    jest.advanceTimersByTime(ANNOUNCE_AFTER_MS);
    expect(said).toEqual(['Home · Portal']);
  });

  it('says a move whose title did not change, and stops watching when stopped', async () => {
    watch!.place({ area: 'Data' }, true);
    jest.advanceTimersByTime(ANNOUNCE_AFTER_MS);
    expect(said).toEqual(['Data · Portal']);
    watch!.stop();
    document.querySelector('.outlet')!.innerHTML = '<h1>tasks</h1>';
    await Promise.resolve();
    frame();
    expect(document.title).toBe('Data · Portal');
  });
});
