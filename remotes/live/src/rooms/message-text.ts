// A message's text as pieces to render: plain text, links and mentions. Links are recognised by
// linkify-it (web addresses, with or without a scheme, and email addresses) and kept only when they
// open a web page or a mail (http, https, mailto): a `javascript:` or `data:` address stays text.
// Mentions are the "@Name" of the people the message mentions, named as their profile has them now.
// Pure: the page renders each piece as React text or an anchor, never as HTML.
import LinkifyIt from 'linkify-it';

export type TextPiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string } | { kind: 'mention'; text: string; userId: string };

const linkify = new LinkifyIt();
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** The address a link opens, or null when it would open anything but a web page or a mail. */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return SAFE_SCHEMES.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

function linkPieces(text: string): TextPiece[] {
  const matches = linkify.match(text) ?? [];
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const match of matches) {
    const href = safeHref(match.url);
    if (!href) continue;
    if (match.index > at) pieces.push({ kind: 'text', text: text.slice(at, match.index) });
    pieces.push({ kind: 'link', text: match.raw, href });
    at = match.lastIndex;
  }
  if (at < text.length) pieces.push({ kind: 'text', text: text.slice(at) });
  return pieces;
}

/** Splits `text` into text, links and the mentions of `people` (user id → name shown). */
export function piecesOf(text: string, people: ReadonlyMap<string, string>): TextPiece[] {
  // Longest names first: "@Ann Lee" is not "@Ann" followed by " Lee".
  const named = [...people].filter(([, name]) => name.trim() !== '').sort(([, a], [, b]) => b.length - a.length);
  const pieces: TextPiece[] = [];
  let plain = '';
  for (let i = 0; i < text.length; ) {
    if (text[i] === '@' && (i === 0 || /\s|[([{"'“‘]/.test(text[i - 1]!))) {
      const found = named.find(([, name]) => text.startsWith(name, i + 1));
      if (found) {
        if (plain) pieces.push(...linkPieces(plain));
        plain = '';
        pieces.push({ kind: 'mention', text: `@${found[1]}`, userId: found[0] });
        i += found[1].length + 1;
        continue;
      }
    }
    plain += text[i];
    i += 1;
  }
  if (plain) pieces.push(...linkPieces(plain));
  return pieces;
}

/** The people of `members` whose "@Name" the text holds: whom a message mentions. */
export function mentionsIn(text: string, members: ReadonlyMap<string, string>): string[] {
  return [...new Set(piecesOf(text, members).flatMap((piece) => (piece.kind === 'mention' ? [piece.userId] : [])))];
}

/** What the person is typing as a mention, at the caret: the query after "@", and where the "@" is. */
export function mentionQueryAt(text: string, caret: number): { query: string; start: number } | null {
  const before = text.slice(0, caret);
  const match = /(?:^|[\s([{"'“‘])@([^\s@]{0,30}(?: [^\s@]{0,30})?)$/.exec(before);
  if (!match) return null;
  const query = match[1]!;
  return { query, start: caret - query.length - 1 };
}
