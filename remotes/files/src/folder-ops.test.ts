import { copyName, planRename } from './folder-ops.js';
import { keepBothName } from './upload/checks.js';
import type { Entry } from './storage/folder-page.js';

const file = (key: string): Entry => ({
  kind: 'file',
  name: key.split('/').pop()!,
  key,
  size: 1,
  type: 'text/plain',
  updatedAt: null,
});
const folder = (key: string): Entry => ({
  kind: 'folder',
  name: key.replace(/\/$/, '').split('/').pop()!,
  key,
  size: null,
  type: null,
  updatedAt: null,
});

const keysUnder = {
  'me/photos/': ['me/photos/a.png', 'me/photos/2026/b.png', 'me/photos/.emptyFolderPlaceholder'],
};

describe('folder operations', () => {
  it('renames a folder by renaming every object under it, and a file by itself', () => {
    expect(planRename(folder('me/photos/'), keysUnder['me/photos/'], 'me/', 'pictures')).toEqual([
      { from: 'me/photos/a.png', to: 'me/pictures/a.png' },
      { from: 'me/photos/2026/b.png', to: 'me/pictures/2026/b.png' },
      {
        from: 'me/photos/.emptyFolderPlaceholder',
        to: 'me/pictures/.emptyFolderPlaceholder',
      },
    ]);
    expect(planRename(file('me/a.txt'), [], 'me/', 'b.txt')).toEqual([
      { from: 'me/a.txt', to: 'me/b.txt' },
    ]);
  });

  it('names a copy beside its file, before the extension, and numbers it when that is taken', () => {
    expect(copyName('me/b.txt')).toBe('me/b copy.txt');
    expect(copyName('me/archive.tar.gz')).toBe('me/archive.tar copy.gz');
    expect(copyName('me/README')).toBe('me/README copy');
    expect(copyName('me/.env')).toBe('me/.env copy');
    expect(copyName('me/v1.2/notes')).toBe('me/v1.2/notes copy');
    expect(copyName('b.txt')).toBe('b copy.txt');
    const taken = new Set(['me/b.txt', 'me/b copy.txt', 'me/b copy (1).txt']);
    expect(keepBothName(copyName('me/b.txt'), taken)).toBe('me/b copy (2).txt');
  });
});
