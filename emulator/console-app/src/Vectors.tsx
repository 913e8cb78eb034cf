import { useEffect, useState } from 'react';
import { Button, Card, CodeBlock, PageHeader, Pagination, Spinner, Stack, Table, type TableColumn } from '@portal/ui';
import { call, vectorOverview, vectorPage, vectorValues, type VectorIndex, type VectorOverview, type VectorPage } from './api.js';

interface IndexRow extends VectorIndex {
  bucket: string;
}

function metadataText(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value);
}

function VectorRows({ index }: { index: IndexRow }) {
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<VectorPage | Error | null>(null);
  const [values, setValues] = useState<{ key: string; text: string } | null>(null);
  const [valuesError, setValuesError] = useState<string | null>(null);
  const base = `/api/vectors/${encodeURIComponent(index.bucket)}/${encodeURIComponent(index.name)}/vectors`;
  useEffect(() => {
    let current = true;
    call(`${base}?page=${page}`, vectorPage).then(
      (read) => current && setRows(read),
      (error: Error) => current && setRows(error),
    );
    return () => {
      current = false;
    };
  }, [base, page]);

  async function showValues(key: string) {
    setValuesError(null);
    try {
      const read = await call(`${base}/${encodeURIComponent(key)}`, vectorValues);
      setValues({ key, text: `[${read.values.join(', ')}]` });
    } catch (error) {
      setValuesError((error as Error).message);
    }
  }

  if (rows === null) return <Spinner label="Reading the vectors" />;
  if (rows instanceof Error) return <p role="alert">The vectors could not be read: {rows.message}</p>;
  const columns: TableColumn<VectorPage['vectors'][number]>[] = [
    { key: 'key', header: 'Key', cell: (v) => v.key },
    { key: 'metadata', header: 'Metadata', cell: (v) => metadataText(v.metadata) },
    {
      key: 'values',
      header: 'Values',
      cell: (v) => (
        <Button size="sm" variant="ghost" onClick={() => void showValues(v.key)} aria-label={`Show the values of ${v.key}`}>
          Show values
        </Button>
      ),
    },
  ];
  return (
    <Stack gap={2}>
      <Table
        caption={`Vectors of ${index.bucket}/${index.name}`}
        columns={columns}
        rows={rows.vectors}
        rowKey={(v) => v.key}
        rowProps={(v) => ({ 'data-vector': v.key }) as never}
        density="compact"
        maxHeight="50vh"
        empty="The index holds no vector."
      />
      {rows.total > rows.perPage && <Pagination page={page} pageSize={rows.perPage} total={rows.total} onPageChange={setPage} itemLabel="vectors" />}
      {valuesError && <p role="alert">{valuesError}</p>}
      {values && <CodeBlock label={`Values of ${values.key}`} language={`Values of ${values.key} (${index.dimension} ${index.dataType})`} code={values.text} wrap maxHeight="12rem" />}
    </Stack>
  );
}

export function Vectors() {
  const [overview, setOverview] = useState<VectorOverview | Error | null>(null);
  const [selected, setSelected] = useState<IndexRow | null>(null);
  useEffect(() => {
    call('/api/vectors', vectorOverview).then(setOverview, setOverview);
  }, []);
  if (overview === null) return <Spinner label="Reading the vector buckets" />;
  if (overview instanceof Error) return <p role="alert">The vector buckets could not be read: {overview.message}</p>;
  const indexes: IndexRow[] = overview.buckets.flatMap((bucket) => bucket.indexes.map((index) => ({ ...index, bucket: bucket.name })));
  const empty = overview.buckets.filter((bucket) => bucket.indexes.length === 0).map((bucket) => bucket.name);
  const columns: TableColumn<IndexRow>[] = [
    { key: 'bucket', header: 'Vector bucket', cell: (i) => i.bucket },
    {
      key: 'name',
      header: 'Index',
      cell: (i) => (
        <button type="button" className="console-open" onClick={() => setSelected(i)} aria-label={`Browse ${i.bucket}/${i.name}`}>
          {i.name}
        </button>
      ),
    },
    { key: 'type', header: 'Data type', cell: (i) => i.dataType },
    { key: 'dimension', header: 'Dimension', align: 'end', cell: (i) => String(i.dimension) },
    { key: 'metric', header: 'Distance', cell: (i) => i.distanceMetric },
    { key: 'metadata', header: 'Metadata configuration', cell: (i) => metadataText(i.metadataConfiguration) },
    { key: 'vectors', header: 'Vectors', align: 'end', cell: (i) => String(i.vectors) },
  ];
  return (
    <div className="console-page">
      <PageHeader title="Vectors" description="Vector buckets and their indexes; keys and metadata of the vectors, their values on demand." />
      <Stack>
        {!overview.vectorsAvailable && <p className="console-note">This database has no pgvector: indexes exist but hold no vectors.</p>}
        <Table
          caption="Vector indexes"
          hideCaption
          columns={columns}
          rows={indexes}
          rowKey={(i) => `${i.bucket}/${i.name}`}
          rowProps={(i) => ({ 'data-index': `${i.bucket}/${i.name}` }) as never}
          density="compact"
          empty="No vector index."
        />
        {empty.length > 0 && <p className="console-note">Vector buckets without an index: {empty.join(', ')}</p>}
        {selected && (
          <Card role="region" aria-label={`Index ${selected.bucket}/${selected.name}`}>
            <Stack>
              <h2>
                {selected.bucket}/{selected.name}
              </h2>
              <VectorRows key={`${selected.bucket}/${selected.name}`} index={selected} />
            </Stack>
          </Card>
        )}
      </Stack>
    </div>
  );
}
