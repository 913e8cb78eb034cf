// The tables and views the person may reach, with how many rows they may see in each.
import { useSupabase } from '@portal/platform';
import { Badge, Button, EmptyState, Inline, PageHeader, Skeleton, Table, type TableColumn } from '@portal/ui';
import { useState, type ReactNode } from 'react';
import { dataMeta } from '../meta.js';
import type { SchemaModel, TableModel } from '../schema/openapi-model.js';
import { MyInvitations } from '../sharing/MyInvitations.js';
import { offersSharing } from '../sharing/sharing-schema.js';
import { useRowCounts, type RowCount } from './use-row-counts.js';

function AccessBadges({ table }: { table: TableModel }): ReactNode {
  const writes = [table.canInsert && 'insert', table.canUpdate && 'update', table.canDelete && 'delete'].filter((w): w is string => Boolean(w));
  if (writes.length === 0) return <Badge>read only</Badge>;
  return (
    <Inline gap={1}>
      {writes.map((write) => (
        <Badge key={write} tone="accent">
          {write}
        </Badge>
      ))}
    </Inline>
  );
}

function CountCell({ count, asked }: { count: RowCount | undefined; asked: boolean }): ReactNode {
  if (!asked) return <span className="data-count-none">not counted</span>;
  if (!count || count.status === 'loading') return <Skeleton width="3rem" />;
  if (count.status === 'error') {
    return (
      <span className="data-count-error" title={count.error}>
        unknown
      </span>
    );
  }
  return count.count.toLocaleString();
}

export function TableList({ model, route }: { model: SchemaModel; route: string }): ReactNode {
  const supabase = useSupabase();
  const [countsAsked, setCountsAsked] = useState(0);
  const counts = useRowCounts(supabase, model, countsAsked);
  const counting = countsAsked > 0 && model.tables.some((table) => table.canRead && (counts.get(table.name)?.status ?? 'loading') === 'loading');
  const columns: TableColumn<TableModel>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (table) => (
        <span className="data-table-name">
          <a href={`${route}/${encodeURIComponent(table.name)}`}>{table.name}</a>
          {table.description ? <span className="data-table-name__description" title={table.description}>{table.description}</span> : null}
        </span>
      ),
    },
    { key: 'columns', header: 'Columns', align: 'end', width: '7rem', cell: (table) => String(table.columns.length) },
    { key: 'rows', header: 'Rows you see', align: 'end', width: '9rem', cell: (table) => <span data-row-count={table.name}><CountCell count={counts.get(table.name)} asked={countsAsked > 0} /></span> },
    { key: 'access', header: 'You may', width: '14rem', cell: (table) => <AccessBadges table={table} /> },
  ];
  return (
    <div className="data-page">
      {/* The registry's words, as the shell drew them while this remote loaded (no change on screen). */}
      <PageHeader title={dataMeta.title} description={dataMeta.description} />
      {offersSharing(model) ? <MyInvitations route={route} /> : null}
      {model.tables.some((table) => table.canRead) ? (
        <Inline gap={2} align="center" justify="end">
          <Button variant="secondary" size="sm" loading={counting} loadingLabel="Counting rows…" onClick={() => setCountsAsked((n) => n + 1)}>
            {countsAsked > 0 ? 'Count rows again' : 'Count rows'}
          </Button>
        </Inline>
      ) : null}
      <Table<TableModel>
        className="data-tables"
        caption="Tables and views"
        hideCaption
        columns={columns}
        rows={model.tables}
        rowKey={(table) => table.name}
        wrapCells
        // On a phone, a card per table: as four columns it was 475 px wide in a 326 px box at
        // 360 px, with the rows one sees and what one may do past the box's edge.
        stackBelow="40rem"
        empty={<EmptyState title="No tables" description="The REST API describes no tables or views you may reach." />}
      />
    </div>
  );
}
