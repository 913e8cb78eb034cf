import { avatarColourOf, initialsOf } from './initials.js';
import { nextSort } from './sort.js';

describe('nextSort', () => {
  it('cycles ascending → descending → none, and restarts on another column', () => {
    const asc = nextSort(null, 'name');
    expect(asc).toEqual({ key: 'name', direction: 'ascending' });
    const desc = nextSort(asc, 'name');
    expect(desc).toEqual({ key: 'name', direction: 'descending' });
    expect(nextSort(desc, 'name')).toBeNull();
    expect(nextSort(desc, 'id')).toEqual({ key: 'id', direction: 'ascending' });
  });
});

describe('initialsOf and avatarColourOf', () => {
  it('takes up to two initials from a name or an email', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('grace brewster murray hopper')).toBe('GH');
    expect(initialsOf('linus.torvalds@example.com')).toBe('LT');
    expect(initialsOf('ada@example.com')).toBe('A');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf('émile zola')).toBe('ÉZ');
  });

  it('gives the same person the same colour every time', () => {
    expect(avatarColourOf('ada@example.com')).toBe(avatarColourOf('ada@example.com'));
    expect(avatarColourOf('ada@example.com')).toMatch(/^#[0-9a-f]{6}$/);
  });
});
