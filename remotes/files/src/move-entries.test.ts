import { moveProblem } from './move-entries.js';
import type { Entry } from './storage/folder-page.js';

const ME = '0b7c7e5e-1a2b-4c3d-8e9f-0123456789ab';
const entry = (kind: 'file' | 'folder', key: string): Entry => ({
  kind,
  name: key.replace(/\/$/, '').split('/').pop()!,
  key,
  size: null,
  type: null,
  updatedAt: null,
});

describe('where a selection may be moved', () => {
  it('takes any folder of My files or a project, between them too', () => {
    const selection = [entry('file', `${ME}/a.txt`), entry('folder', `${ME}/photos/`)];
    expect(moveProblem(selection, `${ME}/`, `${ME}/archive/`)).toBeNull();
    expect(moveProblem(selection, `${ME}/`, 'projects/12/')).toBeNull();
    expect(moveProblem(selection, `${ME}/`, 'projects/12/plans/2026')).toBeNull();
  });

  it('says why not: the same folder, a folder into itself or below, no place of the person’s', () => {
    const photos = entry('folder', `${ME}/photos/`);
    expect(moveProblem([photos], `${ME}/`, `${ME}/`)).toBe('They are in this folder already.');
    expect(moveProblem([photos], `${ME}/`, `${ME}/photos/2026/`)).toBe('“photos” cannot be moved into itself.');
    expect(moveProblem([photos], `${ME}/`, 'logos/')).toBe('Choose a folder in My files or in one of your projects.');
  });
});
