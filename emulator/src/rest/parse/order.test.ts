import { isRestError } from '../errors.js';
import { parseOrder } from './order.js';

describe('parseOrder', () => {
  it('reads directions, nulls placement, JSON paths and related columns', () => {
    expect(
      parseOrder('a,b.desc,c.asc.nullsfirst,d.nullslast,data->x->>y.desc,author(name).asc'),
    ).toEqual([
      { field: { name: 'a', jsonPath: [] } },
      { field: { name: 'b', jsonPath: [] }, direction: 'desc' },
      { field: { name: 'c', jsonPath: [] }, direction: 'asc', nulls: 'first' },
      { field: { name: 'd', jsonPath: [] }, nulls: 'last' },
      {
        field: {
          name: 'data',
          jsonPath: [
            { op: '->', key: 'x' },
            { op: '->>', key: 'y' },
          ],
        },
        direction: 'desc',
      },
      { relation: 'author', field: { name: 'name', jsonPath: [] }, direction: 'asc' },
    ]);
  });

  it.each(['a.up', 'a,', '', 'a.desc.nullsmiddle', 'rel(a'])(
    'refuses %s with PGRST100',
    (value) => {
      let code = '';
      try {
        parseOrder(value);
      } catch (error) {
        if (isRestError(error)) code = error.code;
      }
      expect(code).toBe('PGRST100');
    },
  );
});
