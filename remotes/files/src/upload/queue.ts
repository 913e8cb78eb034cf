// The upload queue as a pure state machine: every change is an event, every item has a named
// status, and the component only dispatches events and renders the state.
//
//   refused                         (checked against the bucket before anything is sent)
//   queued → sending → stored
//               ├→ exists → (replace | keep both → queued) | skipped
//               ├→ failed → (retry → queued)
//               └→ paused → (resume → queued)      (resumable items only)
//   queued | sending | paused | exists | failed → cancelled
import { checkUpload, keepBothName, type BucketLimits, type CandidateFile } from './checks.js';

export type UploadStatus =
  | 'refused'
  | 'queued'
  | 'sending'
  | 'paused'
  | 'exists'
  | 'stored'
  | 'failed'
  | 'cancelled'
  | 'skipped';

export interface UploadItem<F extends CandidateFile = CandidateFile> {
  id: string;
  file: F;
  /** The object name it is stored under. */
  key: string;
  status: UploadStatus;
  /** Why it was refused or failed. */
  reason: string | null;
  upsert: boolean;
  /** Sent through the resumable transport: it can pause, and goes on from the server's offset. */
  resumable: boolean;
  loaded: number;
  /** The bytes the server already had when this attempt started (speed counts only new ones). */
  startLoaded: number;
  /** Where the server said an earlier part ended, when this attempt resumed one. */
  resumedFrom: number | null;
  startedAt: number | null;
  updatedAt: number | null;
}

export interface QueueState<F extends CandidateFile = CandidateFile> {
  items: UploadItem<F>[];
}

export type ConflictChoice = 'replace' | 'keep-both' | 'skip';

export type QueueEvent<F extends CandidateFile = CandidateFile> =
  | {
      type: 'add';
      files: {
        id: string;
        file: F;
        key: string;
        resumable?: boolean;
        /** Replace an object of the same name without asking (e.g. a profile picture). */
        upsert?: boolean;
        /** The host's own reason to refuse this file, checked before the bucket's. */
        refusal?: string;
      }[];
      limits: BucketLimits;
    }
  | { type: 'start'; id: string; now: number }
  | { type: 'resumed-from'; id: string; offset: number; now: number }
  | { type: 'progress'; id: string; loaded: number; now: number }
  | { type: 'stored'; id: string; now: number }
  | { type: 'exists'; id: string }
  | {
      type: 'resolve';
      id: string;
      choice: ConflictChoice;
      taken: ReadonlySet<string>;
      /** The name "keep both" numbers (default: the item's), when its numbered one was refused. */
      base?: string;
    }
  | { type: 'fail'; id: string; reason: string }
  | { type: 'pause'; id: string }
  | { type: 'resume'; id: string }
  | { type: 'retry'; id: string }
  | { type: 'cancel'; id: string }
  | { type: 'clear-finished' };

export const EMPTY_QUEUE: QueueState = { items: [] };

const FINISHED: ReadonlySet<UploadStatus> = new Set([
  'refused',
  'stored',
  'failed',
  'cancelled',
  'skipped',
]);
const CANCELLABLE: ReadonlySet<UploadStatus> = new Set([
  'queued',
  'sending',
  'paused',
  'exists',
  'failed',
]);

export function canCancel(item: UploadItem): boolean {
  return CANCELLABLE.has(item.status);
}

export function canPause(item: UploadItem): boolean {
  return item.resumable && item.status === 'sending';
}

export function isFinished(item: UploadItem): boolean {
  return FINISHED.has(item.status);
}

function update<F extends CandidateFile>(
  state: QueueState<F>,
  id: string,
  allowed: UploadStatus[],
  change: (item: UploadItem<F>) => Partial<UploadItem<F>>,
): QueueState<F> {
  let changed = false;
  const items = state.items.map((item) => {
    if (item.id !== id || !allowed.includes(item.status)) return item;
    changed = true;
    return { ...item, ...change(item) };
  });
  return changed ? { items } : state;
}

export function queueReducer<F extends CandidateFile>(
  state: QueueState<F>,
  event: QueueEvent<F>,
): QueueState<F> {
  switch (event.type) {
    case 'add': {
      const added = event.files.map((added): UploadItem<F> => {
        const { id, file, key, resumable = false, upsert = false } = added;
        const reason = added.refusal ?? checkUpload(file, key, event.limits) ?? null;
        return {
          id,
          file,
          key,
          status: reason ? 'refused' : 'queued',
          reason,
          upsert,
          resumable,
          loaded: 0,
          startLoaded: 0,
          resumedFrom: null,
          startedAt: null,
          updatedAt: null,
        };
      });
      return { items: [...state.items, ...added] };
    }
    case 'start':
      // A resumable item keeps the bytes it had until the server says where it stands.
      return update(state, event.id, ['queued'], (item) => ({
        status: 'sending',
        loaded: item.resumable ? item.loaded : 0,
        startLoaded: item.resumable ? item.loaded : 0,
        resumedFrom: null,
        startedAt: event.now,
        updatedAt: event.now,
      }));
    case 'resumed-from':
      return update(state, event.id, ['sending'], (item) => ({
        loaded: Math.min(event.offset, item.file.size),
        startLoaded: Math.min(event.offset, item.file.size),
        resumedFrom: event.offset,
        startedAt: event.now,
        updatedAt: event.now,
      }));
    case 'progress':
      return update(state, event.id, ['sending'], (item) => ({
        loaded: Math.min(event.loaded, item.file.size),
        updatedAt: event.now,
      }));
    case 'stored':
      return update(state, event.id, ['sending'], (item) => ({
        status: 'stored',
        loaded: item.file.size,
        updatedAt: event.now,
      }));
    case 'exists':
      return update(state, event.id, ['sending'], () => ({ status: 'exists', loaded: 0 }));
    case 'resolve':
      return update(state, event.id, ['exists'], (item) => {
        if (event.choice === 'skip') return { status: 'skipped' };
        if (event.choice === 'replace') return { status: 'queued', upsert: true };
        const taken = new Set([...event.taken, ...state.items.map((other) => other.key)]);
        return {
          status: 'queued',
          upsert: false,
          key: keepBothName(event.base ?? item.key, taken),
        };
      });
    case 'fail':
      return update(state, event.id, ['sending'], () => ({
        status: 'failed',
        reason: event.reason,
      }));
    case 'pause':
      // A plain upload cannot go on from where it stopped: it can only be cancelled.
      if (!state.items.some((item) => item.id === event.id && item.resumable)) return state;
      return update(state, event.id, ['sending'], () => ({ status: 'paused' }));
    case 'resume':
      return update(state, event.id, ['paused'], () => ({ status: 'queued' }));
    case 'retry':
      return update(state, event.id, ['failed'], (item) => ({
        status: 'queued',
        reason: null,
        loaded: item.resumable ? item.loaded : 0,
      }));
    case 'cancel':
      return update(state, event.id, [...CANCELLABLE], () => ({ status: 'cancelled' }));
    case 'clear-finished':
      return { items: state.items.filter((item) => !isFinished(item)) };
  }
}

/** The queued items to start now so that at most `concurrency` are sending. */
export function itemsToStart<F extends CandidateFile>(
  state: QueueState<F>,
  concurrency: number,
): UploadItem<F>[] {
  const sending = state.items.filter((item) => item.status === 'sending').length;
  return state.items
    .filter((item) => item.status === 'queued')
    .slice(0, Math.max(0, concurrency - sending));
}

export interface Rate {
  bytesPerSecond: number;
  /** null until there is a rate to divide by. */
  secondsLeft: number | null;
}

/** Average speed since the item started, and the time left at that speed. */
export function transferRate(item: UploadItem): Rate | null {
  if (item.startedAt === null || item.updatedAt === null || item.updatedAt <= item.startedAt)
    return null;
  const bytesPerSecond =
    ((item.loaded - item.startLoaded) * 1000) / (item.updatedAt - item.startedAt);
  const secondsLeft = bytesPerSecond > 0 ? (item.file.size - item.loaded) / bytesPerSecond : null;
  return { bytesPerSecond, secondsLeft };
}

export function queueSummary(state: QueueState): {
  total: number;
  stored: number;
  active: number;
  refused: number;
} {
  return {
    total: state.items.length,
    stored: state.items.filter((item) => item.status === 'stored').length,
    active: state.items.filter(
      (item) =>
        item.status === 'queued' ||
        item.status === 'sending' ||
        item.status === 'paused' ||
        item.status === 'exists',
    ).length,
    refused: state.items.filter((item) => item.status === 'refused').length,
  };
}
