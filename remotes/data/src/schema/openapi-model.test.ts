import { isDataError } from '../errors/data-errors.js';
import { columnKind } from './column-kind.js';
import { findColumn, findTable, insertRequirement, schemaModelFromOpenApi } from './openapi-model.js';
import { sampleColumn, sampleModel, sampleTable } from './sample-openapi.js';

describe('schemaModelFromOpenApi', () => {
  it('lists every table and view of the document, sorted, and skips rpc paths and the root', () => {
    expect(sampleModel().tables.map((t) => t.name)).toEqual(['customers', 'order_lines', 'order_shares', 'order_totals', 'orders', 'profiles']);
  });

  it("sorts the tables without the locale's collation (its first use in a page loads its data: issue #40)", () => {
    const compare = jest.spyOn(String.prototype, 'localeCompare');
    try {
      expect(sampleModel().tables.map((t) => t.name)).toEqual(['customers', 'order_lines', 'order_shares', 'order_totals', 'orders', 'profiles']);
      expect(compare).not.toHaveBeenCalled();
    } finally {
      compare.mockRestore();
    }
  });

  it('reads what the caller may do from the methods PostgREST lists', () => {
    const model = sampleModel();
    expect(findTable(model, 'orders')).toMatchObject({ canRead: true, canInsert: true, canUpdate: true, canDelete: true });
    expect(findTable(model, 'order_lines')).toMatchObject({ canInsert: true, canUpdate: false, canDelete: true });
    expect(findTable(model, 'order_totals')).toMatchObject({ canRead: true, canInsert: false, canUpdate: false, canDelete: false, primaryKey: [] });
  });

  it('finds primary keys (also composite ones) and foreign keys in the key notes', () => {
    const model = sampleModel();
    expect(findTable(model, 'orders')!.primaryKey).toEqual(['id']);
    expect(findTable(model, 'order_lines')!.primaryKey).toEqual(['order_id', 'line']);
    expect(sampleColumn('orders', 'customer_id').foreignKey).toEqual({ table: 'customers', column: 'id' });
    expect(sampleColumn('order_lines', 'order_id')).toMatchObject({ primaryKey: true, foreignKey: { table: 'orders', column: 'id' } });
  });

  it('keeps the comments people wrote and drops the key notes', () => {
    expect(sampleColumn('orders', 'reference').description).toBe('What the customer sees on the invoice.');
    expect(sampleColumn('orders', 'id').description).toBeNull();
    expect(findTable(sampleModel(), 'orders')!.description).toBe('Orders placed in the shop.');
  });

  it('reads nullability, defaults, enums and lengths', () => {
    expect(sampleColumn('orders', 'note')).toMatchObject({ nullable: true, hasDefault: false });
    expect(sampleColumn('orders', 'status')).toMatchObject({ kind: 'enum', enumValues: ['open', 'shipped', 'cancelled'], hasDefault: true, defaultValue: 'open', nullable: false });
    expect(sampleColumn('orders', 'reference').maxLength).toBe(12);
  });

  it('gives each column a kind from its Postgres type', () => {
    const kinds = Object.fromEntries(findTable(sampleModel(), 'orders')!.columns.map((c) => [c.name, c.kind]));
    expect(kinds).toEqual({
      id: 'integer',
      customer_id: 'uuid',
      reference: 'text',
      note: 'text',
      paid: 'boolean',
      status: 'enum',
      total: 'number',
      quantity: 'integer',
      weight: 'number',
      tags: 'array',
      lucky_numbers: 'array',
      extra: 'json',
      due_on: 'date',
      placed_at: 'timestamptz',
      local_time: 'timestamp',
      opens_at: 'time',
      secret_code: 'other',
    });
    expect(sampleColumn('orders', 'tags').itemKind).toBe('text');
    expect(sampleColumn('orders', 'lucky_numbers').itemKind).toBe('integer');
  });

  it('refuses a document that is not PostgREST’s, with a coded error', () => {
    const attempt = () => schemaModelFromOpenApi({ openapi: '3.0.0' });
    expect(attempt).toThrow(/not a PostgREST OpenAPI document/);
    try {
      attempt();
    } catch (error) {
      expect(isDataError(error) && error.code).toBe('DATA-002');
    }
  });

  it('accepts a document with no definitions (nothing to show)', () => {
    expect(schemaModelFromOpenApi({ swagger: '2.0', paths: { '/': {} } }).tables).toEqual([]);
  });

  it('finds columns by name', () => {
    const orders = findTable(sampleModel(), 'orders')!;
    expect(findColumn(orders, 'paid')?.kind).toBe('boolean');
    expect(findColumn(orders, 'nope')).toBeNull();
    expect(findTable(sampleModel(), 'nope')).toBeNull();
  });
});

describe('insertRequirement', () => {
  const requirement = (table: string, column: string) => insertRequirement(sampleTable(table), sampleColumn(table, column));

  it('asks for not-null columns without a default, leaves identity-like keys to the database', () => {
    expect(requirement('orders', 'customer_id')).toBe('required');
    expect(requirement('orders', 'id')).toBe('generated');
    expect(requirement('orders', 'paid')).toBe('optional');
    expect(requirement('orders', 'note')).toBe('optional');
    expect(requirement('customers', 'id')).toBe('optional');
  });

  it('never calls a foreign key or a part of a composite key generated (issue #39, item 4)', () => {
    // order_lines (order_id → orders.id, line): both parts of its key, the first one a foreign key.
    expect(requirement('order_lines', 'order_id')).toBe('required');
    expect(requirement('order_lines', 'line')).toBe('required');
    expect(requirement('order_shares', 'order_id')).toBe('required');
    expect(requirement('order_shares', 'user_id')).toBe('required');
    expect(requirement('order_shares', 'shared_by')).toBe('optional');
  });

  it('leaves not-null JSON and array columns to the database, whose defaults the description hides', () => {
    const base = sampleColumn('orders', 'customer_id');
    const orders = sampleTable('orders');
    expect(insertRequirement(orders, { ...base, kind: 'json', primaryKey: false })).toBe('unless-default');
    expect(insertRequirement(orders, { ...base, kind: 'array', itemKind: 'text', primaryKey: false })).toBe('unless-default');
    expect(insertRequirement(orders, { ...base, kind: 'json', hasDefault: true })).toBe('optional');
  });
});

describe('columnKind', () => {
  it('reads type modifiers, aliases and unknown types', () => {
    expect(columnKind({ format: 'numeric(10,2)', type: 'number' }).kind).toBe('number');
    expect(columnKind({ format: 'character varying(80)', type: 'string' }).kind).toBe('text');
    expect(columnKind({ format: 'int8' }).kind).toBe('integer');
    expect(columnKind({ format: 'inet', type: 'string' }).kind).toBe('other');
    expect(columnKind({ format: 'public.money_amount', type: 'integer' }).kind).toBe('integer');
    expect(columnKind({ format: 'uuid[]', type: 'array', itemType: 'string' })).toEqual({ kind: 'array', itemKind: 'uuid' });
    expect(columnKind({ format: 'public.mood[]', type: 'array', itemType: 'string' })).toEqual({ kind: 'array', itemKind: 'other' });
  });
});
