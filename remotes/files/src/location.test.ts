import {
  DEFAULT_VIEW,
  filesHref,
  folderView,
  parseFilesLocation,
  selectionClearedHref,
} from './location.js';

describe('the files URL', () => {
  it('reads the bucket list at the route itself', () => {
    expect(parseFilesLocation('/files', '/files', '')).toEqual(DEFAULT_VIEW);
  });

  it('round-trips bucket, folder, view, sort, filter, selection and preview', () => {
    const view = {
      ...DEFAULT_VIEW,
      bucket: 'files',
      folder: 'd0000000/holiday photos/2026/',
      view: 'grid' as const,
      sort: 'updated_at' as const,
      order: 'desc' as const,
      filter: 'beach',
      selected: ['a b.png', 'c&d.txt'],
      open: 'a b.png',
    };
    const href = filesHref('/files', view);
    expect(href).toBe(
      '/files/files/d0000000/holiday%20photos/2026/?view=grid&sort=updated_at.desc&q=beach&sel=a+b.png&sel=c%26d.txt&open=a+b.png',
    );
    const url = new URL(href, 'http://portal');
    expect(parseFilesLocation('/files', url.pathname, url.search)).toEqual(view);
  });

  it('leaves defaults out, and keeps a folder name with a slash-free percent sign intact', () => {
    expect(filesHref('/files', { ...DEFAULT_VIEW, bucket: 'public-assets' })).toBe(
      '/files/public-assets/',
    );
    expect(parseFilesLocation('/files', '/files/files/100%/', '').folder).toBe('100%/');
  });

  it('drops selection, preview and filter when moving to another folder', () => {
    const view = {
      ...DEFAULT_VIEW,
      bucket: 'files',
      folder: 'a/',
      selected: ['x'],
      open: 'x',
      filter: 'x',
      view: 'grid' as const,
    };
    expect(folderView(view, 'files', 'a/b/')).toEqual({
      ...view,
      folder: 'a/b/',
      selected: [],
      open: null,
      filter: '',
    });
  });
});

describe('clearing the selection when an action ends', () => {
  const here = (href: string) => new URL(href, 'http://portal');

  it('keeps what the person changed in the folder since the action started', () => {
    expect(
      selectionClearedHref(
        '/files',
        'files',
        'u1/',
        here('/files/files/u1/?view=grid&sort=updated_at.desc&sel=a.txt&sel=b.txt'),
      ),
    ).toBe('/files/files/u1/?view=grid&sort=updated_at.desc');
  });

  it('goes nowhere once the person is in another folder or back at the list of places', () => {
    expect(selectionClearedHref('/files', 'files', 'u1/', here('/files/files/u1/archive/'))).toBeNull();
    expect(selectionClearedHref('/files', 'files', 'u1/', here('/files/public-assets/'))).toBeNull();
    expect(selectionClearedHref('/files', 'files', 'u1/', here('/files'))).toBeNull();
  });
});
