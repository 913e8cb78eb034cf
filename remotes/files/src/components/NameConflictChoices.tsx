// The question asked when a name is taken, the same wherever it is asked (an upload in the queue,
// a copy in CopyConflictDialog): Replace, Keep both (a free numbered name, upload/checks.ts's
// `keepBothName` past the names storage finds), or leave it (Skip / Cancel).
import { Button, Inline } from '@portal/ui';
import type { ReactNode } from 'react';

export type NameConflictChoice = 'replace' | 'keep-both' | 'dismiss';

export function NameConflictChoices({
  dismissLabel,
  working = null,
  onChoose,
}: {
  /** "Skip" for one upload among others, "Cancel" for an action the person started. */
  dismissLabel: string;
  /** The choice being carried out (its button spins; the others wait), or null. */
  working?: NameConflictChoice | null;
  onChoose: (choice: NameConflictChoice) => void;
}): ReactNode {
  const busy = working !== null;
  return (
    <Inline gap={2}>
      <Button
        size="sm"
        loading={working === 'replace'}
        disabled={busy && working !== 'replace'}
        onClick={() => onChoose('replace')}
      >
        Replace
      </Button>
      <Button
        size="sm"
        variant="secondary"
        loading={working === 'keep-both'}
        disabled={busy && working !== 'keep-both'}
        onClick={() => onChoose('keep-both')}
      >
        Keep both
      </Button>
      <Button size="sm" variant="ghost" disabled={busy} onClick={() => onChoose('dismiss')}>
        {dismissLabel}
      </Button>
    </Inline>
  );
}
