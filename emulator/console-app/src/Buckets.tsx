import { useEffect, useState } from 'react';
import { Badge, Button, Card, Inline, PageHeader, Spinner, Stack, Table, TextLink, type TableColumn } from '@portal/ui';
import { bucketSummary, call, folderListing, signedObject, type BucketSummary, type FolderListing, type ObjectSummary } from './api.js';

/** Decimal units, as storage reads a limit such as "1MB" (10^6 bytes). */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

function baseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

interface Signed {
  name: string;
  download: boolean;
  url: string;
  expiresIn: number;
}

function Folder({ bucket }: { bucket: BucketSummary }) {
  const [prefix, setPrefix] = useState('');
  // The answer for the folder it was read for: another folder shows a spinner until its own.
  const [read, setRead] = useState<{ prefix: string; listing: FolderListing | Error } | null>(null);
  const [signed, setSigned] = useState<Signed | null>(null);
  const [signError, setSignError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    call(`/api/storage/buckets/${encodeURIComponent(bucket.id)}/objects?prefix=${encodeURIComponent(prefix)}`, folderListing).then(
      (listing) => current && setRead({ prefix, listing }),
      (error: Error) => current && setRead({ prefix, listing: error }),
    );
    return () => {
      current = false;
    };
  }, [bucket, prefix]);

  async function sign(object: ObjectSummary, download: boolean) {
    setSignError(null);
    try {
      const answer = await call(`/api/storage/buckets/${encodeURIComponent(bucket.id)}/sign`, signedObject, { method: 'POST', body: { name: object.name, download } });
      setSigned({ name: object.name, download, ...answer });
      // A signed URL on the API's origin: the object never runs on the console's.
      window.open(answer.url, '_blank', 'noopener,noreferrer');
    } catch (error) {
      setSignError((error as Error).message);
    }
  }

  const listing = read?.prefix === prefix ? read.listing : null;
  const crumbs = prefix.split('/').filter(Boolean);
  const objectColumns: TableColumn<ObjectSummary>[] = [
    { key: 'name', header: 'Name', cell: (o) => baseName(o.name) },
    { key: 'size', header: 'Size', align: 'end', cell: (o) => formatBytes(o.size) },
    { key: 'type', header: 'Type', cell: (o) => o.mimetype ?? '—' },
    { key: 'updated', header: 'Updated', cell: (o) => o.updatedAt ?? '—' },
    {
      key: 'actions',
      header: 'Actions',
      cell: (o) => (
        <Inline gap={1}>
          <Button size="sm" variant="secondary" onClick={() => void sign(o, false)} aria-label={`Open ${o.name}`}>
            Open
          </Button>
          <Button size="sm" variant="ghost" onClick={() => void sign(o, true)} aria-label={`Download ${o.name}`}>
            Download
          </Button>
        </Inline>
      ),
    },
  ];
  return (
    <Card role="region" aria-label={`Bucket ${bucket.name}`}>
      <Stack>
        <h2>{bucket.name}</h2>
        <nav aria-label="Folder">
          <Inline gap={1}>
            <button type="button" className="console-open" onClick={() => setPrefix('')}>
              {bucket.name}
            </button>
            {crumbs.map((crumb, i) => (
              <span key={`${i}-${crumb}`}>
                {' / '}
                <button type="button" className="console-open" onClick={() => setPrefix(`${crumbs.slice(0, i + 1).join('/')}/`)}>
                  {crumb}
                </button>
              </span>
            ))}
          </Inline>
        </nav>
        {signError && <p role="alert">{signError}</p>}
        {signed && (
          <p role="status" className="console-note">
            {signed.download ? 'Download' : 'Open'} link for {signed.name} (works for {signed.expiresIn} s):{' '}
            <TextLink href={signed.url} external>
              {baseName(signed.name)}
            </TextLink>
          </p>
        )}
        {listing === null ? (
          <Spinner label="Reading the folder" />
        ) : listing instanceof Error ? (
          <p role="alert">The folder could not be read: {listing.message}</p>
        ) : (
          <>
            {listing.folders.length > 0 && (
              <Table
                caption={`Folders in ${bucket.name}/${prefix}`}
                columns={[
                  {
                    key: 'name',
                    header: 'Folder',
                    cell: (f) => (
                      <button type="button" className="console-open" onClick={() => setPrefix(`${prefix}${f.name}/`)} aria-label={`Open folder ${prefix}${f.name}/`}>
                        {f.name}/
                      </button>
                    ),
                  },
                  { key: 'objects', header: 'Objects inside', align: 'end', cell: (f) => String(f.objects) },
                ]}
                rows={listing.folders}
                rowKey={(f) => f.name}
                density="compact"
              />
            )}
            <Table
              caption={`Objects in ${bucket.name}/${prefix}`}
              columns={objectColumns}
              rows={listing.objects}
              rowKey={(o) => o.name}
              rowProps={(o) => ({ 'data-object': o.name }) as never}
              density="compact"
              empty={listing.folders.length > 0 ? 'No object directly in this folder.' : 'This folder is empty.'}
            />
            {listing.more > 0 && <p className="console-note">{listing.more} more objects in this folder are not listed.</p>}
          </>
        )}
      </Stack>
    </Card>
  );
}

export function Buckets() {
  const [buckets, setBuckets] = useState<BucketSummary[] | Error | null>(null);
  const [selected, setSelected] = useState<BucketSummary | null>(null);
  useEffect(() => {
    call('/api/storage/buckets', bucketSummary.array()).then(setBuckets, setBuckets);
  }, []);
  if (buckets === null) return <Spinner label="Reading the buckets" />;
  if (buckets instanceof Error) return <p role="alert">The buckets could not be read: {buckets.message}</p>;
  const columns: TableColumn<BucketSummary>[] = [
    {
      key: 'name',
      header: 'Bucket',
      cell: (b) => (
        <button type="button" className="console-open" onClick={() => setSelected(b)} aria-label={`Open bucket ${b.name}`}>
          {b.name}
        </button>
      ),
    },
    { key: 'access', header: 'Access', cell: (b) => <Badge tone={b.public ? 'warning' : 'success'}>{b.public ? 'public' : 'private'}</Badge> },
    { key: 'limit', header: 'File size limit', align: 'end', cell: (b) => (b.fileSizeLimit === null ? 'none' : formatBytes(b.fileSizeLimit)) },
    { key: 'types', header: 'Allowed types', cell: (b) => (b.allowedMimeTypes?.length ? b.allowedMimeTypes.join(', ') : 'any') },
    { key: 'objects', header: 'Objects', align: 'end', cell: (b) => String(b.objects) },
    { key: 'bytes', header: 'Size', align: 'end', cell: (b) => formatBytes(b.bytes) },
  ];
  return (
    <div className="console-page">
      <PageHeader title="Buckets" description="Storage buckets and their objects, read as the database owner; an object opens through a signed URL valid for a minute." />
      <Stack>
        <Table
          caption="Buckets"
          hideCaption
          columns={columns}
          rows={buckets}
          rowKey={(b) => b.id}
          rowProps={(b) => ({ 'data-bucket': b.id }) as never}
          density="compact"
          empty="The project has no bucket."
        />
        {selected && <Folder key={selected.id} bucket={selected} />}
      </Stack>
    </div>
  );
}
