// One answer: status, the kind of failure in supabase-js's terms, timing, size, headers, body.
import { useReconnects } from '@portal/platform';
import { Alert, Badge, DescriptionList, Inline } from '@portal/ui';
import { UNANSWERED } from '@portal/ui/words';
import { useState, type ReactNode } from 'react';
import type { InvocationOutcome, OutcomeKind, ResponseHead } from '../invoke/run-invocation.js';
import { ResponseBody } from '../response/ResponseBody.js';
import { formatBytes } from '../response/renderer.js';

export interface LiveResult {
  head: ResponseHead | null;
  bytes: Uint8Array;
  outcome: InvocationOutcome | null;
}

const decoder = new TextDecoder();

/** The relay's reason from its `{ code, message }` body, when it has one. */
function relayReason(bytes: Uint8Array): string | null {
  try {
    const body = JSON.parse(decoder.decode(bytes)) as {
      code?: unknown;
      message?: unknown;
      msg?: unknown;
    };
    const message =
      typeof body.message === 'string'
        ? body.message
        : typeof body.msg === 'string'
          ? body.msg
          : null;
    return (
      [typeof body.code === 'string' ? body.code : null, message].filter(Boolean).join(': ') || null
    );
  } catch {
    return null;
  }
}

function KindAlert({
  kind,
  outcome,
  status,
}: {
  kind: OutcomeKind;
  outcome: InvocationOutcome;
  status: number | null;
}): ReactNode {
  switch (kind) {
    case 'ok':
      return null;
    case 'http-error':
      return (
        <Alert
          tone="error"
          title={`FunctionsHttpError: the function answered ${status}`}
          data-kind={kind}
        >
          The function ran and answered with an error status; its body is below.
        </Alert>
      );
    case 'relay-error':
      return (
        <Alert
          tone="error"
          title={`FunctionsRelayError: the relay answered ${status} for the function`}
          data-kind={kind}
        >
          The function gave no answer of its own (it failed to start, crashed, timed out or ran out
          of resources).{' '}
          {relayReason(outcome.bytes) ? (
            <>
              Reason: <strong className="fn-reason">{relayReason(outcome.bytes)}</strong>
            </>
          ) : null}
        </Alert>
      );
    case 'fetch-error':
      return <NoAnswer outcome={outcome} />;
    case 'stopped':
      return (
        <Alert tone="warning" title="Stopped" data-kind={kind}>
          You stopped the call; what arrived before is shown.
        </Alert>
      );
  }
}

/**
 * A call that got no answer (supabase-js's FunctionsFetchError): what happened and what to do, and
 * once the server answers again, that it does. Not sent again by itself: a call may change data.
 */
function NoAnswer({ outcome }: { outcome: InvocationOutcome }): ReactNode {
  const reconnects = useReconnects();
  const [when] = useState(reconnects);
  const back = reconnects > when;
  return (
    <Alert
      tone={back ? 'info' : 'error'}
      title="FunctionsFetchError: the request did not reach the function"
      data-kind="fetch-error"
      data-server={back ? 'answering' : 'silent'}
    >
      {outcome.message ?? UNANSWERED}{' '}
      {back
        ? 'The server answers again: send the request again.'
        : 'Send it again once the server answers: this message says when it does.'}
    </Alert>
  );
}

export function ResultPanel({
  result,
  functionName,
}: {
  result: LiveResult;
  functionName: string;
}): ReactNode {
  const { head, bytes, outcome } = result;
  const contentType = head?.headers.find(([name]) => name === 'content-type')?.[1] ?? null;
  const tone = !head
    ? 'neutral'
    : head.status < 300
      ? 'success'
      : head.status < 500
        ? 'warning'
        : 'danger';
  return (
    <section
      className="fn-result"
      aria-label="Response"
      data-state={outcome ? 'done' : 'streaming'}
      data-kind={outcome?.kind ?? ''}
      data-status={head?.status ?? ''}
    >
      <Inline gap={3} className="fn-result__summary">
        {head ? (
          <Badge tone={tone} className="fn-status">
            {head.status} {head.statusText}
          </Badge>
        ) : (
          <Badge>Waiting for the answer…</Badge>
        )}
        {head ? <span>first byte after {Math.round(head.headMs)} ms</span> : null}
        {outcome ? (
          <span className="fn-duration">{Math.round(outcome.durationMs)} ms in all</span>
        ) : (
          <span>receiving…</span>
        )}
        <span className="fn-size">{formatBytes(bytes.length)}</span>
      </Inline>
      {outcome ? (
        <KindAlert kind={outcome.kind} outcome={outcome} status={head?.status ?? null} />
      ) : null}
      {head ? (
        <details className="fn-headers">
          <summary>Headers ({head.headers.length})</summary>
          <DescriptionList
            items={head.headers.map(([name, value], i) => ({
              key: `${name}-${i}`,
              term: name,
              description: value,
            }))}
          />
        </details>
      ) : null}
      {head ? (
        <ResponseBody
          bytes={bytes}
          contentType={contentType}
          streaming={outcome === null}
          functionName={functionName}
        />
      ) : null}
    </section>
  );
}
