// A document's text → passages, the units that are embedded, stored and found. Sections start
// at Markdown headings (`# …` to `###### …`); inside a section, whole paragraphs are packed
// into passages of at most `maxChars`, a paragraph longer than that is cut at sentence ends
// (or, failing that, between words), and each passage after the first of its section repeats
// the last `overlapChars` or so of the one before, so a sentence cut at a boundary is still
// found whole. Every passage is an exact range [start, end) of the text, so the document can be
// shown with the passage marked.

export interface Passage {
  /** The heading of the section the passage belongs to, or null before any heading. */
  heading: string | null;
  text: string;
  start: number;
  end: number;
}

export interface SplitOptions {
  maxChars?: number;
  overlapChars?: number;
}

export const DEFAULT_MAX_CHARS = 1000;
export const DEFAULT_OVERLAP_CHARS = 150;

interface Unit {
  start: number;
  end: number;
  heading: string | null;
  isHeading: boolean;
}

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.+?)[ \t#]*$/;

/** Non-blank runs of lines; each heading line is a unit of its own. */
function paragraphs(text: string): Unit[] {
  const units: Unit[] = [];
  let heading: string | null = null;
  let open: Unit | null = null;
  const re = /[^\n]*(\n|$)/g;
  for (let m = re.exec(text); m && m[0] !== ''; m = re.exec(text)) {
    const lineStart = m.index;
    const line = m[0].replace(/\r?\n$/, '');
    const lineEnd = lineStart + line.length;
    const headingMatch = HEADING.exec(line);
    if (line.trim() === '' || headingMatch) {
      if (open) units.push(open);
      open = null;
      if (headingMatch) {
        heading = headingMatch[2]!.trim();
        units.push({ start: lineStart, end: lineEnd, heading, isHeading: true });
      }
      continue;
    }
    if (open) open.end = lineEnd;
    else
      open = {
        start: lineStart + (line.length - line.trimStart().length),
        end: lineEnd,
        heading,
        isHeading: false,
      };
  }
  if (open) units.push(open);
  return units.map((u) => ({ ...u, end: trimEnd(text, u.start, u.end) }));
}

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /\s/.test(text[end - 1]!)) end -= 1;
  return end;
}

/** The last boundary (sentence end, else whitespace) in (start, limit], or limit itself. */
function cutPoint(text: string, start: number, limit: number): number {
  const window = text.slice(start, limit + 1);
  let best = -1;
  const sentence = /[.!?…]["')\]]?\s+/g;
  for (let m = sentence.exec(window); m; m = sentence.exec(window)) {
    const at = m.index + m[0].length;
    if (at <= limit - start && at > (limit - start) / 3) best = at;
  }
  if (best < 0) {
    const space = window.lastIndexOf(' ', limit - start);
    best = space > (limit - start) / 3 ? space + 1 : limit - start;
  }
  return start + best;
}

/** A long paragraph as pieces of at most maxChars. */
function cutLong(text: string, unit: Unit, maxChars: number): Unit[] {
  const pieces: Unit[] = [];
  let start = unit.start;
  while (unit.end - start > maxChars) {
    const end = cutPoint(text, start, start + maxChars);
    pieces.push({ ...unit, start, end: trimEnd(text, start, end) });
    start = end;
    while (start < unit.end && /\s/.test(text[start]!)) start += 1;
  }
  if (start < unit.end) pieces.push({ ...unit, start });
  return pieces;
}

/** Where a passage that repeats about `overlap` characters before `end` starts: a word start. */
function overlapStart(text: string, floor: number, end: number, overlap: number): number {
  if (overlap <= 0) return Number.POSITIVE_INFINITY;
  let at = Math.max(floor, end - overlap);
  // Move forward to the start of a word, so the overlap never begins mid-word.
  if (at > floor && !/\s/.test(text[at - 1]!)) {
    while (at < end && !/\s/.test(text[at]!)) at += 1;
  }
  while (at < end && /\s/.test(text[at]!)) at += 1;
  return at;
}

export function splitPassages(text: string, options: SplitOptions = {}): Passage[] {
  const maxChars = Math.max(50, options.maxChars ?? DEFAULT_MAX_CHARS);
  const overlapChars = Math.min(
    Math.max(0, options.overlapChars ?? DEFAULT_OVERLAP_CHARS),
    Math.floor(maxChars / 2),
  );
  const passages: Passage[] = [];
  let current: { start: number; end: number; heading: string | null; hasBody: boolean } | null =
    null;
  const flush = () => {
    if (current && current.end > current.start) {
      passages.push({
        heading: current.heading,
        start: current.start,
        end: current.end,
        text: text.slice(current.start, current.end),
      });
    }
    current = null;
  };

  for (const paragraph of paragraphs(text)) {
    if (paragraph.isHeading) {
      flush();
      current = {
        start: paragraph.start,
        end: paragraph.end,
        heading: paragraph.heading,
        hasBody: false,
      };
      continue;
    }
    for (const unit of cutLong(text, paragraph, maxChars)) {
      if (current && current.hasBody && unit.end - current.start > maxChars) {
        const previous: { start: number; end: number } = current;
        flush();
        const start = overlapStart(text, previous.start, previous.end, overlapChars);
        current = {
          start: Math.min(start, unit.start),
          end: unit.end,
          heading: unit.heading,
          hasBody: true,
        };
        continue;
      }
      if (current) {
        current.end = unit.end;
        current.hasBody = true;
      } else current = { start: unit.start, end: unit.end, heading: unit.heading, hasBody: true };
    }
  }
  flush();
  return passages;
}
