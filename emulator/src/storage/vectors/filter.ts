// The QueryVectors metadata filter (docs/compatibility.md#vector-buckets), translated to a
// parameterised SQL condition on a jsonb `metadata` column: {field: value |
// {$eq,$ne,$gt,$gte,$lt,$lte,$in,$nin,$exists}}, combined with $and / $or. Comparisons keep JSON
// types (the string "2020" is not the number 2020); an array value matches $eq/$in when it contains
// the value; $ne/$nin also match vectors without the key.
import { storageErrors } from '../errors.js';

type Primitive = string | number | boolean;

const FIELD_OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists']);
const RANGE_SQL: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

export interface FilterOptions {
  /** Keys declared non-filterable on the index: filtering on them is refused. */
  nonFilterableKeys?: ReadonlySet<string>;
  column?: string;
}

function invalid(message: string) {
  return storageErrors.invalidParameter('filter', `Invalid filter: ${message}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function primitive(value: unknown, where: string): Primitive {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw invalid(`${where} must be a string, a finite number or a boolean, got ${JSON.stringify(value)}`);
}

class Translator {
  constructor(
    private readonly params: unknown[],
    private readonly column: string,
    private readonly nonFilterable: ReadonlySet<string>,
  ) {}

  private param(value: unknown, cast = ''): string {
    this.params.push(value);
    return `$${this.params.length}${cast}`;
  }

  private field(name: string): string {
    return `(${this.column} -> ${this.param(name)})`;
  }

  /** jsonb containment: scalar equality, or "array contains this scalar". */
  private contains(name: string, value: Primitive): string {
    return `coalesce(${this.field(name)} @> ${this.param(JSON.stringify(value), '::jsonb')}, false)`;
  }

  private containsAny(name: string, values: Primitive[]): string {
    return `coalesce(exists (select 1 from jsonb_array_elements(${this.param(JSON.stringify(values), '::jsonb')}) as v(value)
      where ${this.field(name)} @> v.value), false)`;
  }

  private operator(name: string, op: string, operand: unknown): string {
    switch (op) {
      case '$eq':
        return this.contains(name, primitive(operand, `${name}.$eq`));
      case '$ne':
        return `not ${this.contains(name, primitive(operand, `${name}.$ne`))}`;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte': {
        if (typeof operand !== 'number' || !Number.isFinite(operand)) {
          throw invalid(`${name}.${op} needs a finite number, got ${JSON.stringify(operand)}`);
        }
        const value = this.field(name);
        // CASE, not AND: SQL does not promise to test the type before trying the cast.
        return `(case when jsonb_typeof(${value}) = 'number' then (${value})::numeric ${RANGE_SQL[op]} ${this.param(operand, '::numeric')} else false end)`;
      }
      case '$in':
      case '$nin': {
        if (!Array.isArray(operand) || operand.length === 0) {
          throw invalid(`${name}.${op} needs a non-empty array of values`);
        }
        const values = operand.map((v, i) => primitive(v, `${name}.${op}[${i}]`));
        const match = this.containsAny(name, values);
        return op === '$in' ? match : `not ${match}`;
      }
      case '$exists':
        if (typeof operand !== 'boolean') throw invalid(`${name}.$exists needs true or false`);
        return `${this.field(name)} is ${operand ? 'not ' : ''}null`;
      default:
        throw invalid(`unknown operator ${op} on ${name} (use $eq, $ne, $gt, $gte, $lt, $lte, $in, $nin, $exists)`);
    }
  }

  private fieldClause(name: string, condition: unknown): string {
    if (name === '') throw invalid('metadata key names cannot be empty');
    if (this.nonFilterable.has(name)) {
      throw invalid(`"${name}" is a non-filterable metadata key of this index and cannot be used in a filter`);
    }
    if (!isPlainObject(condition)) return this.operator(name, '$eq', condition);
    const ops = Object.entries(condition);
    if (ops.length === 0) throw invalid(`the condition on ${name} is an empty object`);
    for (const [op] of ops) {
      if (!FIELD_OPERATORS.has(op)) {
        throw invalid(`unknown operator ${op} on ${name} (use $eq, $ne, $gt, $gte, $lt, $lte, $in, $nin, $exists)`);
      }
    }
    const parts = ops.map(([op, operand]) => this.operator(name, op, operand));
    return parts.length === 1 ? parts[0]! : `(${parts.join(' and ')})`;
  }

  translate(filter: unknown): string {
    if (!isPlainObject(filter)) throw invalid('a filter is a JSON object');
    const keys = Object.keys(filter);
    if (keys.length === 0) throw invalid('a filter needs at least one condition');
    if ('$and' in filter || '$or' in filter) {
      if (keys.length !== 1) throw invalid(`$and / $or must be the only key of their object, found ${keys.join(', ')}`);
      const op = keys[0] as '$and' | '$or';
      const list = filter[op];
      if (!Array.isArray(list) || list.length === 0) throw invalid(`${op} needs a non-empty array of filters`);
      const parts = list.map((sub) => `(${this.translate(sub)})`);
      return parts.join(op === '$and' ? ' and ' : ' or ');
    }
    const clauses = keys.map((name) => {
      if (name.startsWith('$')) throw invalid(`${name} is not allowed where a metadata key is expected`);
      return this.fieldClause(name, filter[name]);
    });
    return clauses.length === 1 ? clauses[0]! : clauses.join(' and ');
  }
}

/**
 * Appends the filter's values to `params` and returns the SQL condition referring to them
 * (`$n` numbering continues after what `params` already holds).
 */
export function translateFilter(filter: unknown, params: unknown[], options: FilterOptions = {}): string {
  return new Translator(params, options.column ?? 'metadata', options.nonFilterableKeys ?? new Set()).translate(filter);
}
