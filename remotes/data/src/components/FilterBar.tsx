// The filter bar: rows of column · operator · value, combined with AND. It edits a draft; Apply
// checks every value for its column's type and hands the filters on only when all are valid.
import { Button, CloseIcon, DateTimeInput, IconButton, PlusIcon, Select, TextInput, toDateTimeLocal } from '@portal/ui';
import { useState, type ReactNode } from 'react';
import { checkFilter, findOperator, operatorsFor, type Filter } from '../query/filter-operators.js';
import type { ColumnModel } from '../schema/openapi-model.js';

export interface FilterBarProps {
  columns: readonly ColumnModel[];
  /** The filters in effect (from the URL). */
  filters: readonly Filter[];
  onApply: (filters: Filter[]) => void;
  /** Closes the bar (when nothing is filtered). */
  onClose?: () => void;
}

function firstFilterFor(column: ColumnModel): Filter {
  const operator = operatorsFor(column)[0]!;
  return { column: column.name, operator: operator.id, value: '' };
}

/** The value box for a filter: typed like the column for single values, text for lists and JSON. */
function FilterValue({ column, filter, index, invalid, onChange, onSubmit }: { column: ColumnModel; filter: Filter; index: number; invalid: boolean; onChange: (value: string) => void; onSubmit: () => void }): ReactNode {
  const operator = findOperator(column, filter.operator);
  const label = `Filter ${index + 1} value`;
  const common = { 'aria-label': label, size: 'sm' as const, invalid, value: filter.value };
  const submitOnEnter = (event: { key: string; preventDefault(): void }) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onSubmit();
    }
  };
  if (!operator || operator.input === 'none') return <span className="data-filter__novalue" aria-hidden="true" />;
  if (operator.input === 'list') {
    const hint = column.kind === 'enum' ? column.enumValues.join(', ') : 'a, b, c';
    return <TextInput {...common} placeholder={hint} onChange={(e) => onChange(e.target.value)} onKeyDown={submitOnEnter} />;
  }
  if (operator.input === 'json') {
    return <TextInput {...common} mono placeholder='{"key": "value"}' spellCheck={false} onChange={(e) => onChange(e.target.value)} onKeyDown={submitOnEnter} />;
  }
  switch (column.kind) {
    case 'enum':
      return <Select {...common} placeholder="Choose…" options={column.enumValues.map((v) => ({ value: v, label: v }))} onChange={(e) => onChange(e.target.value)} />;
    case 'date':
      return <DateTimeInput {...common} mode="date" onChange={(e) => onChange(e.target.value)} onKeyDown={submitOnEnter} />;
    case 'timestamptz':
      return <DateTimeInput {...common} mode="datetime" value={toDateTimeLocal(filter.value)} onValueChange={(iso) => onChange(iso ?? '')} onKeyDown={submitOnEnter} />;
    case 'timestamp':
      return <DateTimeInput {...common} mode="datetime" onChange={(e) => onChange(e.target.value)} onKeyDown={submitOnEnter} />;
    case 'time':
      return <DateTimeInput {...common} mode="time" onChange={(e) => onChange(e.target.value)} onKeyDown={submitOnEnter} />;
    case 'integer':
    case 'number':
      return <TextInput {...common} inputMode="decimal" placeholder="0" onChange={(e) => onChange(e.target.value)} onKeyDown={submitOnEnter} />;
    default:
      return <TextInput {...common} mono={column.kind === 'uuid'} placeholder="Value" onChange={(e) => onChange(e.target.value)} onKeyDown={submitOnEnter} />;
  }
}

export function FilterBar({ columns, filters, onApply, onClose }: FilterBarProps): ReactNode {
  const [draft, setDraft] = useState<Filter[]>(() => (filters.length > 0 ? [...filters] : columns[0] ? [firstFilterFor(columns[0])] : []));
  const [errors, setErrors] = useState<Array<string | null>>([]);
  // A new set of filters from outside (back/forward, a link) replaces the draft.
  const [applied, setApplied] = useState(filters);
  if (applied !== filters) {
    setApplied(filters);
    setDraft(filters.length > 0 ? [...filters] : columns[0] ? [firstFilterFor(columns[0])] : []);
    setErrors([]);
  }

  const columnOf = (name: string) => columns.find((c) => c.name === name);
  const update = (index: number, next: Filter) => {
    setDraft((current) => current.map((filter, i) => (i === index ? next : filter)));
    setErrors((current) => current.map((error, i) => (i === index ? null : error)));
  };
  const changeColumn = (index: number, name: string) => {
    const column = columnOf(name);
    if (column) update(index, firstFilterFor(column));
  };
  const changeOperator = (index: number, operator: string) => {
    const filter = draft[index]!;
    const column = columnOf(filter.column);
    const next = column ? findOperator(column, operator) : null;
    // The value carries over between operators that take one (e.g. "is" → "is not").
    if (next) update(index, { ...filter, operator: next.id, value: next.input === 'none' ? '' : filter.value });
  };
  const remove = (index: number) => {
    setDraft((current) => current.filter((_, i) => i !== index));
    setErrors((current) => current.filter((_, i) => i !== index));
  };
  const add = () => {
    const column = columns[0];
    if (column) setDraft((current) => [...current, firstFilterFor(column)]);
  };
  const apply = () => {
    const found = draft.map((filter) => {
      const column = columnOf(filter.column);
      return column ? checkFilter(column, filter) : `There is no column ${filter.column}.`;
    });
    setErrors(found);
    if (found.every((error) => error === null)) onApply(draft);
  };
  const clear = () => {
    setDraft([]);
    setErrors([]);
    if (filters.length > 0) onApply([]);
    onClose?.();
  };

  return (
    <section className="data-filterbar" aria-label="Filters">
      {draft.length === 0 ? <p className="data-filterbar__empty">No filters: every row you may see is shown.</p> : null}
      <ol className="data-filterbar__list">
        {draft.map((filter, index) => {
          const column = columnOf(filter.column);
          const error = errors[index] ?? null;
          return (
            <li key={index} className="data-filter" data-invalid={error ? true : undefined}>
              <span className="data-filter__join" aria-hidden="true">
                {index === 0 ? 'Where' : 'and'}
              </span>
              <Select
                size="sm"
                aria-label={`Filter ${index + 1} column`}
                value={filter.column}
                onChange={(event) => changeColumn(index, event.target.value)}
                options={columns.map((c) => ({ value: c.name, label: c.name }))}
              />
              <Select
                size="sm"
                aria-label={`Filter ${index + 1} operator`}
                value={filter.operator}
                onChange={(event) => changeOperator(index, event.target.value)}
                options={column ? operatorsFor(column).map((o) => ({ value: o.id, label: o.label })) : []}
              />
              {column ? (
                <FilterValue column={column} filter={filter} index={index} invalid={Boolean(error)} onChange={(value) => update(index, { ...filter, value })} onSubmit={apply} />
              ) : (
                <span />
              )}
              <IconButton size="sm" label={`Remove filter ${index + 1}`} icon={<CloseIcon />} onClick={() => remove(index)} />
              {error ? (
                <p className="data-filter__error" role="alert">
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="data-filterbar__actions">
        <Button size="sm" variant="ghost" iconStart={<PlusIcon />} onClick={add} disabled={columns.length === 0}>
          Add filter
        </Button>
        <span className="data-filterbar__spacer" />
        <Button size="sm" variant="ghost" onClick={clear}>
          {filters.length > 0 ? 'Clear filters' : 'Close'}
        </Button>
        <Button size="sm" variant="primary" onClick={apply}>
          Apply filters
        </Button>
      </div>
    </section>
  );
}
