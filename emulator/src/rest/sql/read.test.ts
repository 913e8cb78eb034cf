import { parseQuery } from '../parse/query.js';
import { planRead, sourceOfRelation } from '../plan/read-plan.js';
import { testCache } from '../../../test/rest/test-cache.js';
import {
  buildLevelParts,
  countSelect,
  envelopeSql,
  levelSelect,
  newBuilder,
  pagedLevelSelect,
} from './read.js';

const cache = testCache();

function build(table: string, pairs: [string, string][]) {
  const level = planRead(
    cache,
    sourceOfRelation(cache.relations.get(`public.${table}`)!),
    parseQuery(pairs),
  );
  const builder = newBuilder();
  const alias = builder.aliases.table();
  const from = `"public"."${table}" as "${alias}"`;
  const parts = buildLevelParts(level, alias, builder);
  return {
    sql: levelSelect(parts, from),
    paged: pagedLevelSelect(level, parts, alias, from),
    count: countSelect(parts, from),
    params: builder.params.values,
  };
}

describe('read SQL', () => {
  it('selects columns with quoted identifiers and every value as a parameter', () => {
    const { sql, params } = build('users', [
      ['select', 'id,"name":username'],
      ['username', "eq.alice'; drop table users; --"],
      ['age', 'in.(1,"2,3")'],
      ['profile->>city', 'ilike.*par*'],
    ]);
    expect(sql).toBe(
      'select "pgrst_t0"."id" as "id", "pgrst_t0"."username" as "name" from "public"."users" as "pgrst_t0" where "pgrst_t0"."username" = $1 and "pgrst_t0"."age" = any($2) and ("pgrst_t0"."profile"->>$3::text) ilike $4',
    );
    expect(params).toEqual(["alice'; drop table users; --", '{"1","2,3"}', 'city', '%par%']);
  });

  it('doubles quotes inside identifiers that come from the request', () => {
    const { sql } = build('users', [['select', '"x\\"y":username']]);
    expect(sql).toContain('as "x""y"');
  });

  it('renders each operator', () => {
    const ops: [string, string][] = [
      ['neq.1', '<> $1'],
      ['gte.1', '>= $1'],
      ['match.^a', '~ $1'],
      ['imatch.^a', '~* $1'],
      ['cs.{a}', '@> $1'],
      ['cd.{a}', '<@ $1'],
      ['ov.{a}', '&& $1'],
      ['sl.[1,2]', '<< $1'],
      ['sr.[1,2]', '>> $1'],
      ['nxl.[1,2]', '&> $1'],
      ['nxr.[1,2]', '&< $1'],
      ['adj.[1,2]', '-|- $1'],
      ['isdistinct.1', 'is distinct from $1'],
      ['is.not_null', 'is not null'],
      ['is.unknown', 'is unknown'],
      ['eq(all).{1,2}', '= all($1)'],
      ['not.eq.1', 'not ("pgrst_t0"."tags" = $1)'],
    ];
    for (const [value, expected] of ops) {
      expect(
        build('users', [
          ['select', 'id'],
          ['tags', value],
        ]).sql,
      ).toContain(expected);
    }
  });

  it('searches text with to_tsvector and tsvector columns directly', () => {
    expect(
      build('messages', [
        ['select', 'id'],
        ['search', 'fts(english).cat'],
      ]).sql,
    ).toContain('"pgrst_t0"."search" @@ to_tsquery($1::regconfig, $2::text)');
    expect(
      build('messages', [
        ['select', 'id'],
        ['body', 'wfts.cat'],
      ]).sql,
    ).toContain('to_tsvector("pgrst_t0"."body") @@ websearch_to_tsquery($1::text)');
  });

  it('nests logic trees with not', () => {
    const { sql } = build('users', [
      ['select', 'id'],
      ['or', '(age.lt.18,and(age.gt.65,username.not.is.null))'],
    ]);
    expect(sql).toContain(
      'where ("pgrst_t0"."age" < $1 or ("pgrst_t0"."age" > $2 and not ("pgrst_t0"."username" is null)))',
    );
  });

  it('embeds to-one as row_to_json and to-many as json_agg in lateral joins', () => {
    const { sql } = build('channels', [
      ['select', 'slug,owner:users!owner_id(username),messages(body)'],
      ['messages.order', 'id.desc'],
      ['messages.limit', '2'],
    ]);
    expect(sql).toContain(
      'left join lateral (select row_to_json("pgrst_row") as "pgrst_j", true as "pgrst_hit" from "public"."users" as "pgrst_t2"',
    );
    expect(sql).toContain('where "pgrst_t2"."id" = "pgrst_t0"."owner_id") as "pgrst_e1" on true');
    expect(sql).toContain(
      'select json_agg("pgrst_rows") as "pgrst_j", count(*) > 0 as "pgrst_hit" from (select "pgrst_t4"."body" as "body" from "public"."messages" as "pgrst_t4" where "pgrst_t4"."channel_id" = "pgrst_t0"."id" order by "pgrst_t4"."id" desc limit $1::bigint)',
    );
    expect(sql).toContain(`coalesce("pgrst_e3"."pgrst_j", '[]'::json) as "messages"`);
  });

  it('joins a many-to-many through its junction', () => {
    const { sql } = build('users', [['select', 'channels!channel_members(slug)']]);
    expect(sql).toContain(
      'join "public"."channel_members" as "pgrst_t3" on "pgrst_t3"."channel_id" = "pgrst_t2"."id"',
    );
    expect(sql).toContain('"pgrst_t3"."user_id" = "pgrst_t0"."id"');
  });

  it('filters parents by !inner and by embed presence, and counts with the same filters', () => {
    const { sql, count } = build('messages', [
      ['select', 'id,channels!inner(slug),editor:users!editor_id(id)'],
      ['channels.slug', 'eq.general'],
      ['editor', 'is.null'],
    ]);
    expect(sql).toContain(
      'where "pgrst_e3"."pgrst_hit" is not true and "pgrst_e1"."pgrst_hit" is true',
    );
    expect(count).toContain('"pgrst_e1"."pgrst_hit" is true');
    expect(count).toMatch(/^select count\(\*\) from \(select 1 from "public"."messages"/);
  });

  it('groups by the non-aggregated items', () => {
    const { sql } = build('messages', [['select', 'author_id,count(),id.sum()::int']]);
    expect(sql).toBe(
      'select "pgrst_t0"."author_id" as "author_id", count(*) as "count", cast(sum("pgrst_t0"."id") as integer) as "sum" from "public"."messages" as "pgrst_t0" group by "pgrst_t0"."author_id"',
    );
  });

  it('orders with nulls placement and by a related to-one column', () => {
    const { sql } = build('messages', [
      ['select', 'id,channels(slug)'],
      ['order', 'channels(slug).desc.nullslast,id'],
    ]);
    expect(sql).toContain('"pgrst_t2"."slug" as "pgrst_o0"');
    expect(sql).toContain('order by "pgrst_e1"."pgrst_o0" desc nulls last, "pgrst_t0"."id"');
  });

  it('wraps the page in an envelope that renders JSON, objects or CSV in Postgres', () => {
    expect(envelopeSql({ shape: 'array' })).toContain(
      `coalesce(json_agg("pgrst_r"), '[]'::json)::text as "body"`,
    );
    expect(envelopeSql({ shape: 'object', stripNulls: true })).toContain(
      '(json_strip_nulls(json_agg("pgrst_r"))->0)::text',
    );
    expect(envelopeSql({ shape: 'csv' })).toContain('string_agg(substring("pgrst_r"::text, 2');
    expect(envelopeSql({ shape: 'none', countSql: 'select 1' })).toContain('(select 1) as "total"');
  });

  describe('a page with embeds', () => {
    it('is taken before the embeds are joined, reading only the columns it needs', () => {
      const { paged, params } = build('messages', [
        ['select', 'id,body,author:users!author_id(username)'],
        ['channel_id', 'eq.1'],
        ['order', 'id.desc'],
        ['limit', '100'],
        ['offset', '900'],
      ]);
      expect(paged).toMatch(
        /^select .* from \(select "pgrst_t0"\."id", "pgrst_t0"\."body", "pgrst_t0"\."author_id" from "public"\."messages" as "pgrst_t0" where "pgrst_t0"\."channel_id" = \$\d order by "pgrst_t0"\."id" desc limit \$\d::bigint offset \$\d::bigint\) as "pgrst_t0" left join lateral \(.*\) as "pgrst_e1" on true order by "pgrst_t0"\."id" desc$/,
      );
      expect(params).toEqual(expect.arrayContaining(['1', 100, 900]));
    });

    it('stays one SELECT when the filters or the order read an embed', () => {
      const ordered = build('messages', [
        ['select', 'id,author:users!author_id(username)'],
        ['order', 'author(username)'],
        ['limit', '10'],
      ]);
      expect(ordered.paged).toBe(ordered.sql);
      const filtered = build('messages', [
        ['select', 'id,author:users!author_id!inner(username)'],
        ['author.username', 'eq.alice'],
        ['limit', '10'],
      ]);
      expect(filtered.paged).toBe(filtered.sql);
    });
  });
});
