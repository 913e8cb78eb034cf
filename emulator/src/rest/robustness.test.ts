// Thousands of generated and mutated query strings through the parser, the planner and the SQL
// builders: each either builds a statement or fails with a 4xx RestError, never anything else;
// and no statement carries request text outside quoted identifiers and parameters.
import { isRestError } from './errors.js';
import { parseQuery } from './parse/query.js';
import { planRead, sourceOfRelation } from './plan/read-plan.js';
import { mutate, randomPairs, seededRandom } from '../../test/rest/query-fuzzer.js';
import { buildLevelParts, countSelect, envelopeSql, levelSelect, newBuilder } from './sql/read.js';
import { testCache } from '../../test/rest/test-cache.js';

const CASES = 6000;

/** The statement with quoted identifiers and the builders' own literal removed. */
function outsideIdentifiers(sql: string): string {
  return sql.replace(/"(?:[^"]|"")*"/g, '""').replace(/'\[\]'::json/g, '');
}

describe('the query pipeline on generated input', () => {
  const cache = testCache();
  const relations = [...cache.relations.values()];

  it(`never fails other than with a 4xx RestError, over ${CASES} generated queries`, () => {
    const random = seededRandom(20240601);
    const unexpected: string[] = [];
    let built = 0;
    for (let i = 0; i < CASES; i++) {
      const relation = relations[i % relations.length]!;
      const pairs = randomPairs(
        random,
        relation.columns.map((c) => c.name),
      );
      if (i % 3 === 0)
        pairs.push([
          'select',
          mutate(random, '*,author:users!author_id(username),channels!inner(slug)', 0.6),
        ]);
      try {
        const level = planRead(cache, sourceOfRelation(relation), parseQuery(pairs));
        const builder = newBuilder();
        const alias = builder.aliases.table();
        const from = `"public"."${relation.name}" as "${alias}"`;
        const parts = buildLevelParts(level, alias, builder);
        const sql = `with "pgrst_source" as (${levelSelect(parts, from)}) ${envelopeSql({ shape: 'array', countSql: countSelect(parts, from) })}`;
        const outside = outsideIdentifiers(sql);
        if (/[';\\]|--|\/\*/.test(outside) || sql.includes('\u0000')) {
          unexpected.push(`request text outside identifiers for ${JSON.stringify(pairs)}: ${sql}`);
        }
        const placeholders = new Set([...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
        if (placeholders.size !== builder.params.values.length) {
          unexpected.push(`parameters do not match placeholders for ${JSON.stringify(pairs)}`);
        }
        built++;
      } catch (error) {
        if (!isRestError(error) || error.status >= 500 || !error.code) {
          unexpected.push(`${JSON.stringify(pairs)} → ${(error as Error)?.stack ?? String(error)}`);
        }
      }
    }
    expect(unexpected.slice(0, 5)).toEqual([]);
    // The generator must reach the builders often, not only the parser's error paths.
    expect(built).toBeGreaterThan(CASES / 20);
  });
});
