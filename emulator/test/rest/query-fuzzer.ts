// Seeded generator of PostgREST requests for the robustness tests: it starts from requests
// postgrest-js would send against the fixture project and mutates them (inserted specials,
// deletions, truncations, swapped operators, nonsense values, odd headers and bodies).
// The same seed gives the same requests, so a failure can be replayed.
import { OPERATORS as KNOWN_OPERATORS } from '../../src/rest/parse/filter.js';

export type Random = () => number;

/** mulberry32: small, fast, good enough to spread test cases. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)]!;
const chance = (random: Random, p: number) => random() < p;

/** The fixture's columns per table, so generated names usually exist. */
const TABLE_COLUMNS: Record<string, string[]> = {
  users: ['id', 'username', 'status', 'age', 'tags', 'profile', 'created_at'],
  messages: [
    'id',
    'channel_id',
    'author_id',
    'editor_id',
    'body',
    'score',
    'data',
    'during',
    'search',
    'created_at',
  ],
  channels: ['id', 'slug', 'owner_id', 'active'],
  channel_members: ['channel_id', 'user_id', 'role'],
  profiles: ['user_id', 'bio'],
  notes: ['id', 'owner_id', 'title', 'done'],
  todos: ['id', 'title', 'done', 'priority', 'tags', 'meta', 'code'],
};
const TABLES = [
  'users',
  'messages',
  'channels',
  'channel_members',
  'profiles',
  'notes',
  'todos',
  'no_pk',
  'channel_view',
  'message_counts',
  'nope',
  'Users',
  'rpc',
  '',
];
const COLUMNS = [
  'id',
  'username',
  'status',
  'age',
  'tags',
  'profile',
  'created_at',
  'body',
  'score',
  'data',
  'during',
  'search',
  'channel_id',
  'author_id',
  'editor_id',
  'slug',
  'owner_id',
  'title',
  'done',
  'priority',
  'meta',
  'code',
  'nope',
  'count',
  '*',
];
const EMBEDS = [
  'users',
  'channels',
  'messages',
  'profiles',
  'notes',
  'channel_members',
  'author:users!author_id',
  'users!editor_id',
  'users!inner',
  'members:users!channel_members',
  '...channels',
  '...users!author_id',
  'messages_author_id_fkey',
  'author_id',
  'nope',
  'users!nope',
];
/** Every operator the parser knows, then variants it must refuse or read with arguments. */
const OPERATORS = [
  ...KNOWN_OPERATORS,
  'fts(english)',
  'wfts(simple)',
  'fts(nope)',
  'eq(any)',
  'like(all)',
  'gt(any)',
  'not.eq',
  'not.in',
  'not.is',
  'eqq',
  'in(any)',
  '',
];
const VALUES = [
  '1',
  '0',
  '-1',
  '3.5',
  '99999999999999999999',
  'abc',
  '',
  'null',
  'true',
  'false',
  'unknown',
  'not_null',
  '(1,2,3)',
  '()',
  '("a,b",c)',
  '(1',
  '{a,b}',
  '{1,2}',
  '{}',
  '{"k":1}',
  '{"a":{"b":[1,2]}}',
  '[1,2]',
  '[2024-01-01,2024-02-01)',
  '(,)',
  '2024-01-01',
  '2024-13-45',
  '*a*',
  '%',
  '\\',
  "'",
  '"',
  '"quoted"',
  'a&b',
  'cat & dog',
  'cat -dog',
  '!!',
  '((',
  '))',
  'é',
  '😀',
  'a1111111-1111-4111-8111-111111111111',
  'not-a-uuid',
  '[',
  'NaN',
  'Infinity',
  '1e309',
];
const SPECIALS = [
  '(',
  ')',
  ',',
  '.',
  ':',
  '::',
  '!',
  '*',
  '"',
  '\\',
  "'",
  '{',
  '}',
  '[',
  ']',
  '->',
  '->>',
  '=',
  '&',
  '%',
  ' ',
  '\u0000',
  '\n',
  '...',
  'not.',
  'or',
  '-',
  '$',
  ';',
  '%zz',
  '%00',
];
const CASTS = [
  'text',
  'int',
  'integer',
  'bigint',
  'json',
  'jsonb',
  'numeric',
  'boolean',
  'uuid',
  'date',
  'timestamptz',
  'void',
  'record',
  'unknown',
  'cstring',
  'regclass',
  'nope',
  'int4range',
  'tsvector',
  'bytea',
];

/** Columns the generator favours (those of the table the request goes to). */
let favoured: readonly string[] = COLUMNS;

function randomName(random: Random): string {
  if (chance(random, 0.05)) return `"${pick(random, COLUMNS)}${pick(random, SPECIALS)}"`;
  if (chance(random, 0.03)) return 'x'.repeat(1 + Math.floor(random() * 100));
  return chance(random, 0.8) ? pick(random, favoured) : pick(random, COLUMNS);
}

function randomField(random: Random): string {
  let field = randomName(random);
  if (chance(random, 0.2)) {
    const steps = 1 + Math.floor(random() * 3);
    for (let i = 0; i < steps; i++)
      field += `${pick(random, ['->', '->>'])}${pick(random, ['a', 'lang', 'n', '0', '-1', 'tags', 'city'])}`;
  }
  return field;
}

function randomSelectItem(random: Random, depth: number): string {
  const r = random();
  if (r < 0.6) {
    let item = randomField(random);
    if (chance(random, 0.15)) item = `alias_${Math.floor(random() * 9)}:${item}`;
    if (chance(random, 0.1)) item += `::${pick(random, CASTS)}`;
    if (chance(random, 0.08))
      item += `.${pick(random, ['count', 'sum', 'avg', 'max', 'min', 'nope'])}()`;
    return item;
  }
  if (r < 0.65) return 'count()';
  if (depth > 2) return pick(random, COLUMNS);
  return `${pick(random, EMBEDS)}(${randomSelect(random, depth + 1)})`;
}

function randomSelect(random: Random, depth = 0): string {
  const items: string[] = [];
  const n = Math.floor(random() * 4);
  for (let i = 0; i < n; i++) items.push(randomSelectItem(random, depth));
  return items.join(',');
}

function randomFilterValue(random: Random): string {
  const op = pick(random, OPERATORS);
  return `${op}${op ? '.' : ''}${pick(random, VALUES)}`;
}

function randomTree(random: Random, depth: number): string {
  const parts: string[] = [];
  const n = 1 + Math.floor(random() * 3);
  for (let i = 0; i < n; i++) {
    if (depth < 3 && chance(random, 0.25))
      parts.push(
        `${pick(random, ['and', 'or', 'not.and', 'not.or'])}${randomTree(random, depth + 1)}`,
      );
    else parts.push(`${randomField(random)}.${randomFilterValue(random)}`);
  }
  return `(${parts.join(',')})`;
}

function randomOrder(random: Random): string {
  const terms: string[] = [];
  const n = 1 + Math.floor(random() * 2);
  for (let i = 0; i < n; i++) {
    let term = chance(random, 0.1)
      ? `${pick(random, EMBEDS)}(${pick(random, COLUMNS)})`
      : randomField(random);
    if (chance(random, 0.6)) term += pick(random, ['.asc', '.desc', '.up', '']);
    if (chance(random, 0.3)) term += pick(random, ['.nullsfirst', '.nullslast', '.nullsmaybe']);
    terms.push(term);
  }
  return terms.join(',');
}

/** Query parameters (decoded) of a plausible request; `columns` are favoured in names. */
export function randomPairs(
  random: Random,
  columns: readonly string[] = COLUMNS,
): [string, string][] {
  favoured = columns.length ? columns : COLUMNS;
  const pairs: [string, string][] = [];
  if (chance(random, 0.8)) pairs.push(['select', randomSelect(random)]);
  const filters = Math.floor(random() * 4);
  for (let i = 0; i < filters; i++) {
    const prefix = chance(random, 0.15)
      ? `${pick(random, ['users', 'channels', 'messages', 'author', 'nope'])}.`
      : '';
    pairs.push([`${prefix}${randomField(random)}`, randomFilterValue(random)]);
  }
  if (chance(random, 0.25))
    pairs.push([
      pick(random, ['or', 'and', 'not.or', 'not.and', 'messages.or']),
      randomTree(random, 0),
    ]);
  if (chance(random, 0.3))
    pairs.push([pick(random, ['order', 'messages.order', 'users.order']), randomOrder(random)]);
  if (chance(random, 0.2))
    pairs.push([
      pick(random, ['limit', 'offset', 'messages.limit']),
      pick(random, ['0', '1', '5', '-1', 'x', '1000000000000', '']),
    ]);
  if (chance(random, 0.05))
    pairs.push(['columns', pick(random, ['"title","done"', 'title,nope', '"', ''])]);
  if (chance(random, 0.05)) pairs.push(['on_conflict', pick(random, ['code', 'id', 'nope', '"x'])]);
  return pairs.map(([k, v]) => [mutate(random, k, 0.08), mutate(random, v, 0.15)]);
}

/** Inserts, deletes, duplicates, truncates or swaps characters, with probability `p`. */
export function mutate(random: Random, text: string, p: number): string {
  let out = text;
  while (chance(random, p)) {
    const at = Math.floor(random() * (out.length + 1));
    switch (Math.floor(random() * 6)) {
      case 0:
        out = out.slice(0, at) + pick(random, SPECIALS) + out.slice(at);
        break;
      case 1:
        out = out.slice(0, at) + out.slice(at + 1);
        break;
      case 2:
        out = out.slice(0, at) + out.slice(at, at + 8) + out.slice(at);
        break;
      case 3:
        out = out.slice(0, at);
        break;
      case 4:
        if (out.length > 1) {
          const b = Math.floor(random() * out.length);
          const chars = [...out];
          [chars[at % chars.length], chars[b]] = [chars[b]!, chars[at % chars.length]!];
          out = chars.join('');
        }
        break;
      default:
        out = out.replace(/eq|gt|in|is|like|fts/, pick(random, OPERATORS));
    }
  }
  // Cutting inside a surrogate pair leaves half a character no URL can carry.
  return out.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
}

export interface FuzzRequest {
  method: string;
  /** Path under /rest/v1, already encoded. */
  path: string;
  /** The encoded query string (without `?`). */
  query: string;
  headers: Record<string, string>;
  body?: string;
}

function encodePairs(random: Random, pairs: [string, string][]): string {
  return pairs
    .map(([k, v]) => {
      // Sometimes raw, so broken percent-escapes and reserved characters reach the server.
      if (chance(random, 0.05))
        return `${k}=${v}`.replace(/[\u0000-\u001f #]/g, (c) => encodeURIComponent(c));
      return `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;
    })
    .join('&');
}

function randomBody(random: Random): string {
  const bodies = [
    '{"title":"fuzz"}',
    '[{"title":"a"},{"title":"b","done":true}]',
    '{"title":null}',
    '{"nope":1}',
    '[{"title":"a"},{"done":true}]',
    '{}',
    '[]',
    '[1,2]',
    '"text"',
    '{"title":"x","priority":"high"}',
    '{"body":"hi","channel_id":999}',
    '{"id":"a1111111-1111-4111-8111-111111111111","username":"dup"}',
    '{"search":"x"}',
    '{"a":1,"b":2}',
    '{"n":3}',
    '{"vals":[1,2,"x"]}',
    '',
    '{',
    'null',
    'title\nx',
  ];
  return mutate(random, pick(random, bodies), 0.2);
}

const PREFERS = [
  'return=representation',
  'return=minimal',
  'return=headers-only',
  'count=exact',
  'count=planned',
  'count=estimated',
  'resolution=merge-duplicates',
  'resolution=ignore-duplicates',
  'missing=default',
  'tx=rollback',
  'handling=strict',
  'max-affected=1',
  'timezone=Mars/Olympus',
  'foo=bar',
  'return=all',
];
const ACCEPTS = [
  'application/json',
  'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.array+json;nulls=stripped',
  'text/csv',
  '*/*',
  'text/html',
  'application/openapi+json',
  'application/geo+json',
  ';;;',
  'text/csv;q=0, application/json;q=0.5',
];

export function randomRequest(random: Random): FuzzRequest {
  const roll = random();
  let method = 'GET';
  if (roll > 0.6)
    method = pick(random, ['HEAD', 'POST', 'POST', 'PATCH', 'PATCH', 'DELETE', 'PUT', 'OPTIONS']);
  const table = pick(random, TABLES);
  let path = `/${encodeURIComponent(table)}`;
  if (chance(random, 0.12))
    path = `/rpc/${pick(random, ['add', 'numbers', 'describe', 'same', 'channel_messages', 'channel_stats', 'first_user', 'echo_body', 'sum_array', 'fail', 'whoami', 'nope'])}`;
  if (chance(random, 0.03))
    path = pick(random, ['/', '/a/b/c', '/%zz', '/rpc', '/rpc/', '/users/1']);
  const pairs = randomPairs(random, TABLE_COLUMNS[table] ?? COLUMNS);
  if (path.startsWith('/rpc/') && chance(random, 0.5))
    pairs.push([pick(random, ['a', 'b', 'n', 's', 'x', 'channel', 'vals']), pick(random, VALUES)]);
  const headers: Record<string, string> = {};
  if (chance(random, 0.3))
    headers.Prefer = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
      pick(random, PREFERS),
    ).join(chance(random, 0.5) ? ', ' : ',');
  if (chance(random, 0.2)) headers.Accept = pick(random, ACCEPTS);
  if (chance(random, 0.05)) headers.Range = pick(random, ['0-1', '5-2', 'abc', '0-', '10-20']);
  if (chance(random, 0.05))
    headers[pick(random, ['Accept-Profile', 'Content-Profile'])] = pick(random, [
      'public',
      'extra',
      'auth',
      'nope',
      '',
    ]);
  if (chance(random, 0.04))
    headers.Authorization = pick(random, ['Bearer x.y.z', 'Bearer abc', 'Basic abc', 'Bearer ']);
  const request: FuzzRequest = { method, path, query: encodePairs(random, pairs), headers };
  if (method === 'POST' || method === 'PATCH' || method === 'PUT') {
    request.body = randomBody(random);
    if (chance(random, 0.9))
      request.headers['Content-Type'] = pick(random, [
        'application/json',
        'application/json',
        'text/csv',
        'application/x-www-form-urlencoded',
        'text/xml',
      ]);
  }
  return request;
}
