// The upload queue on screen: each file's progress, speed and time left, cancel, and the
// replace / keep both / skip question for a name that exists. State lives in upload/queue.ts.
import { usePortal } from '@portal/platform';
import { Alert, Button, Card, Inline, ProgressBar, Stack } from '@portal/ui';
import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { PickedFile } from '../folder-drop.js';
import type { BucketFacts, Entry } from '../storage-access.js';
import { sizeInWords } from '../upload/checks.js';
import {
  EMPTY_QUEUE,
  itemsToStart,
  queueReducer,
  queueSummary,
  transferRate,
  type QueueState,
  type UploadItem,
} from '../upload/queue.js';
import { signedUrlTransport, UploadCancelled } from '../upload/transport.js';

const CONCURRENCY = 3;

export interface UploadQueue {
  state: QueueState<File>;
  add(files: PickedFile[]): void;
  cancel(id: string): void;
  resolve(id: string, choice: 'replace' | 'keep-both' | 'skip'): void;
  clearFinished(): void;
}

let nextId = 0;

export function useUploadQueue(
  bucket: string,
  folder: string,
  facts: BucketFacts | null,
  entries: Entry[],
  onStored: () => void,
): UploadQueue {
  const { supabase } = usePortal();
  const [state, dispatch] = useReducer(queueReducer<File>, EMPTY_QUEUE as QueueState<File>);
  const controllers = useRef(new Map<string, AbortController>());
  const transport = useMemo(() => signedUrlTransport(supabase), [supabase]);

  useEffect(() => {
    for (const item of itemsToStart(state, CONCURRENCY)) {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      dispatch({ type: 'start', id: item.id, now: performance.now() });
      transport
        .send(
          {
            bucket,
            key: item.key,
            file: item.file,
            contentType: item.file.type || 'application/octet-stream',
            upsert: item.upsert,
          },
          (loaded) => dispatch({ type: 'progress', id: item.id, loaded, now: performance.now() }),
          controller.signal,
        )
        .then(
          (outcome) => {
            if (outcome.kind === 'stored') {
              dispatch({ type: 'stored', id: item.id, now: performance.now() });
              onStored();
            } else if (outcome.kind === 'exists') dispatch({ type: 'exists', id: item.id });
            else dispatch({ type: 'fail', id: item.id, reason: outcome.reason });
          },
          (error: Error) => {
            if (!(error instanceof UploadCancelled))
              dispatch({ type: 'fail', id: item.id, reason: error.message });
          },
        )
        .finally(() => controllers.current.delete(item.id));
    }
  }, [state, transport, bucket, onStored]);

  // Leaving the folder cancels what is still being sent.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const add = useCallback(
    (files: PickedFile[]) => {
      if (!facts) return;
      dispatch({
        type: 'add',
        limits: facts,
        files: files.map(({ file, path }) => ({
          id: `u${++nextId}`,
          file,
          key: `${folder}${path}`,
        })),
      });
    },
    [facts, folder],
  );
  const taken = useMemo(() => new Set(entries.map((entry) => entry.key)), [entries]);
  return {
    state,
    add,
    cancel: (id) => {
      controllers.current.get(id)?.abort();
      dispatch({ type: 'cancel', id });
    },
    resolve: (id, choice) => dispatch({ type: 'resolve', id, choice, taken }),
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
          {item.status === 'sending' && rate
            ? ` · ${sizeInWords(rate.bytesPerSecond)}/s${rate.secondsLeft !== null ? `, ${duration(rate.secondsLeft)} left` : ''}`
            : ''}
        </span>
        {item.status === 'queued' || item.status === 'sending' ? (
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
      {item.status === 'sending' || item.status === 'stored' ? (
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
        <Inline gap={2}>
          <Button size="sm" onClick={() => queue.resolve(item.id, 'replace')}>
            Replace
          </Button>
          <Button size="sm" variant="secondary" onClick={() => queue.resolve(item.id, 'keep-both')}>
            Keep both
          </Button>
          <Button size="sm" variant="ghost" onClick={() => queue.resolve(item.id, 'skip')}>
            Skip
          </Button>
        </Inline>
      ) : null}
    </li>
  );
}
