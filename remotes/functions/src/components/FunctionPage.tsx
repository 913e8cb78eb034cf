// One function: what it is, examples, the request form, the live answer, its log and the history.
import { useUser, useSupabase, useRetryWhenBack } from '@portal/platform';
import { Alert, Badge, Button, Card, Inline, PageHeader, Stack } from '@portal/ui';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { CatalogueEntry, CatalogueSource } from '../catalogue/catalogue.js';
import type { SnippetContext } from '../codegen/snippets.js';
import { HISTORY_BODY_CHARS, type HistoryEntry } from '../history/history-entry.js';
import { addToHistory, clearHistory, readHistory } from '../history/history-store.js';
import { storageProblem } from '../history/storage-problem.js';
import {
  emptyRequest,
  invokeTarget,
  requestFromExample,
  type InvocationRequest,
} from '../invoke/request.js';
import { runInvocation } from '../invoke/run-invocation.js';
import { readFunctionLogs, type LogLine } from '../logs/function-logs.js';
import { HistoryPanel } from './HistoryPanel.js';
import { LogPanel } from './LogPanel.js';
import { RequestForm } from './RequestForm.js';
import { ResultPanel, type LiveResult } from './ResultPanel.js';
import { clientEndpoint } from './use-catalogue.js';

const decoder = new TextDecoder();

export function FunctionPage({
  entry,
  source,
  route,
}: {
  entry: CatalogueEntry;
  source: CatalogueSource;
  route: string;
}): ReactNode {
  const supabase = useSupabase();
  const user = useUser();
  const [request, setRequest] = useState<InvocationRequest>(() =>
    entry.examples[0]
      ? requestFromExample(entry.name, entry.examples[0])
      : emptyRequest(entry.name),
  );
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<LiveResult | null>(null);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  /** Why the last call is missing from the history (the browser refused to store it). */
  const [historyNote, setHistoryNote] = useState<string | null>(null);
  /** The log's lines; `null` until the first read answers (not "no lines" yet). */
  const [logs, setLogs] = useState<{
    lines: LogLine[] | null;
    error: string | null;
    since: string | null;
  }>({ lines: null, error: null, since: null });
  const abort = useRef<AbortController | null>(null);
  /** A request that changes data, waiting for the person to say yes before it is sent. */
  const [confirming, setConfirming] = useState<{ request: InvocationRequest; file: File | null } | null>(null);
  const userId = user?.id ?? null;
  const logsAvailable = source === 'listing' && userId !== null;

  /** What the history's storage refused (reading it, clearing it), said beside the list. */
  const [historyProblem, setHistoryProblem] = useState<{ title: string; text: string } | null>(
    null,
  );

  // A history that cannot be read is said beside the list, in words: the form's alert showed
  // the browser's message (for developers, often empty), and belongs to calls, which still work.
  useEffect(() => {
    if (!userId) return;
    readHistory(userId).then(setHistory, (error: unknown) =>
      setHistoryProblem({
        title: 'The history could not be read',
        text: `Calls still work, but past ones are not shown: ${storageProblem(error)}`,
      }),
    );
  }, [userId]);
  useEffect(() => () => abort.current?.abort(), []);

  // Only the latest read of the log is shown: reads after two calls in a row may answer out of
  // order, and the first call's answer, arriving last, hid the second call's lines.
  const logReads = useRef(0);
  const refreshLogs = useCallback(
    (since: string | null) => {
      if (!logsAvailable) return;
      const read = (logReads.current += 1);
      readFunctionLogs(supabase, entry.name).then(
        (lines) => {
          if (read === logReads.current) setLogs({ lines, error: null, since });
        },
        (error: unknown) => {
          if (read === logReads.current)
            setLogs({ lines: [], error: (error as Error).message, since });
        },
      );
    },
    [logsAvailable, supabase, entry.name],
  );
  useEffect(() => refreshLogs(null), [refreshLogs]);
  // A log that could not be read is read again once the server answers after an outage.
  useRetryWhenBack(logs.error !== null, () => refreshLogs(logs.since));

  /** Sends at once, unless it changes data: then it waits for "Send it" (an example said so). */
  const ask = (toSend: InvocationRequest, picked: File | null) => {
    if (toSend.writes) setConfirming({ request: toSend, file: picked });
    else void send(toSend, picked);
  };

  const send = async (toSend: InvocationRequest, picked: File | null) => {
    setConfirming(null);
    // One call at a time on screen: a call started while another runs ("Run again" stays
    // pressable) stops that one, and what the stopped call reports later (chunks, outcome, its
    // end) no longer reaches the answer, the busy flag or Stop. Left running, it wrote its own
    // answer over the new call's, and its end disabled Stop while the new call still streamed.
    abort.current?.abort();
    setProblem(null);
    setHistoryNote(null);
    const controller = new AbortController();
    abort.current = controller;
    const current = () => abort.current === controller;
    const { supabaseUrl, apiKey } = clientEndpoint(supabase);
    const startedAt = new Date().toISOString();
    setRunning(true);
    setResult({ head: null, bytes: new Uint8Array(0), outcome: null });
    try {
      const outcome = await runInvocation(
        { supabase, supabaseUrl, apiKey },
        toSend,
        picked,
        controller.signal,
        {
          onHead: (head) => {
            if (current())
              setResult((shown) => ({
                head,
                bytes: shown?.bytes ?? new Uint8Array(0),
                outcome: null,
              }));
          },
          onChunk: (bytes) => {
            if (current())
              setResult((shown) => ({ head: shown?.head ?? null, bytes, outcome: null }));
          },
        },
      );
      const record: HistoryEntry | null = userId
        ? {
            id: crypto.randomUUID(),
            userId,
            at: startedAt,
            request: toSend,
            kind: outcome.kind,
            status: outcome.head?.status ?? null,
            contentType:
              outcome.head?.headers.find(([name]) => name === 'content-type')?.[1] ?? null,
            durationMs: outcome.durationMs,
            size: outcome.bytes.length,
            bodyPreview: decoder.decode(outcome.bytes.slice(0, HISTORY_BODY_CHARS)),
          }
        : null;
      // The call is in the history as its answer shows (one render), not once storage has
      // answered: "Copy curl" on the newest entry right after the answer is this call. A stopped
      // call that was replaced is kept in the history too, as Stop keeps one.
      if (current()) {
        setResult({ head: outcome.head, bytes: outcome.bytes, outcome });
        // The call is over as its answer shows: Send and Stop say so in the same render, not
        // once the history has been written to the browser's storage (Stop stayed pressable
        // for a call that had ended).
        setRunning(false);
      }
      if (record) {
        setHistory((shown) => [...shown, record]);
        await keep(record);
      }
      if (current()) refreshLogs(startedAt);
    } catch (error) {
      if (current()) {
        setResult(null);
        setProblem((error as Error).message);
      }
    } finally {
      if (current()) {
        setRunning(false);
        abort.current = null;
      }
    }
  };

  // Storing the call is apart from the call: the answer on screen stays whatever the browser's
  // storage says. A refused write cleared the answer and showed only the storage error (with
  // Chromium's quota error, an empty one), and the entry stayed listed as if kept.
  const keep = async (record: HistoryEntry) => {
    const call = `${record.request.method} ${invokeTarget(record.request)} (${new Date(record.at).toLocaleTimeString()})`;
    try {
      await addToHistory(record);
    } catch (error) {
      setHistory((shown) => shown.filter((item) => item.id !== record.id));
      setHistoryNote(`${call} could not be kept in the history: ${storageProblem(error)}`);
      return;
    }
    try {
      setHistory(await readHistory(record.userId));
      // Read again, the list is what is stored: what was said about an earlier read or clear is past.
      setHistoryProblem(null);
    } catch (error) {
      setHistoryNote(
        `${call} is kept, but the history could not be read again, so the list may be out of date: ${storageProblem(error)}`,
      );
    }
  };

  // A refused clear is said in words, and the list shows what is stored after it: it kept the
  // entries, read before, with nothing said (and the rejection unhandled).
  const clear = async () => {
    if (!userId) return;
    setHistoryProblem(null);
    try {
      await clearHistory(userId);
      setHistory([]);
      return;
    } catch (error) {
      const reason = storageProblem(error);
      try {
        setHistory(await readHistory(userId));
        setHistoryProblem({
          title: 'The history could not be cleared',
          text: `${reason[0]!.toUpperCase()}${reason.slice(1)} The list shows what is stored now.`,
        });
      } catch {
        setHistoryProblem({
          title: 'The history could not be cleared',
          text: `${reason[0]!.toUpperCase()}${reason.slice(1)} It could not be read again either, so the list may not be what is stored.`,
        });
      }
    }
  };

  const snippetContext = async (): Promise<SnippetContext> => {
    const { supabaseUrl, apiKey } = clientEndpoint(supabase);
    const { data } = await supabase.auth.getSession();
    return { supabaseUrl, apiKey, accessToken: data.session?.access_token ?? null };
  };

  return (
    <div className="fn-page" data-function={entry.name}>
      <PageHeader
        title={entry.name}
        description={entry.description ?? 'No description: add a leading comment to its index.ts.'}
        actions={
          <Inline gap={2}>
            <Badge
              tone={entry.verify_jwt ? 'warning' : 'info'}
              data-verify-jwt={String(entry.verify_jwt)}
            >
              {entry.verify_jwt
                ? 'Needs a signed-in person (verify_jwt)'
                : 'Public (verify_jwt off)'}
            </Badge>
            <a href={route}>All functions</a>
          </Inline>
        }
      />
      {entry.examples.length ? (
        <Inline gap={2} className="fn-examples" aria-label="Examples">
          <span className="fn-examples__label">Examples:</span>
          {entry.examples.map((example) => (
            <Button
              key={example.title}
              size="sm"
              variant="secondary"
              onClick={() => {
              setConfirming(null);
              setRequest(requestFromExample(entry.name, example));
            }}
            >
              {example.title}
            </Button>
          ))}
        </Inline>
      ) : null}
      <div className="fn-columns">
        <Card className="fn-column">
          <form
            aria-label={`Invoke ${entry.name}`}
            onSubmit={(event) => {
              event.preventDefault();
              ask(request, file);
            }}
          >
            <Stack gap={3}>
              {request.writes ? (
                <Alert tone="warning" title="This request changes your data" data-testid="writes-note">
                  {request.writes}
                </Alert>
              ) : null}
              <RequestForm
                request={request}
                onChange={setRequest}
                file={file}
                onFile={setFile}
                signedIn={userId !== null}
              />
              {problem ? (
                <p className="fn-problem" role="alert">
                  {problem}
                </p>
              ) : null}
              {confirming ? (
                <ConfirmWrite
                  writes={confirming.request.writes ?? ''}
                  onSend={() => void send(confirming.request, confirming.file)}
                  onCancel={() => setConfirming(null)}
                />
              ) : null}
              <Inline gap={2}>
                <Button type="submit" variant="primary" loading={running}>
                  Send
                </Button>
                <Button variant="danger" disabled={!running} onClick={() => abort.current?.abort()}>
                  Stop
                </Button>
              </Inline>
            </Stack>
          </form>
        </Card>
        <Stack gap={3} className="fn-column">
          {result ? (
            <ResultPanel result={result} functionName={entry.name} />
          ) : (
            <p className="fn-hint">Send a request to see the answer here.</p>
          )}
          {logsAvailable ? (
            <LogPanel
              lines={logs.lines}
              error={logs.error}
              since={logs.since}
              onRefresh={() => refreshLogs(logs.since)}
            />
          ) : null}
        </Stack>
      </div>
      <HistoryPanel
        entries={history.filter((item) => item.request.functionName === entry.name)}
        note={historyNote}
        snippetContext={snippetContext}
        onRerun={(item) => {
          setRequest(item.request);
          ask(item.request, item.request.body.kind === 'file' ? file : null);
        }}
        problem={historyProblem}
        onClear={() => void clear()}
      />
    </div>
  );
}

/**
 * The step before a request that changes data is sent: what it changes, said again, and a choice.
 * Focus moves to "Send it", so Enter sends and Escape or Tab to "Cancel" keeps everything as it is.
 */
function ConfirmWrite({
  writes,
  onSend,
  onCancel,
}: {
  writes: string;
  onSend(): void;
  onCancel(): void;
}): ReactNode {
  const sendButton = useRef<HTMLButtonElement>(null);
  useEffect(() => sendButton.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-labelledby="fn-confirm-title"
      aria-describedby="fn-confirm-text"
      className="fn-confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p id="fn-confirm-title" className="fn-confirm__title">
        Send this request? It changes your data.
      </p>
      <p id="fn-confirm-text">{writes}</p>
      <Inline gap={2}>
        <Button ref={sendButton} variant="primary" onClick={onSend}>
          Send it
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </Inline>
    </div>
  );
}
