// The request a person composes: method, path below the function, query, headers, body (JSON
// checked and formatted, text, form fields or a file) and who calls (signed in or anonymous).
import {
  Button,
  Field,
  FileDrop,
  Inline,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@portal/ui';
import type { ReactNode } from 'react';
import { HTTP_METHODS, type HttpMethod } from '../catalogue/catalogue.js';
import {
  checkJson,
  formatJson,
  methodTakesBody,
  type InvocationRequest,
  type RequestBody,
} from '../invoke/request.js';
import { formatBytes } from '../response/renderer.js';
import { PairsEditor } from './PairsEditor.js';

const BODY_KINDS: { value: RequestBody['kind']; label: string }[] = [
  { value: 'none', label: 'No body' },
  { value: 'json', label: 'JSON' },
  { value: 'text', label: 'Text' },
  { value: 'form', label: 'Form fields' },
  { value: 'file', label: 'File' },
];

function bodyOfKind(kind: RequestBody['kind'], current: RequestBody): RequestBody {
  const text = current.kind === 'json' || current.kind === 'text' ? current.text : '';
  switch (kind) {
    case 'none':
      return { kind };
    case 'json':
      return { kind, text: text || '{\n  \n}' };
    case 'text':
      return { kind, text };
    case 'form':
      return { kind, fields: current.kind === 'form' ? current.fields : [['', '']] };
    case 'file':
      return {
        kind,
        file: current.kind === 'file' ? current.file : { name: '', type: '', size: 0 },
      };
  }
}

export function RequestForm({
  request,
  onChange,
  file,
  onFile,
  signedIn,
}: {
  request: InvocationRequest;
  onChange(request: InvocationRequest): void;
  file: File | null;
  onFile(file: File | null): void;
  signedIn: boolean;
}): ReactNode {
  const body = request.body;
  const set = (patch: Partial<InvocationRequest>) => onChange({ ...request, ...patch });
  const jsonError =
    body.kind === 'json' ? (checkJson(body.text) as { ok: boolean; message?: string }) : null;
  return (
    <Stack gap={3} className="fn-request">
      <Inline gap={2} className="fn-request__line">
        <Field label="Method">
          <Select
            value={request.method}
            options={HTTP_METHODS.map((m) => ({ value: m, label: m }))}
            onChange={(e) =>
              set({
                method: e.target.value as HttpMethod,
                ...(e.target.value === 'GET' ? { body: { kind: 'none' } } : {}),
              })
            }
          />
        </Field>
        <Field
          label="Path below the function"
          hint={`/functions/v1/${request.functionName}${request.path}`}
        >
          <TextInput
            mono
            placeholder="/optional/sub/path"
            value={request.path}
            onChange={(e) => set({ path: e.target.value })}
          />
        </Field>
      </Inline>
      <PairsEditor
        label="Query parameters"
        pairs={request.query}
        onChange={(query) => set({ query })}
      />
      <PairsEditor
        label="Headers"
        pairs={request.headers}
        onChange={(headers) => set({ headers })}
        namePlaceholder="header"
      />
      {methodTakesBody(request.method) ? (
        <Field label="Body">
          <Select
            value={body.kind}
            options={BODY_KINDS}
            onChange={(e) => set({ body: bodyOfKind(e.target.value as RequestBody['kind'], body) })}
          />
        </Field>
      ) : null}
      {body.kind === 'json' ? (
        <Field label="JSON body" error={jsonError && !jsonError.ok ? jsonError.message : undefined}>
          <Textarea
            mono
            rows={8}
            value={body.text}
            onChange={(e) => set({ body: { kind: 'json', text: e.target.value } })}
          />
        </Field>
      ) : null}
      {body.kind === 'json' ? (
        <Inline gap={2}>
          <Button
            size="sm"
            variant="secondary"
            disabled={!jsonError?.ok}
            onClick={() => set({ body: { kind: 'json', text: formatJson(body.text) } })}
          >
            Format JSON
          </Button>
        </Inline>
      ) : null}
      {body.kind === 'text' ? (
        <Field label="Text body">
          <Textarea
            mono
            rows={6}
            value={body.text}
            onChange={(e) => set({ body: { kind: 'text', text: e.target.value } })}
          />
        </Field>
      ) : null}
      {body.kind === 'form' ? (
        <PairsEditor
          label="Form fields"
          pairs={body.fields}
          onChange={(fields) => set({ body: { kind: 'form', fields } })}
          namePlaceholder="field"
        />
      ) : null}
      {body.kind === 'file' ? (
        <FileDrop
          title={
            file
              ? `${file.name} (${formatBytes(file.size)})`
              : body.file.name
                ? `Pick “${body.file.name}” again`
                : 'Drop a file to send as the body'
          }
          hint="Sent as the raw body, with the file’s type as Content-Type."
          buttonLabel="Choose a file"
          onFiles={([picked]) => {
            onFile(picked ?? null);
            if (picked)
              set({
                body: {
                  kind: 'file',
                  file: { name: picked.name, type: picked.type, size: picked.size },
                },
              });
          }}
        />
      ) : null}
      <Switch
        label="Call as the signed-in person"
        description={
          request.as === 'user'
            ? 'Through the portal’s client: your session’s token is sent (and refreshed when due).'
            : 'Anonymously: only the API key is sent, no user token.'
        }
        checked={request.as === 'user'}
        disabled={!signedIn}
        onChange={(e) => set({ as: e.target.checked ? 'user' : 'anonymous' })}
      />
    </Stack>
  );
}
