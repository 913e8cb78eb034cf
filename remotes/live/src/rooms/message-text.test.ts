import { mentionQueryAt, mentionsIn, piecesOf, safeHref } from './message-text.js';

const people = new Map([
  ['u-ann', 'Ann'],
  ['u-ann-lee', 'Ann Lee'],
  ['u-bob', 'Bob'],
]);

describe('a message’s text', () => {
  it('turns web and mail addresses into links, and nothing else', () => {
    expect(piecesOf('see https://example.com/a?b=1, or www.example.org and mail me@example.com', new Map())).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', or ' },
      { kind: 'link', text: 'www.example.org', href: 'http://www.example.org/' },
      { kind: 'text', text: ' and mail ' },
      { kind: 'link', text: 'me@example.com', href: 'mailto:me@example.com' },
    ]);
    for (const text of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '<a href="javascript:alert(1)">x</a>']) {
      expect(piecesOf(text, new Map()).filter((p) => p.kind === 'link')).toEqual([]);
    }
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('vbscript:x')).toBeNull();
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c');
  });

  it('finds mentions by the names shown, longest first, only after a space or at the start', () => {
    expect(piecesOf('@Ann Lee and @Bob, not mail@Bob', people)).toEqual([
      { kind: 'mention', text: '@Ann Lee', userId: 'u-ann-lee' },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', text: '@Bob', userId: 'u-bob' },
      { kind: 'text', text: ', not mail@Bob' },
    ]);
    expect(mentionsIn('hi @Ann, @Ann and @Bob', people)).toEqual(['u-ann', 'u-bob']);
    expect(mentionsIn('nobody @Zed', people)).toEqual([]);
  });

  it('knows when the caret is in a mention being typed', () => {
    expect(mentionQueryAt('hello @An', 9)).toEqual({ query: 'An', start: 6 });
    expect(mentionQueryAt('@', 1)).toEqual({ query: '', start: 0 });
    expect(mentionQueryAt('hello @Ann L', 12)).toEqual({ query: 'Ann L', start: 6 });
    expect(mentionQueryAt('mail@x', 6)).toBeNull();
    expect(mentionQueryAt('hello @Ann and more words', 25)).toBeNull();
  });
});
