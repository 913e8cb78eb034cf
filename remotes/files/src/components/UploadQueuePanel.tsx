// The upload queue on screen: each file's progress, speed and time left; pause and resume (large
// files, sent resumably), cancel, retry; and the replace / keep both / skip question for a name
// that exists. State lives in upload/queue.ts; bytes go through upload/transport.ts (small
// files) or upload/tus-transport.ts (large ones, loaded with the first: upload/resumable.ts).
import { usePortal } from '@portal/platform';
import { Alert, Button, Card, Inline, ProgressBar, Stack } from '@portal/ui';
import {
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { describeFailure } from '../failures.js';
import type { PickedFile } from '../folder-drop.js';
import { KEEP_BOTH_RETRIES, keepBothNamesTaken } from '../storage/names-taken.js';
import { sizeInWords, type BucketLimits } from '../upload/checks.js';
import {
  canCancel,
  canPause,
  EMPTY_QUEUE,
  itemsToStart,
  queueReducer,
  queueSummary,
  transferRate,
  type QueueState,
  type UploadItem,
} from '../upload/queue.js';
import {
  signedUrlTransport,
  STOP_PAUSE,
  UploadCancelled,
  UploadPaused,
  type UploadRequest,
} from '../upload/transport.js';
import { RESUMABLE_FROM, resumableTransport } from '../upload/resumable.js';
import { NameConflictChoices } from './NameConflictChoices.js';

const CONCURRENCY = 3;

export interface UploadQueue {
  state: QueueState<File>;
  add(files: PickedFile[]): void;
  pause(id: string): void;
  resume(id: string): void;
  retry(id: string): void;
  cancel(id: string): void;
  resolve(id: string, choice: 'replace' | 'keep-both' | 'skip'): void;
  /** The items whose "keep both" is still looking for a free name. */
  naming: ReadonlySet<string>;
  clearFinished(): void;
}

let nextId = 0;

export interface UploadQueueOptions {
  bucket: string;
  /** The bucket's limits; nothing is added before they are known. */
  limits: BucketLimits | null;
  /** The object name a picked file (with its path inside a dropped folder) is stored under. */
  keyFor: (picked: PickedFile) => string;
  /** Names already in the folder, for "keep both" (which also asks storage for the numbered ones). */
  taken?: ReadonlySet<string>;
  /** The host's own reason to refuse a file, in its words, before anything is sent. */
  check?: (file: File) => string | undefined;
  /** Replace an object of the same name without asking. */
  upsert?: boolean;
  onStored: (key: string) => void;
}

const NOTHING_TAKEN: ReadonlySet<string> = new Set();

export function useUploadQueue({
  bucket,
  limits,
  keyFor,
  taken = NOTHING_TAKEN,
  check,
  upsert = false,
  onStored,
}: UploadQueueOptions): UploadQueue {
  const { supabase, user, notify } = usePortal();
  const [state, dispatch] = useReducer(queueReducer<File>, EMPTY_QUEUE as QueueState<File>);
  const controllers = useRef(new Map<string, AbortController>());
  const [naming, setNaming] = useState<ReadonlySet<string>>(NOTHING_TAKEN);
  // The items sent under a "keep both" name: the name it numbers, and how many storage refused.
  const keptBoth = useRef(new Map<string, { base: string; refused: number }>());
  const loadedNames = useRef(taken);
  useEffect(() => {
    loadedNames.current = taken;
  }, [taken]);
  const userId = user?.id ?? '';
  const plain = useMemo(() => signedUrlTransport(supabase), [supabase]);
  const resumable = useMemo(() => resumableTransport(supabase, userId), [supabase, userId]);
  const requestOf = useCallback(
    (item: UploadItem<File>): UploadRequest => ({
      bucket,
      key: item.key,
      file: item.file,
      contentType: item.file.type || 'application/octet-stream',
      upsert: item.upsert,
    }),
    [bucket],
  );

  // "Keep both" numbers past the names storage has, not only the loaded ones: the listing may not
  // be in yet, or hold only its first page, and a name it lacks was refused and asked again.
  const keepBoth = useCallback(
    (item: UploadItem<File>) => {
      const change = (id: string, on: boolean) =>
        setNaming((current) => {
          const next = new Set(current);
          if (on) next.add(id);
          else next.delete(id);
          return next;
        });
      change(item.id, true);
      const kept = keptBoth.current.get(item.id) ?? { base: item.key, refused: 0 };
      keptBoth.current.set(item.id, kept);
      keepBothNamesTaken(supabase, bucket, kept.base)
        // Unread, the loaded names are all there is; a name taken after all is asked again.
        .catch(() => new Set<string>())
        .then((found) =>
          dispatch({
            type: 'resolve',
            id: item.id,
            choice: 'keep-both',
            taken: new Set([...loadedNames.current, ...found, item.key]),
            base: kept.base,
          }),
        )
        .finally(() => change(item.id, false));
    },
    [supabase, bucket],
  );

  useEffect(() => {
    for (const item of itemsToStart(state, CONCURRENCY)) {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      dispatch({ type: 'start', id: item.id, now: performance.now() });
      const transport = item.resumable ? resumable : plain;
      transport
        .send(
          requestOf(item),
          (loaded) => dispatch({ type: 'progress', id: item.id, loaded, now: performance.now() }),
          controller.signal,
          {
            onResumedFrom: (offset) =>
              dispatch({ type: 'resumed-from', id: item.id, offset, now: performance.now() }),
          },
        )
        .then(
          (outcome) => {
            if (outcome.kind === 'stored') {
              dispatch({ type: 'stored', id: item.id, now: performance.now() });
              onStored(item.key);
            } else if (outcome.kind === 'exists') {
              dispatch({ type: 'exists', id: item.id });
              // A "keep both" name taken meanwhile: the next free one, without asking again.
              const kept = keptBoth.current.get(item.id);
              if (kept && kept.refused < KEEP_BOTH_RETRIES) {
                kept.refused += 1;
                keepBoth(item);
              }
            } else dispatch({ type: 'fail', id: item.id, reason: outcome.reason });
          },
          (error: Error) => {
            if (!(error instanceof UploadCancelled) && !(error instanceof UploadPaused))
              dispatch({ type: 'fail', id: item.id, reason: describeFailure(error) });
          },
        )
        .finally(() => controllers.current.delete(item.id));
    }
  }, [state, plain, resumable, requestOf, onStored, keepBoth]);

  // Leaving the folder stops what is still being sent: plain uploads are cancelled, resumable
  // ones paused, so picking the same file again later goes on from where it stopped.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort(STOP_PAUSE);
    };
  }, []);

  const add = useCallback(
    (files: PickedFile[]) => {
      if (!limits) return;
      dispatch({
        type: 'add',
        limits,
        files: files.map((picked) => ({
          id: `u${++nextId}`,
          file: picked.file,
          key: keyFor(picked),
          resumable: picked.file.size >= RESUMABLE_FROM,
          upsert,
          ...(check?.(picked.file) ? { refusal: check(picked.file)! } : {}),
        })),
      });
    },
    [limits, keyFor, check, upsert],
  );
  return {
    state,
    add,
    pause: (id) => {
      const item = state.items.find((candidate) => candidate.id === id);
      if (!item || !canPause(item)) return;
      dispatch({ type: 'pause', id });
      controllers.current.get(id)?.abort(STOP_PAUSE);
    },
    resume: (id) => dispatch({ type: 'resume', id }),
    retry: (id) => dispatch({ type: 'retry', id }),
    cancel: (id) => {
      const item = state.items.find((candidate) => candidate.id === id);
      if (!item || !canCancel(item)) return;
      dispatch({ type: 'cancel', id });
      const running = controllers.current.get(id);
      // A running upload is terminated by its transport; a stopped resumable one left its part
      // on the server, which is deleted here so nothing stays behind.
      if (running) running.abort();
      else if (item.resumable) {
        void resumable.discard?.(requestOf(item)).catch((error: Error) =>
          notify({
            tone: 'danger',
            title: `Could not delete the unfinished upload of ${item.file.name}`,
            message: describeFailure(error),
          }),
        );
      }
    },
    resolve: (id, choice) => {
      const item = state.items.find((candidate) => candidate.id === id);
      if (choice === 'keep-both' && item?.status === 'exists') {
        if (!naming.has(id)) keepBoth(item);
      } else dispatch({ type: 'resolve', id, choice, taken });
    },
    naming,
    clearFinished: () => dispatch({ type: 'clear-finished' }),
  };
}

function duration(seconds: number): string {
  if (seconds < 1) return 'less than a second';
  if (seconds < 90) return `${Math.round(seconds)} s`;
  return `${Math.round(seconds / 60)} min`;
}

const STATUS_WORDS: Record<UploadItem['status'], string> = {
  refused: 'Not sent',
  queued: 'Waiting',
  sending: 'Uploading',
  paused: 'Paused',
  exists: 'A file with this name exists',
  stored: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  skipped: 'Skipped',
};

export function UploadQueuePanel({ queue }: { queue: UploadQueue }): ReactNode {
  const { items } = queue.state;
  if (items.length === 0) return null;
  const summary = queueSummary(queue.state);
  return (
    <Card aria-label="Uploads" role="region">
      <Stack gap={3}>
        <Inline gap={3} justify="space-between">
          <strong>
            Uploads: {summary.stored} of {summary.total - summary.refused} done
            {summary.refused ? `, ${summary.refused} not sent` : ''}
          </strong>
          <Button
            size="sm"
            variant="ghost"
            onClick={queue.clearFinished}
            disabled={summary.active === summary.total}
          >
            Clear finished
          </Button>
        </Inline>
        <ul className="files-queue">
          {items.map((item) => (
            <UploadRow key={item.id} item={item} queue={queue} />
          ))}
        </ul>
      </Stack>
    </Card>
  );
}

function UploadRow({ item, queue }: { item: UploadItem<File>; queue: UploadQueue }): ReactNode {
  const rate = transferRate(item);
  const name = item.key.split('/').pop() ?? item.key;
  return (
    <li data-upload={name} data-status={item.status}>
      <Inline gap={2} justify="space-between">
        <span>
          {name} · {sizeInWords(item.file.size)} ·{' '}
          <span data-testid="upload-status">{STATUS_WORDS[item.status]}</span>
          {item.status === 'sending' && item.resumedFrom !== null && item.resumedFrom > 0 ? (
            <span data-testid="upload-resumed">
              {' '}
              · resuming from {sizeInWords(item.resumedFrom)}
            </span>
          ) : null}
          {item.status === 'sending' && rate
            ? ` · ${sizeInWords(rate.bytesPerSecond)}/s${rate.secondsLeft !== null ? `, ${duration(rate.secondsLeft)} left` : ''}`
            : ''}
          {item.status === 'paused' ? ` · ${sizeInWords(item.loaded)} sent` : ''}
        </span>
        <Inline gap={1}>
          {canPause(item) ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => queue.pause(item.id)}
              aria-label={`Pause ${name}`}
            >
              Pause
            </Button>
          ) : null}
          {item.status === 'paused' ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => queue.resume(item.id)}
              aria-label={`Resume ${name}`}
            >
              Resume
            </Button>
          ) : null}
          {item.status === 'failed' ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => queue.retry(item.id)}
              aria-label={`Retry ${name}`}
            >
              Retry
            </Button>
          ) : null}
          {canCancel(item) && item.status !== 'exists' ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => queue.cancel(item.id)}
              aria-label={`Cancel ${name}`}
            >
              Cancel
            </Button>
          ) : null}
        </Inline>
      </Inline>
      {item.status === 'sending' || item.status === 'paused' || item.status === 'stored' ? (
        <ProgressBar
          label={`Upload of ${name}`}
          hideLabel
          value={item.loaded}
          max={Math.max(item.file.size, 1)}
          size="sm"
        />
      ) : null}
      {item.reason ? <Alert tone="error">{item.reason}</Alert> : null}
      {item.status === 'exists' ? (
        <NameConflictChoices
          dismissLabel="Skip"
          working={queue.naming.has(item.id) ? 'keep-both' : null}
          onChoose={(choice) => queue.resolve(item.id, choice === 'dismiss' ? 'skip' : choice)}
        />
      ) : null}
    </li>
  );
}
