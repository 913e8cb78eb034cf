import { placeCrumbs, placeInWords, placeOf } from './places.js';
import type { Area } from './places.js';

const ME = '9a445d76-0c1e-4c3d-8e9f-0123456789ab';
const area = (label: string, bucket: string, folder: string): Area => ({
  label,
  description: '',
  bucket,
  folder,
  readOnly: null,
});
const MY_FILES = area('My files', 'files', `${ME}/`);
const GARDEN = area('Garden', 'files', 'projects/12/');
const PUBLIC = area('Public assets', 'public-assets', '');
const PLACES = [MY_FILES, GARDEN, PUBLIC];

describe('a place as the person knows it', () => {
  it('names an area by its label and the folders inside it, never the key', () => {
    expect(placeInWords(PLACES, 'files', `${ME}/`)).toBe('My files');
    expect(placeInWords(PLACES, 'files', `${ME}/archive/`)).toBe('My files / archive');
    expect(placeInWords(PLACES, 'files', `${ME}/archive/2026/old.txt`)).toBe('My files / archive / 2026 / old.txt');
    expect(placeInWords(PLACES, 'files', 'projects/12/plans/')).toBe('Garden / plans');
    expect(placeInWords(PLACES, 'public-assets', 'logos/')).toBe('Public assets / logos');
  });

  it('says a name in an area’s trash as the trash and the path it had, not the deletion’s folder', () => {
    expect(placeInWords(PLACES, 'files', `${ME}/.trash/1764400000000-k3x9q2-1/archive/old.txt`)).toBe(
      'My files / Trash / archive / old.txt',
    );
    expect(placeInWords(PLACES, 'files', 'projects/12/.trash/')).toBe('Garden / Trash');
  });

  it('tells buckets apart, and shows the whole path of a folder in none of the person’s places', () => {
    // The public assets' area is the whole of its bucket: it must not claim the files bucket's keys.
    expect(placeOf(PLACES, 'files', 'projects/99/')).toBeNull();
    expect(placeInWords(PLACES, 'files', 'projects/99/a/')).toBe('files / projects / 99 / a');
    expect(placeInWords([], 'files', `${ME}/`)).toBe(`files / ${ME}`);
  });

  it('gives the breadcrumb of a folder, each step with the folder it opens', () => {
    expect(placeCrumbs(PLACES, 'files', `${ME}/archive/2026/`)).toEqual([
      { label: 'My files', folder: `${ME}/` },
      { label: 'archive', folder: `${ME}/archive/` },
      { label: '2026', folder: `${ME}/archive/2026/` },
    ]);
    expect(placeCrumbs(PLACES, 'files', 'projects/12/')).toEqual([{ label: 'Garden', folder: 'projects/12/' }]);
  });
});
