// `Prefer` as a comma list (docs/compatibility.md#rest-requests: postgrest-js joins values with ",
// ", rpc with ","; several `Prefer` headers may be sent). Unknown preferences are ignored unless
// `handling=strict`, which turns them into PGRST122 as PostgREST 12+ does.
import { requestErrors } from '../errors.js';

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
  timezone?: string;
  /** Preferences that were not understood, as sent. */
  invalid: string[];
}

const CHOICES = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
} as const;

export function parsePrefer(header: string | null | undefined): Preferences {
  const preferences: Preferences = { invalid: [] };
  if (!header) return preferences;
  for (const raw of header.split(',')) {
    const item = raw.trim();
    if (!item) continue;
    const eq = item.indexOf('=');
    const key = (eq < 0 ? item : item.slice(0, eq)).trim().toLowerCase();
    const value = eq < 0 ? '' : item.slice(eq + 1).trim();
    if (key in CHOICES) {
      const choices = CHOICES[key as keyof typeof CHOICES] as readonly string[];
      if (choices.includes(value)) {
        (preferences as unknown as Record<string, string>)[key] = value;
        continue;
      }
    } else if (key === 'max-affected' && /^\d{1,15}$/.test(value)) {
      preferences.maxAffected = Number(value);
      continue;
    } else if (key === 'timezone' && value) {
      preferences.timezone = value;
      continue;
    }
    preferences.invalid.push(item);
  }
  if (preferences.handling === 'strict' && preferences.invalid.length) {
    throw requestErrors.invalidPreferences(preferences.invalid);
  }
  return preferences;
}

export type AppliedPreference =
  'resolution' | 'missing' | 'return' | 'count' | 'tx' | 'handling' | 'timezone' | 'max-affected';

/** `Preference-Applied`, in PostgREST's order; null when nothing was applied. */
export function formatApplied(
  preferences: Preferences,
  applied: ReadonlySet<AppliedPreference>,
): string | null {
  const parts: string[] = [];
  const add = (key: AppliedPreference, value: string | number | undefined) => {
    if (value !== undefined && applied.has(key)) parts.push(`${key}=${value}`);
  };
  add('resolution', preferences.resolution);
  add('missing', preferences.missing);
  add('return', preferences.return);
  add('count', preferences.count);
  add('tx', preferences.tx);
  add('handling', preferences.handling);
  add('timezone', preferences.timezone);
  add('max-affected', preferences.maxAffected);
  return parts.length ? parts.join(', ') : null;
}
