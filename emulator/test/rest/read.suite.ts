// Reads through the official client against a real emulator: every filter operator and
// modifier, every embed form, counts and ranges, single/maybeSingle, CSV, profiles, OpenAPI.
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  ANON_KEY,
  startTestEmulator,
  type TestEmulator,
  type EmulatorOptions,
} from '../harness.js';
import {
  ALICE,
  BOB,
  CAROL,
  FIXTURE_MIGRATION,
  FIXTURE_SEED,
  REST_CONFIG_TOML,
  userToken,
} from './test-fixture.js';

export function describeRestReads(
  title: string,
  options: Pick<EmulatorOptions, 'postgres'> = {},
): void {
  describe(title, () => {
    let emulator: TestEmulator;
    let anon: SupabaseClient;
    let admin: SupabaseClient;
    let rest: string;

    beforeAll(async () => {
      emulator = await startTestEmulator({
        ...options,
        configToml: REST_CONFIG_TOML,
        files: {
          'migrations/20240101000000_fixture.sql': FIXTURE_MIGRATION,
          'seed.sql': FIXTURE_SEED,
        },
      });
      anon = emulator.client();
      admin = emulator.admin();
      rest = `${emulator.apiUrl}/rest/v1`;
    }, 120_000);

    afterAll(() => emulator?.stop());

    const ids = async (query: PromiseLike<{ data: unknown; error: unknown }>) => {
      const { data, error } = await query;
      expect(error).toBeNull();
      return (data as { id: number }[]).map((r) => r.id);
    };
    const messages = () => anon.from('messages').select('id').order('id');

    describe('filters', () => {
      it('compares with eq, neq, gt, gte, lt, lte', async () => {
        expect(await ids(messages().eq('channel_id', 2))).toEqual([3, 4]);
        expect(await ids(messages().neq('channel_id', 1))).toEqual([3, 4]);
        expect(await ids(messages().gt('score', 7))).toEqual([1]);
        expect(await ids(messages().gte('score', 7))).toEqual([1, 4]);
        expect(await ids(messages().lt('score', 3.25))).toEqual([5]);
        expect(await ids(messages().lte('score', 3.25))).toEqual([2, 5]);
      });

      it('matches patterns with like, ilike (and * as %), match and imatch', async () => {
        expect(await ids(messages().like('body', '%Cats%'))).toEqual([4]);
        expect(await ids(messages().like('body', '*cats*'))).toEqual([3]);
        expect(await ids(messages().ilike('body', '%CATS%'))).toEqual([3, 4]);
        expect(await ids(messages().match({ channel_id: 1, author_id: ALICE }))).toEqual([1, 5]);
        expect(await ids(messages().regexMatch('body', '^[BR]'))).toEqual([2, 3]);
        expect(await ids(messages().regexIMatch('body', '^hello'))).toEqual([1]);
      });

      it('matches any or all of several patterns', async () => {
        expect(await ids(messages().likeAnyOf('body', ['Hello%', 'Bob%']))).toEqual([1, 2]);
        expect(await ids(messages().likeAllOf('body', ['%a%', '%s%']))).toEqual([2, 3, 4, 5]);
        expect(await ids(messages().ilikeAnyOf('body', ['hello%', 'final%']))).toEqual([1, 5]);
        expect(await ids(messages().ilikeAllOf('body', ['%CATS%', '%DOGS%']))).toEqual([4]);
        expect(await ids(messages().filter('channel_id', 'eq(any)', '{2,3}'))).toEqual([3, 4]);
      });

      it('tests is null/true/false, isdistinct and in / notIn', async () => {
        expect(await ids(messages().is('score', null))).toEqual([3]);
        expect(await ids(messages().not('editor_id', 'is', null))).toEqual([2, 5]);
        expect(await ids(anon.from('channels').select('id').is('active', false))).toEqual([3]);
        expect(
          await ids(anon.from('channels').select('id').is('active', true).order('id')),
        ).toEqual([1, 2]);
        expect(await ids(messages().isDistinct('editor_id', ALICE))).toEqual([1, 3, 4, 5]);
        expect(await ids(messages().in('id', [2, 4, 99]))).toEqual([2, 4]);
        expect(await ids(messages().notIn('channel_id', [1]))).toEqual([3, 4]);
        expect(
          await ids(
            messages().in('body', [
              'Cats and dogs, 50% of the time',
              'Final words (with parentheses)',
            ]),
          ),
        ).toEqual([4, 5]);
        expect(await ids(messages().in('id', []))).toEqual([]);
      });

      it('tests arrays with contains, containedBy and overlaps', async () => {
        const users = () => anon.from('users').select('username').order('username');
        expect((await users().contains('tags', ['dev'])).data).toEqual([
          { username: 'alice' },
          { username: 'bob' },
        ]);
        expect((await users().containedBy('tags', ['dev'])).data).toEqual([
          { username: 'bob' },
          { username: 'carol' },
        ]);
        expect((await users().overlaps('tags', ['admin', 'ops'])).data).toEqual([
          { username: 'alice' },
        ]);
      });

      it('tests JSON with contains and filters on JSON paths', async () => {
        expect(await ids(messages().contains('data', { lang: 'en' }))).toEqual([1, 2]);
        expect(await ids(messages().eq('data->>lang', 'de'))).toEqual([3]);
        expect(await ids(messages().gt('data->n', 2))).toEqual([3, 5]);
        expect(
          (await anon.from('users').select('username').eq('profile->address->>zip', '75001')).data,
        ).toEqual([{ username: 'alice' }]);
      });

      it('tests ranges with contains, sl, sr, nxl, nxr, adj and overlaps', async () => {
        expect(await ids(messages().contains('during', '[2024-01-06,2024-01-07)'))).toEqual([1, 2]);
        expect(await ids(messages().rangeLt('during', '[2024-01-25,2024-01-26)'))).toEqual([1, 2]);
        expect(await ids(messages().rangeGt('during', '[2024-01-25,2024-01-26)'))).toEqual([3, 5]);
        expect(await ids(messages().rangeGte('during', '[2024-02-01,2024-02-02)'))).toEqual([3, 5]);
        expect(await ids(messages().rangeLte('during', '[2024-01-01,2024-01-15)'))).toEqual([1]);
        expect(await ids(messages().rangeAdjacent('during', '[2024-02-10,2024-02-20)'))).toEqual([
          3,
        ]);
        expect(await ids(messages().overlaps('during', '[2024-01-09,2024-01-11)'))).toEqual([1, 2]);
        expect(await ids(messages().containedBy('during', '[2024-01-01,2024-02-01)'))).toEqual([
          1, 2,
        ]);
      });

      it('searches text with fts, plfts, phfts and wfts, on tsvector and text columns', async () => {
        expect(await ids(messages().textSearch('search', 'cat'))).toEqual([3, 4]);
        expect(
          await ids(messages().textSearch('search', 'cats & dogs', { config: 'english' })),
        ).toEqual([4]);
        expect(
          await ids(
            messages().textSearch('search', 'cats dogs', { type: 'plain', config: 'english' }),
          ),
        ).toEqual([4]);
        expect(
          await ids(
            messages().textSearch('search', 'bob says', { type: 'phrase', config: 'english' }),
          ),
        ).toEqual([2]);
        expect(
          await ids(
            messages().textSearch('body', 'cats -dogs', { type: 'websearch', config: 'english' }),
          ),
        ).toEqual([3]);
      });

      it('combines filters with or, and, not and nested trees', async () => {
        expect(await ids(messages().or('score.gt.7,data->>lang.eq.fr'))).toEqual([1, 5]);
        expect(await ids(messages().or('channel_id.eq.2,and(score.gte.3,score.lt.5)'))).toEqual([
          2, 3, 4,
        ]);
        expect(await ids(messages().not('channel_id', 'eq', 1))).toEqual([3, 4]);
        expect(await ids(messages().not('id', 'in', '(1,2,3)'))).toEqual([4, 5]);
        expect(
          await ids(messages().or('body.eq."Cats and dogs, 50% of the time",id.eq.1')),
        ).toEqual([1, 4]);
        const response = await fetch(
          `${rest}/messages?select=id&not.or=(channel_id.eq.1,score.is.null)&order=id`,
          { headers: { apikey: ANON_KEY } },
        );
        expect(await response.json()).toEqual([{ id: 4 }]);
        const and = await fetch(
          `${rest}/messages?select=id&and=(channel_id.eq.1,or(score.gt.10,score.lt.2))&order=id`,
          { headers: { apikey: ANON_KEY } },
        );
        expect(await and.json()).toEqual([{ id: 1 }, { id: 5 }]);
      });
    });

    describe('select', () => {
      it('renames, casts and reads JSON paths', async () => {
        const { data } = await anon
          .from('users')
          .select(
            'name:username,age::text,city:profile->>city,profile->langs->0,zip:profile->address->zip',
          )
          .eq('username', 'alice')
          .single();
        expect(data).toEqual({
          name: 'alice',
          age: '31',
          city: 'Paris',
          langs: 'fr',
          zip: '75001',
        });
      });

      it('keeps PostgREST value types: numeric, bigint, timestamps, arrays, enums, json', async () => {
        const { data } = await anon
          .from('messages')
          .select('id,score,created_at,data')
          .eq('id', 1)
          .single();
        expect(data).toEqual({
          id: 1,
          score: 10.5,
          created_at: '2024-01-01T10:00:00+00:00',
          data: { lang: 'en', tags: ['greeting'], n: 1 },
        });
        const text = await (
          await fetch(`${rest}/messages?select=score&id=eq.1`, { headers: { apikey: ANON_KEY } })
        ).text();
        expect(text).toBe('[{"score":10.50}]');
        const user = await anon.from('users').select('status,tags').eq('id', ALICE).single();
        expect(user.data).toEqual({ status: 'happy', tags: ['admin', 'dev'] });
      });

      it('counts and aggregates, grouping by the other columns', async () => {
        expect((await anon.from('messages').select('count()')).data).toEqual([{ count: 5 }]);
        const { data } = await anon
          .from('messages')
          .select('channel_id,total:count(),score.sum(),score.max(),id.min(),score.avg()::int')
          .order('channel_id');
        expect(data).toEqual([
          { channel_id: 1, total: 3, sum: 14.75, max: 10.5, min: 1, avg: 5 },
          { channel_id: 2, total: 2, sum: 7, max: 7, min: 3, avg: 7 },
        ]);
      });
    });

    describe('embeds', () => {
      it('embeds to-one (many-to-one) by table name, FK name and FK column', async () => {
        const byTable = await anon
          .from('messages')
          .select('id,channels(slug)')
          .eq('id', 3)
          .single();
        expect(byTable.data).toEqual({ id: 3, channels: { slug: 'random' } });
        const byFk = await anon
          .from('messages')
          .select('id,author:messages_author_id_fkey(username)')
          .eq('id', 3)
          .single();
        expect(byFk.data).toEqual({ id: 3, author: { username: 'bob' } });
        const byColumn = await anon
          .from('messages')
          .select('id,editor_id(username)')
          .eq('id', 2)
          .single();
        expect(byColumn.data).toEqual({ id: 2, editor_id: { username: 'alice' } });
      });

      it('disambiguates with !hint and returns null for a missing to-one', async () => {
        const { data } = await anon
          .from('messages')
          .select(
            'id,author:users!author_id(username),editor:users!messages_editor_id_fkey(username)',
          )
          .in('id', [1, 2])
          .order('id');
        expect(data).toEqual([
          { id: 1, author: { username: 'alice' }, editor: null },
          { id: 2, author: { username: 'bob' }, editor: { username: 'alice' } },
        ]);
      });

      it('embeds one-to-many with its own filters, order and limit', async () => {
        const { data } = await anon
          .from('channels')
          .select('slug,messages(id,body)')
          .gt('messages.id', 1)
          .order('id', { referencedTable: 'messages', ascending: false })
          .limit(1, { referencedTable: 'messages' })
          .order('id');
        expect(data).toEqual([
          { slug: 'general', messages: [{ id: 5, body: 'Final words (with parentheses)' }] },
          { slug: 'random', messages: [{ id: 4, body: 'Cats and dogs, 50% of the time' }] },
          { slug: 'archive', messages: [] },
        ]);
      });

      it('embeds one-to-one both ways as objects', async () => {
        const users = await anon.from('users').select('username,profiles(bio)').order('username');
        expect(users.data).toEqual([
          { username: 'alice', profiles: { bio: 'Alice likes Postgres' } },
          { username: 'bob', profiles: { bio: null } },
          { username: 'carol', profiles: null },
        ]);
        const profile = await anon
          .from('profiles')
          .select('users(username)')
          .eq('user_id', BOB)
          .single();
        expect(profile.data).toEqual({ users: { username: 'bob' } });
      });

      it('embeds many-to-many through the junction table', async () => {
        const { data } = await anon
          .from('channels')
          .select('slug,members:users!channel_members(username)')
          .order('id');
        expect(data).toEqual([
          { slug: 'general', members: [{ username: 'alice' }, { username: 'bob' }] },
          { slug: 'random', members: [{ username: 'bob' }, { username: 'carol' }] },
          { slug: 'archive', members: [] },
        ]);
      });

      it('filters parents with !inner, and with rel=not.is.null / is.null', async () => {
        const inner = await anon
          .from('messages')
          .select('id,channels!inner(slug)')
          .eq('channels.slug', 'random')
          .order('id');
        expect(inner.data).toEqual([
          { id: 3, channels: { slug: 'random' } },
          { id: 4, channels: { slug: 'random' } },
        ]);
        const withEditor = await anon
          .from('messages')
          .select('id,editor:users!editor_id(username)')
          .not('editor', 'is', null)
          .order('id');
        expect(await ids(Promise.resolve(withEditor))).toEqual([2, 5]);
        const withoutMessages = await anon
          .from('channels')
          .select('slug,messages(id)')
          .is('messages', null);
        expect(withoutMessages.data).toEqual([{ slug: 'archive', messages: [] }]);
      });

      it('joins without showing an empty embed: rel!inner()', async () => {
        const { data } = await anon
          .from('messages')
          .select('id,users!author_id!inner()')
          .eq('users.username', 'carol');
        expect(data).toEqual([{ id: 4 }]);
      });

      it('spreads to-one columns into the parent', async () => {
        const { data } = await anon
          .from('messages')
          .select('id,...channels(channel:slug,active),...users!author_id(username)')
          .eq('id', 4)
          .single();
        expect(data).toEqual({ id: 4, channel: 'random', active: true, username: 'carol' });
      });

      it('nests embeds with filters at each level', async () => {
        const { data } = await anon
          .from('channels')
          .select('slug,messages(id,author:users!author_id(username,profiles(bio)))')
          .eq('slug', 'general')
          .eq('messages.author_id', ALICE)
          .order('id', { referencedTable: 'messages' })
          .single();
        expect(data).toEqual({
          slug: 'general',
          messages: [
            { id: 1, author: { username: 'alice', profiles: { bio: 'Alice likes Postgres' } } },
            { id: 5, author: { username: 'alice', profiles: { bio: 'Alice likes Postgres' } } },
          ],
        });
      });

      it('counts embedded rows with rel(count)', async () => {
        const { data } = await anon.from('channels').select('slug,messages(count)').order('id');
        expect(data).toEqual([
          { slug: 'general', messages: [{ count: 3 }] },
          { slug: 'random', messages: [{ count: 2 }] },
          { slug: 'archive', messages: [{ count: 0 }] },
        ]);
      });

      it('embeds from and into views through the keys of their tables', async () => {
        const fromView = await anon
          .from('message_view')
          .select('id,author:users!author_id(username),channels(slug)')
          .eq('id', 4)
          .single();
        expect(fromView.data).toEqual({
          id: 4,
          author: { username: 'carol' },
          channels: { slug: 'random' },
        });
        const intoView = await anon
          .from('channel_view')
          .select('slug,messages(id)')
          .eq('slug', 'random')
          .order('id', { referencedTable: 'messages' })
          .single();
        expect(intoView.data).toEqual({ slug: 'random', messages: [{ id: 3 }, { id: 4 }] });
      });

      it('orders by a to-one embed column', async () => {
        const { data } = await anon
          .from('messages')
          .select('id,author:users!author_id(username)')
          .order('author(username)', { ascending: false })
          .order('id');
        expect(await ids(Promise.resolve({ data, error: null }))).toEqual([4, 2, 3, 1, 5]);
      });
    });

    describe('modifiers', () => {
      it('orders with nullsfirst / nullslast and several columns', async () => {
        expect(
          await ids(
            anon
              .from('messages')
              .select('id')
              .order('score', { ascending: false, nullsFirst: true }),
          ),
        ).toEqual([3, 1, 4, 2, 5]);
        expect(
          await ids(
            anon
              .from('messages')
              .select('id')
              .order('score', { ascending: true, nullsFirst: false }),
          ),
        ).toEqual([5, 2, 4, 1, 3]);
        expect(
          await ids(
            anon
              .from('messages')
              .select('id')
              .order('channel_id', { ascending: false })
              .order('id', { ascending: false }),
          ),
        ).toEqual([4, 3, 5, 2, 1]);
        expect(
          await ids(
            anon
              .from('messages')
              .select('id')
              .order('data->n', { ascending: false, nullsFirst: false }),
          ),
        ).toEqual([5, 3, 2, 1, 4]);
      });

      it('pages with limit, range and offset, and counts exactly', async () => {
        const page = await anon
          .from('messages')
          .select('id', { count: 'exact' })
          .order('id')
          .range(1, 2);
        expect(page.data).toEqual([{ id: 2 }, { id: 3 }]);
        expect(page.count).toBe(5);
        expect(page.status).toBe(206);
        const all = await anon.from('messages').select('id', { count: 'exact' }).limit(10);
        expect([all.status, all.count, all.data?.length]).toEqual([200, 5, 5]);
      });

      it('sends Content-Range as PostgREST, with planned and estimated counts', async () => {
        const headers = { apikey: ANON_KEY };
        const plain = await fetch(`${rest}/messages?select=id&offset=1&limit=2`, { headers });
        expect(plain.headers.get('content-range')).toBe('1-2/*');
        expect(plain.headers.get('content-location')).toBe('/messages?limit=2&offset=1&select=id');
        const exact = await fetch(`${rest}/messages?select=id&channel_id=eq.1`, {
          headers: { ...headers, Prefer: 'count=exact' },
        });
        expect([
          exact.status,
          exact.headers.get('content-range'),
          exact.headers.get('preference-applied'),
        ]).toEqual([200, '0-2/3', 'count=exact']);
        const empty = await fetch(`${rest}/messages?select=id&id=gt.100`, {
          headers: { ...headers, Prefer: 'count=exact' },
        });
        expect(empty.headers.get('content-range')).toBe('*/0');
        for (const mode of ['planned', 'estimated']) {
          const response = await fetch(`${rest}/messages?select=id`, {
            headers: { ...headers, Prefer: `count=${mode}` },
          });
          expect(response.headers.get('content-range')).toMatch(/^0-4\/\d+$/);
          expect(response.headers.get('preference-applied')).toBe(`count=${mode}`);
        }
      });

      it('honours the Range header and answers 416 past the end', async () => {
        const ranged = await fetch(`${rest}/messages?select=id&order=id`, {
          headers: { apikey: ANON_KEY, Range: '3-10', Prefer: 'count=exact' },
        });
        expect(ranged.status).toBe(206);
        expect(ranged.headers.get('content-range')).toBe('3-4/5');
        expect(await ranged.json()).toEqual([{ id: 4 }, { id: 5 }]);
        const past = await anon.from('messages').select('id', { count: 'exact' }).range(10, 12);
        expect(past.status).toBe(416);
        expect(past.error).toMatchObject({
          code: 'PGRST103',
          details: 'An offset of 10 was requested, but there are only 5 rows.',
        });
      });

      it('counts with HEAD without a body', async () => {
        const { data, count, status } = await anon
          .from('messages')
          .select('*', { count: 'exact', head: true })
          .eq('channel_id', 1);
        expect([data, count, status]).toEqual([null, 3, 200]);
      });

      it('caps pages at max_rows', async () => {
        const response = await fetch(`${rest}/rpc/numbers?n=1500`, {
          headers: { apikey: ANON_KEY },
        });
        expect(((await response.json()) as number[]).length).toBe(1000);
      });
    });

    describe('representations', () => {
      it('answers single() with an object, and 406 PGRST116 for 0 or many rows', async () => {
        const one = await anon.from('users').select('username').eq('id', BOB).single();
        expect(one.data).toEqual({ username: 'bob' });
        const none = await anon.from('users').select('username').eq('username', 'nobody').single();
        expect(none.status).toBe(406);
        expect(none.error).toMatchObject({
          code: 'PGRST116',
          message: 'Cannot coerce the result to a single JSON object',
          details: 'The result contains 0 rows',
        });
        const many = await anon.from('users').select('username').single();
        expect(many.error).toMatchObject({
          code: 'PGRST116',
          details: 'The result contains 3 rows',
        });
      });

      it('explain() without db-plan-enabled answers 406 PGRST107 naming the plan media type, as PostgREST', async () => {
        const plan = await anon
          .from('users')
          .select('id')
          .explain({ analyze: true, format: 'json' });
        expect({ data: plan.data, error: plan.error, status: plan.status }).toEqual({
          data: null,
          error: {
            code: 'PGRST107',
            message:
              'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"; options=analyze',
            details: null,
            hint: null,
          },
          status: 406,
        });
      });

      it('answers maybeSingle() with null for no rows', async () => {
        const { data, error } = await anon
          .from('users')
          .select('username')
          .eq('username', 'nobody')
          .maybeSingle();
        expect([data, error]).toEqual([null, null]);
      });

      it('answers CSV', async () => {
        const { data } = await anon
          .from('messages')
          .select('id,body,score')
          .in('id', [3, 4])
          .order('id')
          .csv();
        expect(data).toBe(
          'id,body,score\n3,"Random thoughts about cats",\n4,"Cats and dogs, 50% of the time",7.00',
        );
      });

      it('renders timestamps in the time zone of Prefer: timezone', async () => {
        const response = await fetch(`${rest}/messages?select=created_at&id=eq.1`, {
          headers: { apikey: ANON_KEY, Prefer: 'timezone=America/New_York' },
        });
        expect(response.headers.get('preference-applied')).toBe('timezone=America/New_York');
        expect(await response.json()).toEqual([{ created_at: '2024-01-01T05:00:00-05:00' }]);
      });

      it('strips nulls when asked', async () => {
        const { data } = await anon
          .from('users')
          .select('username,age')
          .eq('username', 'carol')
          .stripNulls();
        expect(data).toEqual([{ username: 'carol' }]);
      });

      it('reads another exposed schema with Accept-Profile', async () => {
        const { data, error } = await anon.schema('extra').from('things').select('*');
        expect(error).toBeNull();
        expect(data).toEqual([{ id: 1, label: 'from extra' }]);
      });

      it('reads views', async () => {
        const { data } = await anon.from('message_counts').select('slug,total').order('slug');
        expect(data).toEqual([
          { slug: 'archive', total: 0 },
          { slug: 'general', total: 3 },
          { slug: 'random', total: 2 },
        ]);
      });
    });

    describe('as the caller', () => {
      it('applies RLS: owners read their own notes, anon reads none, service_role reads all', async () => {
        const alice = emulator.client(ANON_KEY, {
          global: { headers: { Authorization: `Bearer ${await userToken(ALICE)}` } },
        });
        const bob = emulator.client(ANON_KEY, {
          global: { headers: { Authorization: `Bearer ${await userToken(BOB)}` } },
        });
        expect((await alice.from('notes').select('title').order('id')).data).toEqual([
          { title: 'alice note 1' },
          { title: 'alice note 2' },
        ]);
        expect((await bob.from('notes').select('title')).data).toEqual([{ title: 'bob note' }]);
        expect((await anon.from('notes').select('title')).data).toEqual([]);
        expect((await admin.from('notes').select('title')).data).toHaveLength(3);
        const carol = emulator.client(ANON_KEY, {
          global: { headers: { Authorization: `Bearer ${await userToken(CAROL)}` } },
        });
        expect((await carol.from('notes').select('*', { count: 'exact', head: true })).count).toBe(
          0,
        );
      });

      it('sets role, claims, method, path and headers for the transaction, as PostgREST 12+ (no legacy request.jwt.claim.*)', async () => {
        const token = await userToken(ALICE);
        const response = await fetch(`${rest}/rpc/whoami`, {
          headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'x-test': 'hello' },
        });
        expect(await response.json()).toEqual({
          role: 'authenticated',
          sub: ALICE,
          method: 'GET',
          path: '/rpc/whoami',
          header: 'hello',
          legacy_sub: null,
        });
        const anonymous = await fetch(`${rest}/rpc/whoami`, { headers: { apikey: ANON_KEY } });
        expect(await anonymous.json()).toMatchObject({ role: 'anon', sub: null });
      });
    });

    describe('OpenAPI', () => {
      it('compresses the description as the caller accepts, and answers 304 to its ETag', async () => {
        const get = (headers: Record<string, string>) =>
          fetch(`${rest}/`, { headers: { apikey: ANON_KEY, Accept: 'application/openapi+json', ...headers } });
        const plain = await get({ 'Accept-Encoding': 'identity' });
        expect(plain.headers.get('content-encoding')).toBeNull();
        const text = await plain.text();
        const etag = plain.headers.get('etag');
        expect(etag).toMatch(/^W\/".+"$/);
        expect(plain.headers.get('cache-control')).toBe('no-cache');
        for (const encoding of ['br', 'gzip']) {
          const encoded = await get({ 'Accept-Encoding': `${encoding}, deflate` });
          expect(encoded.headers.get('content-encoding')).toBe(encoding);
          expect(encoded.headers.get('vary')).toMatch(/Accept-Encoding/);
          expect(encoded.headers.get('etag')).toBe(etag);
          // fetch decodes the body; the bytes that crossed are a fraction of the text.
          expect(Number(encoded.headers.get('content-length'))).toBeLessThan(text.length / 4);
          expect(await encoded.text()).toBe(text);
        }
        // Brotli is preferred when both are welcome, as the hosted edge does.
        expect((await get({ 'Accept-Encoding': 'gzip, deflate, br' })).headers.get('content-encoding')).toBe('br');
        const revalidated = await get({ 'If-None-Match': etag! });
        expect(revalidated.status).toBe(304);
        expect(await revalidated.text()).toBe('');
        expect((await get({ 'If-None-Match': 'W/"another"' })).status).toBe(200);
        // The tag is the document's: another schema's description is sent whole with its own tag.
        const extra = await get({ 'Accept-Profile': 'extra', 'If-None-Match': etag! });
        expect(extra.status).toBe(200);
        expect(extra.headers.get('etag')).not.toBe(etag);
      });

      it('describes tables, views, columns, keys and functions as Swagger 2.0', async () => {
        const response = await fetch(`${rest}/`, {
          headers: { apikey: ANON_KEY, Accept: 'application/openapi+json' },
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^application\/openapi\+json/);
        const doc = (await response.json()) as {
          swagger: string;
          info: { title: string };
          paths: Record<string, Record<string, unknown>>;
          definitions: Record<
            string,
            {
              required?: string[];
              description?: string;
              properties: Record<string, Record<string, unknown>>;
            }
          >;
        };
        expect(doc.swagger).toBe('2.0');
        expect(doc.info.title).toBe('standard public schema');
        expect(Object.keys(doc.paths)).toEqual(
          expect.arrayContaining([
            '/',
            '/users',
            '/messages',
            '/message_counts',
            '/rpc/add',
            '/rpc/channel_messages',
          ]),
        );
        expect(Object.keys(doc.paths['/todos']!).sort()).toEqual([
          'delete',
          'get',
          'patch',
          'post',
        ]);
        expect(Object.keys(doc.paths['/message_counts']!)).toEqual(['get']);
        expect(doc.definitions.users!.description).toBe('People who chat');
        expect(doc.definitions.users!.required).toEqual(['id', 'username', 'tags', 'created_at']);
        expect(doc.definitions.users!.properties.id).toEqual({
          description: 'Note:\nThis is a Primary Key.<pk/>',
          format: 'uuid',
          type: 'string',
        });
        expect(doc.definitions.users!.properties.username).toEqual({
          description: 'Unique handle',
          format: 'text',
          type: 'string',
        });
        expect(doc.definitions.users!.properties.status).toEqual({
          default: 'neutral',
          enum: ['happy', 'sad', 'neutral'],
          format: 'public.mood',
          type: 'string',
        });
        // A default that is not JSON ('{}'::text[]) is left out of non-string types, as PostgREST.
        expect(doc.definitions.users!.properties.tags).toEqual({
          format: 'text[]',
          items: { type: 'string' },
          type: 'array',
        });
        expect(doc.definitions.users!.properties.age).toEqual({
          format: 'integer',
          type: 'integer',
        });
        expect(doc.definitions.users!.properties.profile).toEqual({ format: 'jsonb' });
        expect(doc.definitions.channels!.properties.slug).toEqual({
          format: 'character varying',
          maxLength: 40,
          type: 'string',
        });
        expect(doc.definitions.messages!.properties.author_id!.description).toBe(
          "Note:\nThis is a Foreign Key to `users.id`.<fk table='users' column='id'/>",
        );
        expect(doc.paths['/rpc/add']!.post).toMatchObject({
          parameters: [
            {
              in: 'body',
              name: 'args',
              required: true,
              schema: {
                required: ['a'],
                properties: {
                  a: { format: 'integer', type: 'integer' },
                  b: { format: 'integer', type: 'integer' },
                },
              },
            },
            { $ref: '#/parameters/preferParams' },
          ],
        });
      });

      it('serves the document for the root with and without a trailing slash, per schema', async () => {
        const bare = await fetch(`${rest}`, {
          headers: { apikey: ANON_KEY, 'Accept-Profile': 'extra' },
        });
        const doc = (await bare.json()) as { paths: Record<string, unknown> };
        expect(Object.keys(doc.paths)).toEqual(['/', '/things']);
        const { data } = await fetch(`${rest}/`, { headers: { apikey: ANON_KEY } }).then(
          async (r) => ({ data: await r.json() }),
        );
        expect(data).toHaveProperty('definitions.messages');
      });

      it('follows the schema when DDL runs through rpc', async () => {
        const before = (await (
          await fetch(`${rest}/`, { headers: { apikey: ANON_KEY } })
        ).json()) as { paths: Record<string, unknown> };
        expect(before.paths['/widgets']).toBeUndefined();
        expect((await admin.rpc('create_widgets')).status).toBe(204);
        const after = (await (
          await fetch(`${rest}/`, { headers: { apikey: ANON_KEY } })
        ).json()) as { paths: Record<string, unknown> };
        expect(after.paths['/widgets']).toBeDefined();
        const insert = await admin.from('widgets').insert({ id: 1, name: 'new' }).select().single();
        expect(insert.data).toEqual({ id: 1, name: 'new' });
      });
    });
  });
}
