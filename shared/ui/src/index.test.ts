/** @jest-environment jsdom */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as core from './core.js';
import * as formControls from './form-controls.js';
import * as forms from './forms.js';
import * as everything from './index.js';
import * as overlays from './overlays.js';
import * as tables from './tables.js';

describe('@portal/ui, the names of its groups', () => {
  it('exports every export of every group, and nothing else', () => {
    const groups = [...Object.keys(core), ...Object.keys(formControls), ...Object.keys(tables), ...Object.keys(overlays)].sort();
    expect(new Set(groups).size).toBe(groups.length);
    expect(Object.keys(everything).sort()).toEqual(groups);
  });

  it('keeps `forms`, the group remotes built before contract 1.4 consume, as form-controls and tables together: the same exports, the same modules', () => {
    expect(Object.keys(forms).sort()).toEqual([...Object.keys(formControls), ...Object.keys(tables)].sort());
    expect(forms.TextInput).toBe(formControls.TextInput);
    expect(forms.Table).toBe(tables.Table);
    expect(forms.Pagination).toBe(tables.Pagination);
  });

  it('names each export (no `export *`, which the bundler cannot trace through a shared group, so every group would load)', () => {
    const source = readFileSync(path.join(__dirname, 'index.ts'), 'utf8');
    expect(source).not.toMatch(/^export \*/m);
    expect(source.match(/from '([^']+)'/g)?.map((from) => from.slice(6, -1)).filter((from) => !/^@portal\/ui\/(core|form-controls|tables|overlays)$/.test(from))).toEqual([]);
  });
});
