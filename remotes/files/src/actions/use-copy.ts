// Copying files beside themselves (`<name> copy.<ext>`), one after another. When storage answers
// that the name is taken, the person is asked (CopyConflictDialog): Replace it (one upsert copy),
// Keep both (a free numbered name, as uploads do), or Cancel (this file and the ones after it are
// not copied). A refusal stops the copy and says why; nothing existing is changed by it.
import { usePortal } from '@portal/platform';
import { useState } from 'react';
import type { NameConflictChoice } from '../components/NameConflictChoices.js';
import { describeFailure } from '../failures.js';
import { copyName } from '../folder-ops.js';
import { copyKeepingBoth, copyObject, type CopyOutcome } from '../storage/copies.js';
import type { Entry } from '../storage/folder-page.js';

/** A copy whose name is taken, waiting for the person's answer. */
export interface CopyConflict {
  entry: Entry;
  /** The taken name (`b copy.txt`). */
  target: string;
  /** Which of the selected files it is (1-based) and how many there are. */
  place: number;
  total: number;
  /** The answer being carried out, or null while the question waits. */
  working: NameConflictChoice | null;
  choose: (choice: NameConflictChoice) => void;
}

/** The last part of an object name: `me/a/b.txt` → `b.txt`. */
export function nameOf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

export interface Copying {
  copy: (entries: Entry[]) => Promise<void>;
  /** A copy is running. */
  busy: boolean;
  /** The question waiting for the person's answer, if any. */
  conflict: CopyConflict | null;
}

export function useCopy({
  bucket,
  setError,
  onChanged,
  onPartlyChanged,
}: {
  bucket: string;
  /** Where a refusal goes, in words. */
  setError: (error: string | null) => void;
  /** Every file was copied. */
  onChanged: () => void;
  /** Some files were copied before the copy stopped. */
  onPartlyChanged: () => void;
}): Copying {
  const { supabase, notify } = usePortal();
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<CopyConflict | null>(null);
  const ask = (question: Omit<CopyConflict, 'working' | 'choose'>) =>
    new Promise<NameConflictChoice>((resolve) =>
      setConflict({
        ...question,
        working: null,
        choose: (choice) => {
          setConflict((current) => (current ? { ...current, working: choice } : current));
          resolve(choice);
        },
      }),
    );
  const copy = async (entries: Entry[]) => {
    if (busy) return;
    setError(null);
    setBusy(true);
    const total = entries.length;
    let copied = 0;
    const before = () =>
      copied > 0
        ? ` ${copied} of ${total} files ${copied === 1 ? 'was' : 'were'} copied before it.`
        : '';
    try {
      for (const [index, entry] of entries.entries()) {
        const target = copyName(entry.key);
        let outcome: CopyOutcome = await copyObject(supabase, bucket, entry.key, target);
        if (outcome.kind === 'exists') {
          const choice = await ask({ entry, target, place: index + 1, total });
          if (choice === 'dismiss') {
            setConflict(null);
            if (copied > 0) {
              notify({
                tone: 'info',
                title: `Copied ${copied} of ${total} files`,
                message: `“${entry.name}”${index + 1 < total ? ' and the files after it were' : ' was'} not copied.`,
              });
              onPartlyChanged();
            }
            return;
          }
          outcome =
            choice === 'replace'
              ? await copyObject(supabase, bucket, entry.key, target, { replace: true })
              : await copyKeepingBoth(supabase, bucket, entry.key, target);
          setConflict(null);
        }
        if (outcome.kind !== 'copied') {
          setError(
            `Could not copy “${entry.name}”: ${
              outcome.kind === 'exists'
                ? `each free name tried was taken meanwhile (the last, “${nameOf(outcome.key)}”). Try again.`
                : outcome.reason
            }${before()}`,
          );
          // The copies made before the refusal are in storage: the listing shows them.
          if (copied > 0) onPartlyChanged();
          return;
        }
        copied += 1;
      }
      notify({
        tone: 'success',
        title: total === 1 ? 'Copied' : `Copied ${total} files`,
      });
      onChanged();
    } catch (thrown) {
      // The connection failed (supabase-js answers storage's refusals, it does not throw them).
      setError(`Could not copy: ${describeFailure(thrown)}${before()}`);
      if (copied > 0) onPartlyChanged();
    } finally {
      setConflict(null);
      setBusy(false);
    }
  };
  return { copy, busy, conflict };
}
