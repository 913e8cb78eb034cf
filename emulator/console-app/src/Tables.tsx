import { useEffect, useState } from 'react';
import { Badge, Card, DescriptionList, Field, PageHeader, Pagination, Select, Spinner, Stack, Table, type TableColumn } from '@portal/ui';
import { call, tableList, tableRows, type TableList, type TableRows, type TableSummary } from './api.js';

/** A cell as text: JSON for anything but strings, numbers and booleans. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function Rows({ table }: { table: TableSummary }) {
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<TableRows | Error | null>(null);
  useEffect(() => {
    let current = true;
    call(`/api/tables/${encodeURIComponent(table.schema)}/${encodeURIComponent(table.name)}/rows?page=${page}`, tableRows).then(
      (read) => current && setRows(read),
      (error: Error) => current && setRows(error),
    );
    return () => {
      current = false;
    };
  }, [table, page]);
  if (rows === null) return <Spinner label="Reading the rows" />;
  if (rows instanceof Error) return <p role="alert">The rows could not be read: {rows.message}</p>;
  const columns: TableColumn<Record<string, unknown>>[] = rows.columns.map((column) => ({
    key: column.name,
    header: `${column.name} (${column.type})`,
    cell: (row) => cellText(row[column.name]),
  }));
  return (
    <Stack gap={2}>
      <Table
        caption={`Rows of ${table.schema}.${table.name}`}
        columns={columns}
        rows={rows.rows}
        rowKey={(_row, index) => String(index)}
        density="compact"
        maxHeight="50vh"
        empty="The table has no rows."
      />
      {rows.total > rows.perPage && <Pagination page={page} pageSize={rows.perPage} total={rows.total} onPageChange={setPage} itemLabel="rows" />}
    </Stack>
  );
}

function TableDetail({ table }: { table: TableSummary }) {
  return (
    <Card role="region" aria-label={`Table ${table.schema}.${table.name}`}>
      <Stack>
        <h2>
          {table.schema}.{table.name}
        </h2>
        <section aria-label="Policies">
          <h3>Policies</h3>
          {!table.rlsEnabled && <p className="console-note">Row level security is off: every role the grants allow sees every row.</p>}
          {table.policies.length === 0 ? (
            <p className="console-note">No policy on this table{table.rlsEnabled ? ': only roles that bypass RLS (service_role) reach its rows.' : '.'}</p>
          ) : (
            <Stack gap={2}>
              {table.policies.map((policy) => (
                <Card key={policy.name} data-policy={policy.name}>
                  <h4>{policy.name}</h4>
                  <DescriptionList
                    items={[
                      { term: 'Command', description: policy.command },
                      { term: 'Roles', description: policy.roles.join(', ') },
                      { term: 'Kind', description: policy.permissive.toLowerCase() },
                      { term: 'using', description: policy.using ?? '(none)' },
                      { term: 'with check', description: policy.withCheck ?? '(none)' },
                    ]}
                  />
                </Card>
              ))}
            </Stack>
          )}
        </section>
        <Rows table={table} />
      </Stack>
    </Card>
  );
}

export function Tables() {
  const [list, setList] = useState<TableList | Error | null>(null);
  const [schema, setSchema] = useState<string | null>(null);
  const [selected, setSelected] = useState<TableSummary | null>(null);
  useEffect(() => {
    call('/api/tables', tableList).then(setList, setList);
  }, []);

  if (list === null) return <Spinner label="Reading the schemas" />;
  if (list instanceof Error) return <p role="alert">The tables could not be read: {list.message}</p>;
  const shownSchema = schema ?? list.schemas[0] ?? '';
  const tables = list.tables.filter((t) => t.schema === shownSchema);
  const columns: TableColumn<TableSummary>[] = [
    {
      key: 'name',
      header: 'Table',
      cell: (t) => (
        <button type="button" className="console-open" onClick={() => setSelected(t)} aria-label={`Open ${t.schema}.${t.name}`}>
          {t.name}
        </button>
      ),
    },
    { key: 'rls', header: 'RLS', cell: (t) => <Badge tone={t.rlsEnabled ? 'success' : 'warning'}>{t.rlsEnabled ? 'on' : 'off'}</Badge> },
    { key: 'rows', header: 'Rows', align: 'end', cell: (t) => String(t.rows) },
    { key: 'policies', header: 'Policies', align: 'end', cell: (t) => String(t.policies.length) },
  ];
  return (
    <div className="console-page">
      <PageHeader title="Tables" description="The project's tables, read-only: row level security, row counts, policies and rows (read as the database owner, RLS bypassed)." />
      <Stack>
        <Field label="Schema">
          <Select
            value={shownSchema}
            onChange={(event) => {
              setSchema(event.target.value);
              setSelected(null);
            }}
            options={list.schemas.map((name) => ({ value: name, label: name }))}
          />
        </Field>
        <Table
          caption={`Tables in ${shownSchema}`}
          hideCaption
          columns={columns}
          rows={tables}
          rowKey={(t) => `${t.schema}.${t.name}`}
          rowProps={(t) => ({ 'data-table': `${t.schema}.${t.name}` }) as never}
          density="compact"
          empty="No table in this schema."
        />
        {selected && <TableDetail key={`${selected.schema}.${selected.name}`} table={selected} />}
      </Stack>
    </div>
  );
}
