/** @jest-environment jsdom */
import { tablePart } from '../tables/table.css.js';
import { formsPart } from '../forms/forms.css.js';
import { overlaysPart } from '../overlays/overlays.css.js';
import { ensureStylePart, ensureStylesheet } from './ensureStylesheet.js';
import { STYLE_PART_ORDER, STYLESHEET_VERSION } from './parts.js';
import { portalStylesheet } from './stylesheet.js';

const parts = () => [...document.head.querySelectorAll('style[data-portal-ui]')].map((style) => style.getAttribute('data-part'));

describe('ensureStylesheet', () => {
  afterEach(() => document.head.querySelectorAll('style[data-portal-ui]').forEach((style) => style.remove()));

  it('inserts the core parts once, first in <head> so app styles come later', () => {
    const appStyle = document.head.appendChild(document.createElement('style'));
    ensureStylesheet();
    ensureStylesheet();
    const sheets = document.head.querySelectorAll('style[data-portal-ui]');
    expect(parts()).toEqual(['tokens', 'base', 'layout', 'buttons', 'data', 'nav', 'feedback', 'theme']);
    for (const sheet of sheets) {
      expect(sheet.getAttribute('data-portal-ui')).toBe(STYLESHEET_VERSION);
      expect(sheet.textContent?.startsWith('@layer portal-ui {')).toBe(true);
    }
    expect(document.head.firstElementChild).toBe(sheets[0]);
    expect(document.head.lastElementChild).toBe(appStyle);
    appStyle.remove();
  });

  it('leaves the table and pagination rules to the forms group, where Table and Pagination are', () => {
    ensureStylesheet();
    const core = [...document.head.querySelectorAll('style[data-portal-ui]')].map((style) => style.textContent).join('\n');
    expect(core).toContain('.pui-badge');
    expect(core).not.toMatch(/\.pui-(table|pagination)\b/);
    ensureStylePart(tablePart);
    expect(parts()).toEqual(['tokens', 'base', 'layout', 'buttons', 'table', 'data', 'nav', 'feedback', 'theme']);
  });

  it('puts a group inserted later at its place among the parts, so the cascade is the one of the whole sheet', () => {
    ensureStylePart(overlaysPart);
    ensureStylesheet();
    ensureStylePart(tablePart);
    ensureStylePart(formsPart);
    ensureStylePart(formsPart);
    expect(parts()).toEqual([...STYLE_PART_ORDER]);
    const inDocument = [...document.head.querySelectorAll('style[data-portal-ui]')]
      .map((style) => style.textContent!.replace(/^@layer portal-ui \{\n/, '').replace(/\n\}$/, ''))
      .join('\n');
    expect(`@layer portal-ui {\n${inDocument}\n}`).toBe(portalStylesheet);
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
    document.head.querySelectorAll('style[data-portal-ui]').forEach((style) => style.remove());
    ensureStylesheet();
    expect(parts()).toHaveLength(8);
  });
});
