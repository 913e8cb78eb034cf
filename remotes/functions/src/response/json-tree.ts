// A JSON value as the rows of a collapsible tree: each row knows its path, its depth, what it
// shows and whether it opens. Collapsed paths hide their descendants.

export type JsonRow =
  | {
      path: string;
      depth: number;
      key: string | null;
      kind: 'open';
      bracket: '{' | '[';
      count: number;
      collapsed: boolean;
    }
  | { path: string; depth: number; key: null; kind: 'close'; bracket: '}' | ']' }
  | {
      path: string;
      depth: number;
      key: string | null;
      kind: 'value';
      type: 'string' | 'number' | 'boolean' | 'null';
      text: string;
    };

function childPath(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : `${path}.${key}`;
}

export function jsonRows(
  value: unknown,
  collapsed: ReadonlySet<string>,
  path = '$',
  depth = 0,
  key: string | null = null,
): JsonRow[] {
  if (value !== null && typeof value === 'object') {
    const isArray = Array.isArray(value);
    const entries: [string | number, unknown][] = isArray
      ? value.map((item, i) => [i, item])
      : Object.entries(value as Record<string, unknown>);
    const closed = collapsed.has(path);
    const rows: JsonRow[] = [
      {
        path,
        depth,
        key,
        kind: 'open',
        bracket: isArray ? '[' : '{',
        count: entries.length,
        collapsed: closed,
      },
    ];
    if (closed) return rows;
    for (const [childKey, child] of entries) {
      rows.push(
        ...jsonRows(
          child,
          collapsed,
          childPath(path, childKey),
          depth + 1,
          isArray ? null : String(childKey),
        ),
      );
    }
    rows.push({
      path: `${path}#end`,
      depth,
      key: null,
      kind: 'close',
      bracket: isArray ? ']' : '}',
    });
    return rows;
  }
  const type =
    value === null
      ? 'null'
      : typeof value === 'string'
        ? 'string'
        : typeof value === 'number'
          ? 'number'
          : typeof value === 'boolean'
            ? 'boolean'
            : 'null';
  return [
    {
      path,
      depth,
      key,
      kind: 'value',
      type,
      text: type === 'string' ? JSON.stringify(value) : String(value),
    },
  ];
}

/** Paths deeper than `depth` start collapsed, so a large answer opens readable. */
export function collapsedBeyond(
  value: unknown,
  depth: number,
  path = '$',
  level = 0,
  into = new Set<string>(),
): Set<string> {
  if (value === null || typeof value !== 'object') return into;
  if (level >= depth) {
    into.add(path);
    return into;
  }
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [i, item])
    : Object.entries(value as Record<string, unknown>);
  for (const [key, child] of entries)
    collapsedBeyond(child, depth, childPath(path, key), level + 1, into);
  return into;
}
