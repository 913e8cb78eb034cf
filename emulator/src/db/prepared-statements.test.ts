import { PreparedStatements } from './prepared-statements.js';

describe('PreparedStatements', () => {
  it('names a statement once it is prepared, and only then', () => {
    const statements = new PreparedStatements();
    const first = statements.nameFor('select 1');
    expect(first.prepared).toBe(false);
    statements.prepared('select 1', first.name);
    expect(statements.nameFor('select 1')).toEqual({ name: first.name, prepared: true });
  });

  it('never gives one name to two texts', () => {
    const statements = new PreparedStatements(1);
    const one = statements.nameFor('select 1');
    statements.prepared('select 1', one.name);
    const two = statements.nameFor('select 2');
    statements.prepared('select 2', two.name);
    const again = statements.nameFor('select 1');
    expect(new Set([one.name, two.name, again.name]).size).toBe(3);
  });

  it('hands back evicted names once, so the engine closes them', () => {
    const statements = new PreparedStatements(2);
    for (const sql of ['select 1', 'select 2', 'select 3']) {
      statements.prepared(sql, statements.nameFor(sql).name);
    }
    expect(statements.nameFor('select 1').prepared).toBe(false);
    expect(statements.takeEvicted()).toHaveLength(1);
    expect(statements.takeEvicted()).toEqual([]);
  });
});
