// The only two ways request text reaches a statement: as a quoted identifier (names the
// planner checked against the schema cache, and output keys) or as a `$n` parameter.

/** `"name"` with embedded quotes doubled. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `"schema"."name"`. */
export function qualifiedIdent(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/** Collects parameter values; `add` returns the placeholder. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Hands out the statement's own aliases (`t0`, `t1`, …): never request text. */
export class Aliases {
  private next = 0;

  table(): string {
    return `pgrst_t${this.next++}`;
  }

  embed(): string {
    return `pgrst_e${this.next++}`;
  }
}
