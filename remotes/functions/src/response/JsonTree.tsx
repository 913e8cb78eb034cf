// A JSON answer as a tree whose objects and arrays open and close; values are React text.
import { useMemo, useState, type ReactNode } from 'react';
import { collapsedBeyond, jsonRows } from './json-tree.js';

export function JsonTree({ value }: { value: unknown }): ReactNode {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => collapsedBeyond(value, 3));
  const rows = useMemo(() => jsonRows(value, collapsed), [value, collapsed]);
  const toggle = (path: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  return (
    <div className="fn-json" role="tree" aria-label="JSON answer">
      {rows.map((row) => (
        <div
          key={row.path}
          className="fn-json__row"
          role="treeitem"
          aria-level={row.depth + 1}
          aria-expanded={row.kind === 'open' ? !row.collapsed : undefined}
          data-path={row.path}
          style={{ paddingLeft: `${row.depth * 1.25}rem` }}
        >
          {row.kind === 'open' ? (
            <button
              type="button"
              className="fn-json__toggle"
              onClick={() => toggle(row.path)}
              aria-label={`${row.collapsed ? 'Open' : 'Close'} ${row.path}`}
            >
              {row.collapsed ? '▸' : '▾'}
            </button>
          ) : null}
          {row.key !== null ? (
            <span className="fn-json__key">{JSON.stringify(row.key)}: </span>
          ) : null}
          {row.kind === 'value' ? (
            <span className={`fn-json__value fn-json__value--${row.type}`}>{row.text}</span>
          ) : null}
          {row.kind === 'open' ? (
            <span className="fn-json__bracket">
              {row.bracket}
              {row.collapsed
                ? ` … ${row.count} ${row.count === 1 ? 'item' : 'items'} ${row.bracket === '{' ? '}' : ']'}`
                : ''}
            </span>
          ) : null}
          {row.kind === 'close' ? <span className="fn-json__bracket">{row.bracket}</span> : null}
        </div>
      ))}
    </div>
  );
}
