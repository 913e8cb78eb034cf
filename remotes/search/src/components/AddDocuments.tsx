// Adding documents: paste a text, pick text/Markdown/HTML/PDF files, or pick files already in
// the person's storage. Each document is split here (sizes shown), then the `documents` function
// embeds and stores its passages; a progress bar per document follows the three steps (split,
// embed, store: said to people as dividing, preparing for search, saving) as the function reports
// each, and a failure names its step (nothing is left indexed).
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
import { flushSync } from 'react-dom';
import {
  addDocument,
  SearchApiError,
  type DocumentToAdd,
  type IndexProgress,
} from '../data-access/search-api.js';
import {
  splitPassages,
  DEFAULT_MAX_CHARS,
  DEFAULT_OVERLAP_CHARS,
} from '../passages/split-passages.js';
import { prepareDocument } from '../indexing/prepare-document.js';
import {
  ACCEPTED_FILES,
  ACCEPTED_KINDS,
  readDocumentFile,
  sourceOfFile,
  type SourceKind,
} from '../text/extract-text.js';
import { progressOf, sizes, stepFailed, type IndexingState, type Stage } from '../indexing/indexing-progress.js';
import { StoragePicker } from './StoragePicker.js';

interface Job extends IndexingState {
  key: number;
  title: string;
  source: SourceKind;
  error: string | null;
}

let nextKey = 1;

/** The forms that add documents; `focusTitle` puts focus in the first field when they appear. */
export function AddDocuments({ onAdded, focusTitle = false }: { onAdded: () => void; focusTitle?: boolean }): ReactNode {
  const supabase = useSupabase();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [jobs, setJobs] = useState<Job[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);

  const update = (key: number, change: Partial<Job>) =>
    setJobs((all) => all.map((job) => (job.key === key ? { ...job, ...change } : job)));

  /** Puts a document on the page at its first stage; its key follows it through the others. */
  function addJob(about: { title: string; source: SourceKind }, stage: Stage): number {
    const key = nextKey++;
    setJobs((all) => [
      { key, ...about, stage, embedded: null, passages: [], error: null, failedStep: null },
      ...all,
    ]);
    return key;
  }

  /** Splits, embeds and stores a document; `read` is the job of a file that was being read. */
  async function index(
    prepare: () => DocumentToAdd,
    about: { title: string; source: SourceKind },
    read?: number,
  ) {
    const shown = { title: about.title, source: about.source };
    let key: number;
    if (read === undefined) key = addJob(shown, 'split');
    else {
      key = read;
      update(key, { ...shown, stage: 'split' });
    }
    // Let the page show the split step before the (synchronous) split of a long text runs.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const doc = prepare();
    if (doc.passages.length === 0) {
      update(key, {
        stage: 'failed',
        failedStep: 'split',
        error: 'The text has no words to search for.',
      });
      return;
    }
    update(key, { stage: 'embed', passages: doc.passages });
    // Each step is put on the page as it is reached, even when the function's events arrive
    // together (React would otherwise render only the last of them).
    const onProgress = (progress: IndexProgress) =>
      flushSync(() =>
        update(
          key,
          progress.step === 'embed'
            ? { stage: 'embed', embedded: { done: progress.done, total: progress.total } }
            : { stage: 'store' },
        ),
      );
    try {
      await addDocument(supabase, doc, onProgress);
      update(key, { stage: 'ready' });
      onAdded();
    } catch (error) {
      const step = error instanceof SearchApiError && error.step ? error.step : null;
      const message = error instanceof Error ? error.message : String(error);
      // The function's own message may name its step ("embed failed: …"): said once, in words.
      const reason = step ? message.replace(new RegExp(`^${step} failed:\\s*`), '') : message;
      update(key, { stage: 'failed', failedStep: step, error: step ? `${stepFailed(step)}: ${reason}` : reason });
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
            const pasted = { title: title.trim(), source: 'paste' as const, text };
            void index(() => prepareDocument(pasted), pasted);
            setTitle('');
            setText('');
          }}
        >
          <Stack gap={3}>
            <Field label="Title" required>
              <TextInput
                name="title"
                // Only when asked (the person pressed "Add documents" where the list was empty).
                autoFocus={focusTitle}
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
            title="Drop text, Markdown, HTML or PDF files here"
            hint="Each file becomes one document, titled by its first heading, its PDF title or its name. PDFs are read from their text layer; a scan without one cannot be added."
            buttonLabel="Choose files"
            onRejected={(files) =>
              setFileErrors(files.map((f) => `${f.name}: only ${ACCEPTED_KINDS} files can be added.`))
            }
            onFiles={(files) => {
              setFileErrors([]);
              for (const file of files) {
                // Shown at once under its file name: a PDF is read by PDF.js (downloaded with the
                // first one) before its title is known, and the page showed nothing meanwhile.
                const source = sourceOfFile(file.name, file.type) ?? 'text';
                const key = addJob({ title: file.name, source }, 'read');
                readDocumentFile(file).then(
                  (read) => void index(() => prepareDocument(read), read, key),
                  (error: Error) => {
                    // Not a document: said in the file's own alert, without a progress bar.
                    setJobs((all) => all.filter((job) => job.key !== key));
                    setFileErrors((all) => [...all, error.message]);
                  },
                );
              }
            }}
          />
          {fileErrors.map((message) => (
            <Alert key={message} tone="error" title="Nothing was indexed from this file">
              {message}
            </Alert>
          ))}
        </Stack>
      </Card>
      <StoragePicker
        onPicked={(read, storage) =>
          void index(() => prepareDocument(read, { storage }), read)
        }
      />
      {jobs.length > 0 && (
        <Card title="Added in this visit">
          <ul className="search-queue" aria-label="Documents being added">
            {jobs.map((job) => {
              const progress = progressOf(job);
              return (
                <li
                  key={job.key}
                  data-stage={job.stage}
                  data-title={job.title}
                  data-failed-step={job.failedStep ?? undefined}
                >
                  <ProgressBar
                    label={`${job.title}: ${progress.label}`}
                    value={progress.value}
                    max={3}
                    tone={job.stage === 'failed' ? 'danger' : 'accent'}
                    valueText={`step ${progress.step} of 3`}
                  />
                  {job.passages.length > 0 ? (
                    <p className="search-muted">{sizes(job.passages)}</p>
                  ) : null}
                  {job.error && (
                    <Alert tone="error" title="Nothing was indexed">
                      {job.error} Try again; if it keeps failing, the search service may be down.
                    </Alert>
                  )}
                </li>
              );
            })}
          </ul>
        </Card>
      )}
    </Stack>
  );
}
