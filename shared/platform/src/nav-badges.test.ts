import { createNavBadges } from './nav-badges.js';

describe('navigation badges', () => {
  it('keeps one badge per remote, tells listeners only about changes, and clears at zero', () => {
    const badges = createNavBadges();
    const heard: number[] = [];
    badges.subscribe(() => heard.push(Object.keys(badges.get()).length));

    badges.set('live', { count: 2, label: '2 unread messages' });
    badges.set('files', { count: 1, label: '1 upload waiting' });
    const snapshot = badges.get();
    badges.set('live', { count: 2, label: '2 unread messages' }); // the same: no new snapshot
    expect(badges.get()).toBe(snapshot);
    expect(badges.get()).toEqual({ live: { count: 2, label: '2 unread messages' }, files: { count: 1, label: '1 upload waiting' } });

    badges.set('live', { count: 0, label: 'nothing unread' });
    expect(badges.get()).toEqual({ files: { count: 1, label: '1 upload waiting' } });
    badges.set('live', null); // already gone: nothing to tell
    badges.set('files', null);
    expect(badges.get()).toEqual({});
    expect(heard).toEqual([1, 2, 1, 0]);
  });

  it('refuses what is not a count', () => {
    const badges = createNavBadges();
    expect(() => badges.set('live', { count: -1, label: 'x' })).toThrow(/not a count \(remote "live"\)/);
    expect(() => badges.set('live', { count: 1.5, label: 'x' })).toThrow(RangeError);
  });
});
