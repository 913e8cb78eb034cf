/** Up to two initials for an avatar: "Ada Lovelace" → "AL", "ada@example.com" → "A". */
export function initialsOf(name: string | null | undefined): string {
  const cleaned = (name ?? '').trim().replace(/@.*$/, '');
  if (!cleaned) return '?';
  const words = cleaned.split(/[\s._-]+/).filter(Boolean);
  const letters = (words.length > 1 ? [words[0], words[words.length - 1]] : [words[0]]).map((word) =>
    Array.from(word ?? '')[0]?.toUpperCase() ?? '',
  );
  return letters.join('') || '?';
}

// Background colours for initials avatars, all dark enough for white text (≥ 4.5:1).
const AVATAR_COLOURS = ['#0f766e', '#1d4ed8', '#7c3aed', '#be185d', '#b45309', '#047857', '#4338ca', '#a21caf', '#0e7490', '#9f1239'];

/** A stable colour per person, so the same user looks the same in every remote. */
export function avatarColourOf(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] ?? AVATAR_COLOURS[0]!;
}
