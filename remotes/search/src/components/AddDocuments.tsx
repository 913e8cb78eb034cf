// Adding documents: paste a text or pick text/Markdown/HTML files. Each document is split here
// (sizes shown), then the `documents` function embeds and stores its passages; a progress bar
// per document follows split → embed and store → ready, and a failure names its step.
import { useSupabase } from '@portal/platform';
import {
  Alert,
  Button,
  Card,
  Field,
  FileDrop,
  Form,
  FormActions,
  ProgressBar,
  Stack,
  TextInput,
  Textarea,
} from '@portal/ui';
import { useState, type ReactNode } from 'react';
import { addDocument, SearchApiError } from '../data-access/search-api.js';
import {
  splitPassages,
  DEFAULT_MAX_CHARS,
  DEFAULT_OVERLAP_CHARS,
  type Passage,
} from '../passages/split-passages.js';
import { ACCEPTED_FILES, readDocumentFile, type SourceKind } from '../text/extract-text.js';

type Stage = 'split' | 'indexing' | 'ready' | 'failed';
interface Job {
  key: number;
  title: string;
  source: SourceKind;
  stage: Stage;
  passages: Passage[];
  error: string | null;
}

const STAGE_VALUE: Record<Stage, number> = { split: 0, indexing: 1, ready: 3, failed: 3 };

function sizes(passages: Passage[]): string {
  if (passages.length === 0) return 'no passages';
  const lengths = passages.map((p) => p.text.length);
  const average = Math.round(lengths.reduce((a, b) => a + b, 0) / lengths.length);
  return `${passages.length} passage${passages.length === 1 ? '' : 's'}, ${Math.min(...lengths)}–${Math.max(...lengths)} characters (average ${average})`;
}

let nextKey = 1;

export function AddDocuments({ onAdded }: { onAdded: () => void }): ReactNode {
  const supabase = useSupabase();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [jobs, setJobs] = useState<Job[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);

  const update = (key: number, change: Partial<Job>) =>
    setJobs((all) => all.map((job) => (job.key === key ? { ...job, ...change } : job)));

  async function index(doc: {
    title: string;
    source: SourceKind;
    fileName?: string;
    body: string;
  }) {
    const key = nextKey++;
    setJobs((all) => [
      { key, title: doc.title, source: doc.source, stage: 'split', passages: [], error: null },
      ...all,
    ]);
    const passages = splitPassages(doc.body);
    if (passages.length === 0) {
      update(key, { stage: 'failed', error: 'split failed: the text has no words to index.' });
      return;
    }
    update(key, { stage: 'indexing', passages });
    try {
      await addDocument(supabase, { ...doc, passages });
      update(key, { stage: 'ready' });
      onAdded();
    } catch (error) {
      const step = error instanceof SearchApiError && error.step ? error.step : null;
      const message = error instanceof Error ? error.message : String(error);
      update(key, {
        stage: 'failed',
        error:
          step && !message.startsWith(`${step} failed`) ? `${step} failed: ${message}` : message,
      });
    }
  }

  const pasteReady = title.trim() !== '' && /[\p{L}\p{N}]/u.test(text);

  return (
    <Stack gap={4}>
      <Card title="Paste a text">
        <Form
          aria-label="Paste a text"
          onSubmit={() => {
            if (!pasteReady) return;
            void index({ title: title.trim(), source: 'paste', body: text });
            setTitle('');
            setText('');
          }}
        >
          <Stack gap={3}>
            <Field label="Title" required>
              <TextInput
                name="title"
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                maxLength={300}
              />
            </Field>
            <Field
              label="Text"
              required
              hint={`Split into passages of up to ${DEFAULT_MAX_CHARS} characters by headings (# …) and paragraphs, each repeating about ${DEFAULT_OVERLAP_CHARS} characters of the one before.`}
            >
              <Textarea
                name="text"
                rows={8}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            </Field>
            {text.trim() !== '' && (
              <p className="search-muted">Will be split into {sizes(splitPassages(text))}.</p>
            )}
            <FormActions>
              <Button type="submit" variant="primary" disabled={!pasteReady}>
                Add text
              </Button>
            </FormActions>
          </Stack>
        </Form>
      </Card>
      <Card title="Add files">
        <Stack gap={2}>
          <FileDrop
            accept={ACCEPTED_FILES}
            multiple
            title="Drop text, Markdown or HTML files here"
            hint="Each file becomes one document, titled by its first heading or its name."
            buttonLabel="Choose files"
            onRejected={(files) =>
              setFileErrors(
                files.map(
                  (f) =>
                    `${f.name}: only text (.txt), Markdown (.md) and HTML (.html) files can be added.`,
                ),
              )
            }
            onFiles={(files) => {
              setFileErrors([]);
              for (const file of files) {
                readDocumentFile(file).then(
                  (doc) =>
                    void index({
                      title: doc.title.slice(0, 300),
                      source: doc.source,
                      fileName: doc.fileName,
                      body: doc.text,
                    }),
                  (error: Error) => setFileErrors((all) => [...all, error.message]),
                );
              }
            }}
          />
          {fileErrors.map((message) => (
            <Alert key={message} tone="error">
              {message}
            </Alert>
          ))}
        </Stack>
      </Card>
      {jobs.length > 0 && (
        <Card title="Added in this visit">
          <ul className="search-queue" aria-label="Documents being added">
            {jobs.map((job) => (
              <li key={job.key} data-stage={job.stage} data-title={job.title}>
                <ProgressBar
                  label={`${job.title}: ${job.stage === 'split' ? 'splitting' : job.stage === 'indexing' ? `embedding and storing ${job.passages.length} passages` : job.stage === 'ready' ? 'ready to search' : 'not indexed'}`}
                  value={STAGE_VALUE[job.stage]}
                  max={3}
                  tone={job.stage === 'failed' ? 'danger' : 'accent'}
                  valueText={`step ${Math.min(STAGE_VALUE[job.stage] + 1, 3)} of 3`}
                />
                {job.passages.length > 0 && <p className="search-muted">{sizes(job.passages)}</p>}
                {job.error && (
                  <Alert tone="error" title="Nothing was indexed">
                    {job.error} Try again; if it keeps failing, the search service may be down.
                  </Alert>
                )}
              </li>
            ))}
          </ul>
        </Card>
      )}
    </Stack>
  );
}
