// Picking files already in the person's storage (the files remote's area): their own folder and
// their projects' folders, browsed and downloaded with their own rights through the shell's
// client. A picked file is read as a picked file would be, and its bucket and path go with it.
import { useSupabase, useUser, useRetryWhenBack } from '@portal/platform';
import { Alert, Button, Card, EmptyState, Field, Inline, Select, Spinner, Stack } from '@portal/ui';
import { useEffect, useState, type ReactNode } from 'react';
import type { StorageSource } from '../data-access/search-api.js';
import {
  FILES_BUCKET,
  listStorageAreas,
  listStorageFolder,
  type StorageArea,
  type StorageEntry,
} from '../data-access/storage-files.js';
import { isUnreachable, searchFailure, whatNext } from '../failures.js';
import { readStoredFile } from '../indexing/read-stored-file.js';
import { ACCEPTED_KINDS, type ReadDocument } from '../text/extract-text.js';

type Loaded<T> = { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; value: T };

export function StoragePicker({
  onPicked,
}: {
  onPicked: (read: ReadDocument, storage: StorageSource) => void;
}): ReactNode {
  const supabase = useSupabase();
  const userId = useUser()?.id ?? null;
  const [areas, setAreas] = useState<Loaded<StorageArea[]>>({ status: 'loading' });
  const [folder, setFolder] = useState<string | null>(null);
  const [entries, setEntries] = useState<{ folder: string; state: Loaded<StorageEntry[]> } | null>(
    null,
  );
  // The files being read, and why each that failed did. Each pick ends only its own: with one
  // flag, the first file read took the spinner off another still downloading (and a new pick
  // wiped the failure of another file).
  const [reading, setReading] = useState<ReadonlySet<string>>(new Set());
  const [failures, setFailures] = useState<{ path: string; message: string }[]>([]);
  // Read again when the server answers after an outage that failed a listing.
  const [reads, setReads] = useState(0);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    listStorageAreas(supabase, userId).then(
      (value) => {
        if (!live) return;
        setAreas({ status: 'ready', value });
        setFolder((current) => current ?? value[0]?.folder ?? null);
      },
      (error: Error) => live && setAreas({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [supabase, userId, reads]);

  useEffect(() => {
    if (!folder) return;
    let live = true;
    listStorageFolder(supabase, folder).then(
      (value) => live && setEntries({ folder, state: { status: 'ready', value } }),
      (error: Error) => live && setEntries({ folder, state: { status: 'error', error } }),
    );
    return () => {
      live = false;
    };
  }, [supabase, folder, reads]);

  async function pick(entry: StorageEntry) {
    const source: StorageSource = { bucket: FILES_BUCKET, path: entry.path };
    setReading((current) => new Set(current).add(entry.path));
    setFailures((all) => all.filter((failure) => failure.path !== entry.path));
    try {
      onPicked(await readStoredFile(supabase, source), source);
    } catch (error) {
      setFailures((all) => [...all, { path: entry.path, message: searchFailure(error).message }]);
    } finally {
      setReading((current) => {
        const next = new Set(current);
        next.delete(entry.path);
        return next;
      });
    }
  }

  const listed: Loaded<StorageEntry[]> | null =
    folder === null ? null : entries?.folder === folder ? entries.state : { status: 'loading' };
  useRetryWhenBack(
    (areas.status === 'error' && isUnreachable(areas.error)) ||
      (listed?.status === 'error' && isUnreachable(listed.error)),
    () => setReads((n) => n + 1),
  );
  const area =
    areas.status === 'ready' && folder
      ? (areas.value.find((a) => folder.startsWith(a.folder)) ?? null)
      : null;
  const parent =
    area && folder && folder !== area.folder
      ? folder.slice(0, folder.slice(0, -1).lastIndexOf('/') + 1)
      : null;

  return (
    <Card
      title="From your storage"
      description={`Files you already keep in the Files area: ${ACCEPTED_KINDS}. They are read with your own rights; re-indexing reads them again.`}
    >
      <Stack gap={2}>
        {areas.status === 'loading' && <Spinner label="Listing your storage…" />}
        {areas.status === 'error' && <Alert tone="error">{whatNext(areas.error)}</Alert>}
        {areas.status === 'ready' && (
          <Field label="Area">
            <Select
              name="storage-area"
              value={area?.folder ?? ''}
              onChange={(e) => setFolder(e.target.value)}
              options={areas.value.map((a) => ({ value: a.folder, label: a.label }))}
            />
          </Field>
        )}
        {folder && area && (
          <Inline gap={2}>
            <span className="search-muted" data-folder={folder}>
              {area.label}
              {folder.slice(area.folder.length) ? ` / ${folder.slice(area.folder.length, -1)}` : ''}
            </span>
            {parent && (
              <Button size="sm" variant="ghost" onClick={() => setFolder(parent)}>
                Up one folder
              </Button>
            )}
          </Inline>
        )}
        {listed?.status === 'loading' && <Spinner label="Listing the folder…" />}
        {listed?.status === 'error' && (
          <Alert tone="error">{whatNext(listed.error)}</Alert>
        )}
        {listed?.status === 'ready' && listed.value.length === 0 && (
          <EmptyState
            title="Nothing here"
            description="Upload files in the Files area first; they show up here."
          />
        )}
        {listed?.status === 'ready' && listed.value.length > 0 && (
          <ul className="search-storage" aria-label="Files in storage">
            {listed.value.map((entry) => (
              <li key={entry.path} data-path={entry.path}>
                {entry.kind === 'folder' ? (
                  <Button size="sm" variant="ghost" onClick={() => setFolder(entry.path)}>
                    {`${entry.name}/`}
                  </Button>
                ) : (
                  <Inline gap={2}>
                    <span>{entry.name}</span>
                    {entry.addable ? (
                      <Button
                        size="sm"
                        onClick={() => void pick(entry)}
                        loading={reading.has(entry.path)}
                        aria-label={`Add ${entry.name}`}
                      >
                        Add
                      </Button>
                    ) : (
                      <span className="search-muted">not a text, Markdown, HTML or PDF file</span>
                    )}
                  </Inline>
                )}
              </li>
            ))}
          </ul>
        )}
        {failures.map(({ path, message }) => (
          <Alert key={path} tone="error" title="Nothing was indexed from this file">
            {message}
          </Alert>
        ))}
      </Stack>
    </Card>
  );
}
