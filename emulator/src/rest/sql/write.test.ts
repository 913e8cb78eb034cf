import { testCache } from '../../../test/rest/test-cache.js';
import { Params } from './identifiers.js';
import { deleteSql, insertSql, returningSql, updateSql } from './write.js';

const users = testCache().relations.get('public.users')!;

describe('write SQL', () => {
  it('inserts through json_populate_recordset with the body as one parameter', () => {
    const params = new Params();
    const sql = insertSql(
      users,
      {
        columns: ['id', 'username'],
        rows: [{ id: 'x', username: 'y' }],
        missingDefault: false,
        returning: returningSql(false),
      },
      params,
    );
    expect(sql).toBe(
      'insert into "public"."users" as "pgrst_target" ("id", "username") select "pgrst_body"."id", "pgrst_body"."username" from json_populate_recordset(null::"public"."users", $1::json) as "pgrst_body" returning 1',
    );
    expect(params.values).toEqual(['[{"id":"x","username":"y"}]']);
  });

  it('upserts with merge or ignore on the conflict columns', () => {
    const merge = insertSql(
      users,
      {
        columns: ['id', 'age'],
        rows: [{ id: 'x', age: 1 }],
        missingDefault: false,
        onConflict: { columns: ['id'], resolution: 'merge' },
        returning: returningSql(true),
      },
      new Params(),
    );
    expect(merge).toContain(
      'on conflict ("id") do update set "id" = excluded."id", "age" = excluded."age" returning "pgrst_target".*',
    );
    const ignore = insertSql(
      users,
      {
        columns: ['id'],
        rows: [{ id: 'x' }],
        missingDefault: false,
        onConflict: { columns: ['username'], resolution: 'ignore' },
        returning: '',
      },
      new Params(),
    );
    expect(ignore).toContain('on conflict ("username") do nothing');
  });

  it("lays each row over the written columns' defaults with missing=default (PostgREST's fromJsonBodyF)", () => {
    const columnsByName = new Map(users.columnsByName);
    columnsByName.set('age', { ...users.columnsByName.get('age')!, insertDefault: '18' });
    const params = new Params();
    const sql = insertSql(
      { ...users, columnsByName },
      {
        columns: ['id', 'age'],
        rows: [{ id: 'a' }, { id: 'b', age: 2 }],
        missingDefault: true,
        returning: '',
      },
      params,
    );
    expect(sql).toBe(
      'insert into "public"."users" as "pgrst_target" ("id", "age") select "pgrst_body"."id", "pgrst_body"."age" ' +
        'from (select $2::jsonb as json_data) "pgrst_payload", ' +
        'lateral (select jsonb_agg(jsonb_build_object($1::text, 18) || elem) as val from jsonb_array_elements("pgrst_payload".json_data) elem) "pgrst_json_defs", ' +
        'lateral (select * from jsonb_to_recordset("pgrst_json_defs".val) as _("age" integer, "id" uuid)) "pgrst_body"',
    );
    expect(params.values).toEqual(['age', JSON.stringify([{ id: 'a' }, { id: 'b', age: 2 }])]);
  });

  it('inserts rows of defaults for empty objects', () => {
    expect(
      insertSql(
        users,
        { columns: [], rows: [{}, {}], missingDefault: false, returning: '' },
        new Params(),
      ),
    ).toBe('insert into "public"."users" as "pgrst_target" ("id") values (default), (default)');
  });

  it('updates from one populated record and deletes with the filters', () => {
    const params = new Params();
    expect(
      updateSql(users, ['age'], { age: 3 }, ['"pgrst_target"."id" = $9'], ' returning 1', params),
    ).toBe(
      'update "public"."users" as "pgrst_target" set "age" = "pgrst_body"."age" from (select * from json_populate_record(null::"public"."users", $1::json)) as "pgrst_body" where "pgrst_target"."id" = $9 returning 1',
    );
    expect(deleteSql(users, ['x = $1'], ' returning 1')).toBe(
      'delete from "public"."users" as "pgrst_target" where x = $1 returning 1',
    );
  });
});
