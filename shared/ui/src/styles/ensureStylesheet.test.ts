/** @jest-environment jsdom */
import { ensureStylesheet } from './ensureStylesheet.js';
import { portalStylesheet, STYLESHEET_VERSION } from './stylesheet.js';

describe('ensureStylesheet', () => {
  afterEach(() => document.head.querySelectorAll('style[data-portal-ui]').forEach((style) => style.remove()));

  it('inserts the stylesheet once, first in <head> so app styles come later', () => {
    const appStyle = document.head.appendChild(document.createElement('style'));
    ensureStylesheet();
    ensureStylesheet();
    const sheets = document.head.querySelectorAll('style[data-portal-ui]');
    expect(sheets).toHaveLength(1);
    expect(sheets[0]?.getAttribute('data-portal-ui')).toBe(STYLESHEET_VERSION);
    expect(document.head.firstElementChild).toBe(sheets[0]);
    expect(sheets[0]?.textContent).toBe(portalStylesheet);
    appStyle.remove();
  });

  it('defines both themes and the explicit override, all in one cascade layer', () => {
    expect(portalStylesheet.startsWith('@layer portal-ui {')).toBe(true);
    expect(portalStylesheet).toContain('@media (prefers-color-scheme: dark)');
    expect(portalStylesheet).toContain(':root[data-theme="dark"]');
    expect(portalStylesheet).toContain(':root[data-theme="light"]');
    // Every class the sheet styles is prefixed, so nothing leaks into a remote's markup.
    const withoutUrls = portalStylesheet.replace(/url\([^)]*\)/g, '');
    const classes = withoutUrls.match(/\.[a-z][\w-]*(?=[\s{:,.[>)])/g) ?? [];
    expect(classes.length).toBeGreaterThan(100);
    expect(classes.filter((name) => !name.startsWith('.pui-'))).toEqual([]);
  });
});

describe('ensureStylesheet after the sheet was removed', () => {
  it('puts it back (e.g. a host that rebuilt <head>)', () => {
    ensureStylesheet();
    document.head.querySelector('style[data-portal-ui]')?.remove();
    ensureStylesheet();
    expect(document.head.querySelectorAll('style[data-portal-ui]')).toHaveLength(1);
  });
});
