// A document being added, in words: how far it is (the bar and its label) and how its passages
// came out. The steps keep the function's names in the code (split, embed, store); people read
// what each does.
import { countOf, countRange } from '@portal/ui/words';
import type { Passage } from '../passages/split-passages.js';

export type Stage = 'read' | 'split' | 'embed' | 'store' | 'ready' | 'failed';

export interface IndexingState {
  stage: Stage;
  embedded: { done: number; total: number } | null;
  passages: Passage[];
  /** The function's step that failed (`split`, `embed`, `store`…), when one did. */
  failedStep: string | null;
}

/** "3 passages of 80–126 characters (about 100 on average)"; one passage is just its length. */
export function sizes(passages: readonly Passage[]): string {
  if (passages.length === 0) return 'no passages';
  const lengths = passages.map((p) => p.text.length);
  const least = Math.min(...lengths);
  const most = Math.max(...lengths);
  const range = `${countOf(passages.length, 'passage')} of ${countRange(least, most, 'character')}`;
  if (least === most) return range;
  const average = Math.round(lengths.reduce((a, b) => a + b, 0) / lengths.length);
  return `${range} (about ${countOf(average, 'character')} on average)`;
}

/** Each step as people say it (the function's names, split/embed/store, are for developers). */
const STEP_IN_WORDS: Record<string, string> = {
  read: 'reading the file',
  split: 'dividing the text into passages',
  embed: 'preparing the passages for search',
  store: 'saving the passages',
};

/** "Preparing the passages for search failed": a failed step, said as people say it. */
export function stepFailed(step: string | null): string {
  const words = (step && STEP_IN_WORDS[step]) ?? 'a step';
  return `${words[0]!.toUpperCase()}${words.slice(1)} failed`;
}

/** The bar: dividing is step 1, preparing fills step 2 passage by passage, saving is step 3. */
export function progressOf(job: IndexingState): {
  value: number;
  label: string;
  step: number;
} {
  switch (job.stage) {
    case 'read':
      return { value: 0, label: 'reading the file', step: 1 };
    case 'split':
      return { value: 0, label: 'dividing the text into passages', step: 1 };
    case 'embed': {
      const { done, total } = job.embedded ?? { done: 0, total: job.passages.length };
      return {
        value: 1 + (total > 0 ? done / total : 0),
        label: `preparing for search: ${done} of ${countOf(total, 'passage')}`,
        step: 2,
      };
    }
    case 'store':
      return { value: 2, label: `saving ${countOf(job.passages.length, 'passage')}`, step: 3 };
    case 'ready':
      return { value: 3, label: 'ready to search', step: 3 };
    case 'failed':
      return {
        value: 3,
        label: `not indexed: ${(job.failedStep && STEP_IN_WORDS[job.failedStep]) ?? 'a step'} failed`,
        step: 3,
      };
  }
}
