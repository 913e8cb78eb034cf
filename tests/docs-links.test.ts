// Code comments and READMEs point at docs/ by section (`docs/compatibility.md#auth-errors`).
// Every such link must lead to a page that exists and a heading on it, so renaming a heading
// without updating its links fails here rather than leaving a maintainer at a dead end.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const docs = path.join(root, 'docs');
const SKIP = new Set([
  'node_modules',
  'dist',
  '.git',
  '.tmp',
  '.supabase-local',
  '.deploy',
  'coverage',
]);
const SOURCE = /\.(ts|tsx|js|mjs|cjs|sql|md|toml)$/;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a markdown page, with GitHub's `-1`, `-2` suffixes for repeated headings. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = anchorOf(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

const pages = new Map(
  readdirSync(docs)
    .filter((name) => name.endsWith('.md'))
    .map((name) => [name, anchorsOf(readFileSync(path.join(docs, name), 'utf8'))]),
);

interface Link {
  from: string;
  page: string;
  anchor: string | null;
}

/** `docs/<page>.md#<anchor>` anywhere, and inside docs/ also `(<page>.md#anchor)` and `(#anchor)`. */
function linksIn(file: string): Link[] {
  const text = readFileSync(file, 'utf8');
  const from = path.relative(root, file);
  const links: Link[] = [];
  for (const match of text.matchAll(/docs\/([a-z0-9-]+\.md)(?:#([a-z0-9_-]+))?/g)) {
    links.push({ from, page: match[1]!, anchor: match[2] ?? null });
  }
  if (path.dirname(file) === docs) {
    for (const match of text.matchAll(/\]\(([a-z0-9-]+\.md)?#([a-z0-9_-]+)\)/g)) {
      links.push({ from, page: match[1] ?? path.basename(file), anchor: match[2]! });
    }
  }
  return links;
}

describe('links into docs/', () => {
  const links = sourceFiles(root).flatMap(linksIn);

  it('are many: comments across the code point at their sections', () => {
    expect(links.filter((link) => link.anchor !== null).length).toBeGreaterThan(60);
  });

  it('lead to pages that exist and headings on them', () => {
    const broken = links.filter(
      (link) =>
        !pages.get(link.page) || (link.anchor !== null && !pages.get(link.page)!.has(link.anchor)),
    );
    expect(broken).toEqual([]);
  });

  it('computes anchors as GitHub does', () => {
    expect(anchorOf('Auth refresh-token rotation')).toBe('auth-refresh-token-rotation');
    expect(anchorOf("Debian's Chromium, driven by playwright-core")).toBe(
      'debians-chromium-driven-by-playwright-core',
    );
    expect(anchorOf('Auth (`/auth/v1`, GoTrue)')).toBe('auth-authv1-gotrue');
  });
});
