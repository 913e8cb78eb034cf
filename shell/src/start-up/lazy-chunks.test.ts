import { readFileSync } from 'node:fs';
import path from 'node:path';
import { groupChunkName, LAZY_CHUNKS_ELEMENT_ID, readLazyChunkFiles } from './lazy-chunks.js';

/** A page whose only element is the one the build writes, holding `text`. */
function pageWith(text: string | null): Document {
  return { getElementById: (id: string) => (id === LAZY_CHUNKS_ELEMENT_ID && text !== null ? { textContent: text } : null) } as unknown as Document;
}

it('names each design-system group\'s chunk as design-system-groups.ts has the bundler name it', () => {
  const source = readFileSync(path.join(__dirname, '../federation/design-system-groups.ts'), 'utf8');
  const named = [...source.matchAll(/'(@portal\/ui\/[a-z-]+)': \(\) => import\(\/\* webpackChunkName: "([a-z-]+)" \*\//g)].map(([, key, chunk]) => [key, chunk]);
  expect(named.map(([key]) => key)).toEqual(['@portal/ui/form-controls', '@portal/ui/tables', '@portal/ui/overlays', '@portal/ui/forms']);
  for (const [key, chunk] of named) expect(groupChunkName(key!)).toBe(chunk);
});

it('reads the files the build wrote into the page, and nothing from a page without them or with something else', () => {
  expect(readLazyChunkFiles(pageWith('{"single-spa":["/single-spa.1.js"],"odd":"x","also":[1]}'))).toEqual({ 'single-spa': ['/single-spa.1.js'] });
  for (const text of [null, '', 'not json', 'null', '[]']) expect(readLazyChunkFiles(pageWith(text))).toEqual({});
});
