/** @jest-environment jsdom */
import { tablePart } from '../tables/table.css.js';
import { formsPart } from '../forms/forms.css.js';
import { overlaysPart } from '../overlays/overlays.css.js';
import { ensureStylePart, ensureStylesheet } from './ensureStylesheet.js';
import { STYLE_LAYER_ORDER, STYLE_PART_ORDER, STYLESHEET_VERSION } from './parts.js';
import { portalStylesheet } from './stylesheet.js';

const sheets = () => [...document.querySelectorAll('style[data-portal-ui]')];
const parts = () => sheets().map((style) => style.getAttribute('data-part'));

describe('ensureStylesheet', () => {
  afterEach(() => sheets().forEach((style) => style.remove()));

  it('inserts the core parts once, each in its sub-layer of portal-ui after the order of all parts, last in the document', () => {
    const appStyle = document.body.appendChild(document.createElement('style'));
    ensureStylesheet();
    ensureStylesheet();
    expect(parts()).toEqual(['tokens', 'base', 'layout', 'buttons', 'data', 'nav', 'feedback', 'theme']);
    for (const sheet of sheets()) {
      expect(sheet.getAttribute('data-portal-ui')).toBe(STYLESHEET_VERSION);
      expect(sheet.textContent?.startsWith(`${STYLE_LAYER_ORDER}\n@layer portal-ui.${sheet.getAttribute('data-part')} {\n`)).toBe(true);
    }
    // Appended after what the page had, the app's own sheet included: an unlayered rule wins anyway.
    expect(document.body.lastElementChild).toBe(sheets().at(-1));
    expect(appStyle.compareDocumentPosition(sheets()[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    appStyle.remove();
  });

  it('declares every part in the order of the cascade, first thing in each sheet', () => {
    expect(STYLE_LAYER_ORDER).toBe(`@layer ${STYLE_PART_ORDER.map((name) => `portal-ui.${name}`).join(', ')};`);
    expect(STYLE_PART_ORDER.slice(0, 2)).toEqual(['tokens', 'base']);
    expect(STYLE_PART_ORDER.at(-1)).toBe('theme');
  });

  it('leaves the table and pagination rules to the forms group, where Table and Pagination are', () => {
    ensureStylesheet();
    const core = sheets().map((style) => style.textContent).join('\n');
    expect(core).toContain('.pui-badge');
    expect(core).not.toMatch(/\.pui-(table|pagination)\b/);
    ensureStylePart(tablePart);
    expect(parts()).toEqual(['tokens', 'base', 'layout', 'buttons', 'data', 'nav', 'feedback', 'theme', 'table']);
  });

  it('appends a group inserted later at the end, its place in the cascade kept by its sub-layer', () => {
    ensureStylePart(overlaysPart);
    ensureStylesheet();
    ensureStylePart(tablePart);
    ensureStylePart(formsPart);
    ensureStylePart(formsPart);
    expect(parts()).toEqual(['overlays', 'tokens', 'base', 'layout', 'buttons', 'data', 'nav', 'feedback', 'theme', 'table', 'forms']);
    // The sheets in the cascade's order are the whole stylesheet, whatever order they came in.
    const byPart = new Map(sheets().map((style) => [style.getAttribute('data-part'), style.textContent!.replace(`${STYLE_LAYER_ORDER}\n`, '')]));
    expect([STYLE_LAYER_ORDER, ...STYLE_PART_ORDER.map((name) => byPart.get(name))].join('\n')).toBe(portalStylesheet);
  });

  it('defines both themes and the explicit override, all in the portal-ui cascade layer', () => {
    expect(portalStylesheet.startsWith(STYLE_LAYER_ORDER)).toBe(true);
    expect(portalStylesheet.match(/^@layer [^\n]*\{$/gm)).toEqual(STYLE_PART_ORDER.map((name) => `@layer portal-ui.${name} {`));
    expect(portalStylesheet).toContain('@media (prefers-color-scheme: dark)');
    expect(portalStylesheet).toContain(':root[data-theme="dark"]');
    expect(portalStylesheet).toContain(':root[data-theme="light"]');
    // Every class the sheet styles is prefixed, so nothing leaks into a remote's markup.
    const withoutUrls = portalStylesheet.replace(/url\([^)]*\)/g, '').replace(/@layer [^{;]*[{;]/g, '');
    const classes = withoutUrls.match(/\.[a-z][\w-]*(?=[\s{:,.[>)])/g) ?? [];
    expect(classes.length).toBeGreaterThan(100);
    expect(classes.filter((name) => !name.startsWith('.pui-'))).toEqual([]);
  });
});

describe('ensureStylesheet after the sheet was removed', () => {
  it('puts it back (e.g. a host that rebuilt <head>)', () => {
    ensureStylesheet();
    sheets().forEach((style) => style.remove());
    ensureStylesheet();
    expect(parts()).toHaveLength(8);
  });
});
