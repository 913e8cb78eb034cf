// How a project in Supabase CLI layout names its functions, read the same way by the emulator
// (which lists and serves them) and by the functions remote's build (which deploys their
// catalogue for hosted Supabase, where no API lists them): which folders of
// `supabase/functions/` are functions, which file is a function's entrypoint, and the
// description a function carries in its entrypoint's leading comment.
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The Supabase CLI's function slug rule. Folders whose name does not fit it (`_shared`,
 * `.temp`, …) hold shared code, as in Supabase projects.
 */
export const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** The files a function's folder may start from, in the order they are looked for. */
export const ENTRYPOINTS = Object.freeze([
  'index.ts',
  'index.tsx',
  'index.mts',
  'index.js',
  'index.mjs',
  'index.jsx',
]);

/**
 * The entrypoint of the function in `dir`: the first of ENTRYPOINTS that exists there, or null.
 * @param {string} dir
 * @returns {string | null}
 */
export function findEntrypoint(dir) {
  for (const file of ENTRYPOINTS) {
    const candidate = path.join(dir, file);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** A description is a line of a catalogue, not the whole comment. */
const DESCRIPTION_LIMIT = 500;

/**
 * The leading comment of a source file, first paragraph, as one line: a block comment
 * (`/** … *\/` or `/* … *\/`) or a run of line comments, after blank lines only. Null without one.
 * @param {string} source
 * @returns {string | null}
 */
export function leadingDescription(source) {
  /** @type {string[]} */
  const lines = [];
  const text = source.replace(/^\uFEFF/, '');
  const block = /^\s*\/\*\*?([\s\S]*?)\*\//.exec(text);
  if (block) {
    for (const line of block[1].split('\n')) lines.push(line.replace(/^\s*\*?\s?/, ''));
  } else {
    for (const line of text.split('\n')) {
      const match = /^\s*\/\/\s?(.*)$/.exec(line);
      if (match) lines.push(match[1]);
      else if (line.trim() !== '' || lines.length > 0) break;
    }
  }
  /** @type {string[]} */
  const paragraph = [];
  for (const line of lines) {
    if (line.trim() === '') {
      if (paragraph.length > 0) break;
      continue;
    }
    paragraph.push(line.trim());
  }
  const description = paragraph.join(' ').trim();
  return description ? description.slice(0, DESCRIPTION_LIMIT) : null;
}
