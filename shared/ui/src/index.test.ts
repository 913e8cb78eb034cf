/** @jest-environment jsdom */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as core from './core.js';
import * as forms from './forms.js';
import * as everything from './index.js';
import * as overlays from './overlays.js';

describe('@portal/ui, the names of its groups', () => {
  it('exports every export of every group, and nothing else', () => {
    const groups = [...Object.keys(core), ...Object.keys(forms), ...Object.keys(overlays)].sort();
    expect(new Set(groups).size).toBe(groups.length);
    expect(Object.keys(everything).sort()).toEqual(groups);
  });

  it('names each export (no `export *`, which the bundler cannot trace through a shared group, so every group would load)', () => {
    const source = readFileSync(path.join(__dirname, 'index.ts'), 'utf8');
    expect(source).not.toMatch(/^export \*/m);
    expect(source.match(/from '([^']+)'/g)?.map((from) => from.slice(6, -1)).filter((from) => !/^@portal\/ui\/(core|forms|overlays)$/.test(from))).toEqual([]);
  });
});
