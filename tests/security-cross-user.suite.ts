// A second person against the first person's data, capability by capability, through supabase-js
// against a real emulator started with the portal's own supabase/ folder: REST tables and
// functions, storage (own folder, project area, avatars, public assets), vector buckets and the
// search functions, realtime changes and private channels. Every attempt is counted; the last
// test prints "N attempts, 0 leaked".
//
// Then Supabase's known traps, each shown twice: the emulator falling into it as Supabase does
// (on tables of a `traps` schema this test adds), and the demo schema written so it does not.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FunctionsHttpError, RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import {
  ANON_KEY,
  startTestEmulator,
  type EmulatorOptions,
  type TestEmulator,
} from '../emulator/test/harness.js';
import { Inbox, subscribeOutcome, subscribed } from '../emulator/test/realtime/spec-support.js';

const REPO = path.resolve(__dirname, '..');

/** The trap tables, and a catalogue the service role reads; exposed as the `traps` schema. */
const TRAPS_MIGRATION = `
create schema traps;
grant usage on schema traps to anon, authenticated, service_role;

-- What the demo's public schema holds: its relations with RLS on or off, views as their caller or owner.
create function traps.public_relations()
returns table (name text, kind text, rls boolean, security_invoker boolean)
language sql stable set search_path = '' as $$
  select c.relname::text,
         case c.relkind when 'v' then 'view' when 'm' then 'materialized view' else 'table' end,
         c.relrowsecurity,
         exists (select 1 from pg_catalog.unnest(c.reloptions) o
                 where o ~* '^security_invoker=(true|on|yes|1)$')
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
  order by 1
$$;
-- Every policy of the schemas the portal's clients reach.
create function traps.portal_policies()
returns table (schema_name text, table_name text, policy text, expressions text)
language sql stable set search_path = '' as $$
  select schemaname::text, tablename::text, policyname::text,
         coalesce(qual, '') || ' ' || coalesce(with_check, '')
  from pg_catalog.pg_policies
  where schemaname in ('public', 'storage', 'realtime')
  order by 1, 2, 3
$$;
revoke execute on function traps.public_relations(), traps.portal_policies() from public, anon, authenticated;
grant execute on function traps.public_relations(), traps.portal_policies() to service_role;

-- Each person's notes, behind RLS, and two views of them.
create table traps.notes (
  id bigint generated always as identity primary key,
  owner_id uuid not null default auth.uid(),
  body text not null
);
alter table traps.notes enable row level security;
create policy "notes: own" on traps.notes for all to authenticated
  using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
create view traps.notes_as_owner as select id, owner_id, body from traps.notes;
create view traps.notes_as_caller with (security_invoker = true) as select id, owner_id, body from traps.notes;
grant select, insert on traps.notes to authenticated;
grant select on traps.notes_as_owner, traps.notes_as_caller to authenticated;

-- A team's notes: one policy trusts user_metadata (which its user edits), one app_metadata.
create table traps.team_notes (
  id bigint generated always as identity primary key,
  team text not null,
  body text not null
);
alter table traps.team_notes enable row level security;
create policy "team notes: by user_metadata" on traps.team_notes for select to authenticated
  using ((auth.jwt() -> 'user_metadata' ->> 'team') = team);
create table traps.team_notes_by_app (like traps.team_notes including all);
alter table traps.team_notes_by_app enable row level security;
create policy "team notes: by app_metadata" on traps.team_notes_by_app for select to authenticated
  using ((auth.jwt() -> 'app_metadata' ->> 'team') = team);
insert into traps.team_notes (team, body) values ('red', 'the red team''s plans');
insert into traps.team_notes_by_app (team, body) values ('red', 'the red team''s plans');
grant select on traps.team_notes, traps.team_notes_by_app to authenticated;

-- A table left without RLS.
create table traps.open_notes (
  id bigint generated always as identity primary key,
  owner_id uuid not null default auth.uid(),
  body text not null
);
grant select, insert on traps.open_notes to authenticated;

-- Anyone signed in may suggest; only moderators read suggestions.
create table traps.suggestions (
  id bigint generated always as identity primary key,
  body text not null
);
alter table traps.suggestions enable row level security;
create policy "suggestions: anyone signed in suggests" on traps.suggestions for insert to authenticated
  with check (true);
create policy "suggestions: moderators read" on traps.suggestions for select to authenticated
  using ((auth.jwt() -> 'app_metadata' ->> 'role') = 'moderator');
grant select, insert on traps.suggestions to authenticated;
grant all on all tables in schema traps to service_role;

-- A storage bucket whose policies give an upload (INSERT, and SELECT to read the new object
-- back) but not the UPDATE an upsert also needs.
insert into storage.buckets (id, name, public) values ('trap-no-update', 'trap-no-update', false);
create policy "trap-no-update: own folder, insert" on storage.objects for insert to authenticated
  with check (bucket_id = 'trap-no-update' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "trap-no-update: own folder, select" on storage.objects for select to authenticated
  using (bucket_id = 'trap-no-update' and (storage.foldername(name))[1] = (select auth.uid()::text));
`;

/** A table with a row of the first person's, how the second names it, and what he tries. */
interface TableCase {
  table: string;
  key: string;
  value: unknown;
  change: Record<string, unknown>;
  plant: Record<string, unknown>;
}

interface Person {
  id: string;
  email: string;
  db: SupabaseClient;
}

/** Every attempt at another person's data, and what came back when one was not refused. */
class LeakTally {
  attempts = 0;
  readonly leaks: string[] = [];

  /** `run` answers null when the attempt was refused, else what it reached. */
  async attempt(what: string, run: () => Promise<string | null>): Promise<void> {
    this.attempts += 1;
    const leaked = await run();
    if (leaked !== null) this.leaks.push(`${what}: ${leaked}`);
  }

  leaksFrom(prefix: string): string[] {
    return this.leaks.filter((leak) => leak.startsWith(prefix));
  }
}

const text = (s: string) => new Blob([s], { type: 'text/plain' });
const shown = (value: unknown) => JSON.stringify(value).slice(0, 300);

/** A supabase-js result that should be refused: null when it was, else what came back. */
function refusal(result: { data: unknown; error: unknown }): string | null {
  if (result.error) return null;
  const { data } = result;
  if (data === null || data === undefined) return null;
  if (Array.isArray(data) && data.length === 0) return null;
  return shown(data);
}

function configWithTrapsSchema(): string {
  const config = readFileSync(path.join(REPO, 'supabase/config.toml'), 'utf8');
  const exposed = config.replace(/^schemas = \[(.*)\]$/m, (_, listed: string) => `schemas = [${listed}, "traps"]`);
  if (exposed === config)
    throw new Error('supabase/config.toml no longer lists [api] schemas as expected');
  return exposed;
}

export function describeCrossUser(
  title: string,
  options: Pick<EmulatorOptions, 'postgres'> = {},
): void {
  describe(title, () => {
    let emulator: TestEmulator;
    const tally = new LeakTally();
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    let counter = 0;
    let ana: Person;
    let ben: Person;
    /** An editor on Ana's project. */
    let carol: Person;
    /** Ana's project, shared with Carol (an editor); Ben is in none of it. */
    let projectId: number;
    let taskId: number;
    let messageId: number;
    let documentId: string;
    const own = () => `${ana.id}/private-${stamp}.txt`;
    const area = () => `projects/${projectId}/plan-${stamp}.txt`;
    const avatar = () => `${ana.id}/picture.png`;

    beforeAll(async () => {
      emulator = await startTestEmulator({
        ...options,
        copySupabaseDir: path.join(REPO, 'supabase'),
        configToml: configWithTrapsSchema(),
        files: { 'migrations/20991231000000_security_traps.sql': TRAPS_MIGRATION },
      });
      [ana, ben] = await Promise.all([newPerson('ana'), newPerson('ben')]);
      carol = await newPerson('carol');

      const project = await ana.db
        .from('projects')
        .insert({ name: `Ana's secret project ${stamp}` })
        .select('id')
        .single();
      if (project.error) throw project.error;
      projectId = (project.data as { id: number }).id;
      const setup = await Promise.all([
        ana.db
          .from('tasks')
          .insert({ project_id: projectId, title: 'Ana’s task' })
          .select('id')
          .single(),
        ana.db
          .from('messages')
          .insert({ project_id: projectId, body: 'Ana’s message' })
          .select('id')
          .single(),
        ana.db
          .from('project_members')
          .insert({ project_id: projectId, user_id: carol.id, role: 'editor' }),
        ana.db.rpc('mark_room_read', {
          p_project_id: projectId,
          p_through: new Date().toISOString(),
        }),
        ana.db
          .from('search_documents')
          .insert({
            title: 'Ana’s diary',
            source: 'paste',
            body: 'Zanzibar quokka password hint',
            status: 'ready',
            passage_count: 1,
          })
          .select('id')
          .single(),
        ana.db.storage.from('files').upload(own(), text('Ana’s file')),
        ana.db.storage.from('files').upload(area(), text('Ana’s project plan')),
        ana.db.storage
          .from('avatars')
          .upload(avatar(), Buffer.from('Ana’s face'), { contentType: 'image/png' }),
      ]);
      for (const step of setup) if (step.error) throw step.error;
      taskId = (setup[0].data as { id: number }).id;
      messageId = (setup[1].data as { id: number }).id;
      documentId = (setup[4].data as { id: string }).id;
      const passage = await ana.db.from('search_passages').insert({
        document_id: documentId,
        passage_index: 0,
        content: 'Zanzibar quokka password hint',
        start_offset: 0,
        end_offset: 29,
      });
      if (passage.error) throw passage.error;
    }, 180_000);

    afterAll(async () => {
      for (const person of [ana, ben, carol]) {
        await person?.db.removeAllChannels();
        person?.db.realtime.disconnect();
      }
      await emulator?.stop();
    });

    async function newPerson(label: string): Promise<Person> {
      counter += 1;
      const email = `security-${label}-${stamp}-${counter}@example.com`;
      const db = emulator.client();
      const { data, error } = await db.auth.signUp({ email, password: 'security-pass-1' });
      if (error) throw error;
      if (!data.session) throw new Error(`sign-up of ${email} returned no session`);
      return { id: data.user!.id, email, db };
    }

    /** A row as the service role sees it. */
    async function stored(table: string, column: string, value: unknown): Promise<unknown> {
      const { data, error } = await emulator
        .admin()
        .from(table)
        .select('*')
        .eq(column, value)
        .maybeSingle();
      if (error) throw error;
      return data;
    }

    async function storedFile(bucket: string, key: string): Promise<string | null> {
      const { data } = await emulator.admin().storage.from(bucket).download(key);
      return data ? data.text() : null;
    }

    describe('REST', () => {
      // Each table with a row of Ana's: how Ben names it, and a row he would plant in her name.
      const tables = (): TableCase[] => [
        {
          table: 'projects',
          key: 'id',
          value: projectId,
          change: { name: 'taken' },
          plant: { name: 'planted', owner_id: ana.id },
        },
        {
          table: 'tasks',
          key: 'id',
          value: taskId,
          change: { title: 'taken' },
          plant: { project_id: projectId, title: 'planted' },
        },
        {
          table: 'project_members',
          key: 'project_id',
          value: projectId,
          change: { role: 'viewer' },
          plant: { project_id: projectId, user_id: ben.id, role: 'editor' },
        },
        {
          table: 'profiles',
          key: 'id',
          value: ana.id,
          change: { display_name: 'taken' },
          plant: { id: ana.id, display_name: 'planted' },
        },
        {
          table: 'messages',
          key: 'id',
          value: messageId,
          change: { body: 'taken' },
          plant: { project_id: projectId, body: 'planted' },
        },
        {
          table: 'room_reads',
          key: 'user_id',
          value: ana.id,
          change: { last_read_at: '2000-01-01T00:00:00Z' },
          plant: { user_id: ana.id, project_id: projectId, last_read_at: '2000-01-01T00:00:00Z' },
        },
        {
          table: 'search_documents',
          key: 'id',
          value: documentId,
          change: { title: 'taken' },
          plant: {
            owner_id: ana.id,
            title: 'planted',
            source: 'paste',
            body: 'x',
            model: 'gte-small',
            passage_count: 0,
          },
        },
        {
          table: 'search_passages',
          key: 'document_id',
          value: documentId,
          change: { content: 'taken' },
          plant: {
            document_id: documentId,
            passage_index: 9,
            content: 'planted',
            start_offset: 0,
            end_offset: 7,
          },
        },
      ];

      it('refuses every read, count, list, update, delete and planted row of another person’s tables', async () => {
        for (const { table, key, value, change, plant } of tables()) {
          const before = await stored(table, key, value);
          expect(before).not.toBeNull();
          const prefix = `REST ${table}`;
          await tally.attempt(`${prefix}: read`, async () =>
            refusal(await ben.db.from(table).select('*').eq(key, value)),
          );
          await tally.attempt(`${prefix}: count`, async () => {
            const { count, error } = await ben.db
              .from(table)
              .select('*', { count: 'exact', head: true })
              .eq(key, value);
            return error || count === 0 ? null : `count ${count}`;
          });
          await tally.attempt(`${prefix}: list`, async () => {
            const { data } = await ben.db.from(table).select('*');
            const hers = (data ?? []).filter((row: Record<string, unknown>) => row[key] === value);
            return hers.length ? shown(hers) : null;
          });
          await tally.attempt(`${prefix}: update`, async () =>
            refusal(await ben.db.from(table).update(change).eq(key, value).select()),
          );
          await tally.attempt(`${prefix}: delete`, async () =>
            refusal(await ben.db.from(table).delete().eq(key, value).select()),
          );
          await tally.attempt(`${prefix}: insert in her name`, async () =>
            refusal(await ben.db.from(table).insert(plant).select()),
          );
          await tally.attempt(`${prefix}: upsert over hers`, async () =>
            refusal(
              await ben.db
                .from(table)
                .upsert({ [key]: value, ...change })
                .select(),
            ),
          );
          await expect(stored(table, key, value)).resolves.toEqual(before);
        }
        expect(tally.leaksFrom('REST')).toEqual([]);
      });

      it('refuses the database functions that would reach her rows', async () => {
        await tally.attempt('REST rpc room_unread_counts', async () => {
          const { data } = await ben.db.rpc('room_unread_counts');
          const hers = ((data ?? []) as { project_id: number }[]).filter(
            (r) => r.project_id === projectId,
          );
          return hers.length ? shown(hers) : null;
        });
        await tally.attempt('REST rpc mark_room_read in her room', async () =>
          refusal(
            await ben.db.rpc('mark_room_read', {
              p_project_id: projectId,
              p_through: new Date().toISOString(),
            }),
          ),
        );
        await tally.attempt('REST rpc search_passages_fulltext', async () =>
          refusal(
            await ben.db.rpc('search_passages_fulltext', {
              p_query: 'Zanzibar quokka',
              p_limit: 10,
            }),
          ),
        );
        await tally.attempt('REST rpc project_role', async () => {
          const { data, error } = await ben.db.rpc('project_role', { p_project_id: projectId });
          return error || data === null ? null : shown(data);
        });
        await tally.attempt('REST rpc shares_project_with', async () => {
          const { data, error } = await ben.db.rpc('shares_project_with', { p_user_id: ana.id });
          return error || data === false ? null : shown(data);
        });
        expect(tally.leaksFrom('REST rpc')).toEqual([]);
      });
    });

    describe('storage', () => {
      it('refuses her own folder and her project area: list, download, sign, overwrite, move, copy, remove', async () => {
        const files = () => ben.db.storage.from('files');
        for (const key of [own(), area()]) {
          const folder = key.slice(0, key.lastIndexOf('/'));
          const name = key.slice(key.lastIndexOf('/') + 1);
          const prefix = `storage files ${folder.startsWith('projects/') ? 'project area' : 'own folder'}`;
          await tally.attempt(`${prefix}: list`, async () => {
            const { data } = await files().list(folder);
            return (data ?? []).some((o) => o.name === name) ? shown(data) : null;
          });
          await tally.attempt(`${prefix}: list-v2`, async () => {
            const { data } = await files().listV2({ prefix: `${folder}/` });
            return (data?.objects ?? []).length ? shown(data) : null;
          });
          await tally.attempt(`${prefix}: download`, async () => {
            const { data } = await files().download(key);
            return data ? await data.text() : null;
          });
          await tally.attempt(`${prefix}: authenticated URL`, async () => {
            const session = (await ben.db.auth.getSession()).data.session!;
            const response = await fetch(
              `${emulator.apiUrl}/storage/v1/object/authenticated/files/${key}`,
              {
                headers: { authorization: `Bearer ${session.access_token}` },
              },
            );
            return response.ok ? await response.text() : null;
          });
          await tally.attempt(`${prefix}: public URL of a private bucket`, async () => {
            const response = await fetch(files().getPublicUrl(key).data.publicUrl);
            return response.ok ? await response.text() : null;
          });
          await tally.attempt(`${prefix}: info`, async () => refusal(await files().info(key)));
          await tally.attempt(`${prefix}: exists`, async () => {
            const { data } = await files().exists(key);
            return data ? 'exists answered true' : null;
          });
          await tally.attempt(`${prefix}: signed URL`, async () =>
            refusal(await files().createSignedUrl(key, 60)),
          );
          await tally.attempt(`${prefix}: signed URLs`, async () => {
            const { data } = await files().createSignedUrls([key], 60);
            return (data ?? []).some((d) => d.signedUrl) ? shown(data) : null;
          });
          await tally.attempt(`${prefix}: signed upload URL`, async () =>
            refusal(await files().createSignedUploadUrl(`${folder}/planted-${stamp}.txt`)),
          );
          await tally.attempt(`${prefix}: upload a new file`, async () =>
            refusal(await files().upload(`${folder}/planted-${stamp}.txt`, text('planted'))),
          );
          await tally.attempt(`${prefix}: overwrite (upsert)`, async () =>
            refusal(await files().upload(key, text('overwritten'), { upsert: true })),
          );
          await tally.attempt(`${prefix}: update`, async () =>
            refusal(await files().update(key, text('updated'))),
          );
          await tally.attempt(`${prefix}: move into his folder`, async () =>
            refusal(await files().move(key, `${ben.id}/moved-${stamp}.txt`)),
          );
          await tally.attempt(`${prefix}: copy into his folder`, async () =>
            refusal(await files().copy(key, `${ben.id}/copied-${stamp}.txt`)),
          );
          await tally.attempt(`${prefix}: remove`, async () =>
            refusal(await files().remove([key])),
          );
        }
        await expect(storedFile('files', own())).resolves.toBe('Ana’s file');
        await expect(storedFile('files', area())).resolves.toBe('Ana’s project plan');
        await expect(storedFile('files', `${ana.id}/planted-${stamp}.txt`)).resolves.toBeNull();
        expect(tally.leaksFrom('storage files')).toEqual([]);
      });

      it('refuses changes to her picture (readable by anyone by design) and to the public assets', async () => {
        const avatars = () => ben.db.storage.from('avatars');
        const png = { contentType: 'image/png' };
        await tally.attempt('storage avatars: overwrite', async () =>
          refusal(await avatars().upload(avatar(), Buffer.from('x'), { ...png, upsert: true })),
        );
        await tally.attempt('storage avatars: update', async () =>
          refusal(await avatars().update(avatar(), Buffer.from('x'), png)),
        );
        await tally.attempt('storage avatars: upload into her folder', async () =>
          refusal(await avatars().upload(`${ana.id}/other.png`, Buffer.from('x'), png)),
        );
        await tally.attempt('storage avatars: move', async () =>
          refusal(await avatars().move(avatar(), `${ben.id}/picture.png`)),
        );
        await tally.attempt('storage avatars: remove', async () =>
          refusal(await avatars().remove([avatar()])),
        );
        await expect(storedFile('avatars', avatar())).resolves.toBe('Ana’s face');

        const assets = () => ben.db.storage.from('public-assets');
        const { data: seeded } = await emulator.admin().storage.from('public-assets').list('');
        const existing = (seeded ?? []).find((o) => o.id !== null)!;
        expect(existing).toBeDefined();
        const before = await storedFile('public-assets', existing.name);
        await tally.attempt('storage public-assets: upload', async () =>
          refusal(await assets().upload(`planted-${stamp}.txt`, text('x'))),
        );
        await tally.attempt('storage public-assets: overwrite', async () =>
          refusal(await assets().upload(existing.name, text('x'), { upsert: true })),
        );
        await tally.attempt('storage public-assets: remove', async () =>
          refusal(await assets().remove([existing.name])),
        );
        await expect(storedFile('public-assets', existing.name)).resolves.toBe(before);
        expect(tally.leaksFrom('storage avatars')).toEqual([]);
        expect(tally.leaksFrom('storage public-assets')).toEqual([]);
      });
    });

    describe('realtime', () => {
      it('sends him none of her inserts and updates, only his own', async () => {
        const heard = new Inbox<{ table: string; type: string; row: Record<string, unknown> }>();
        const channel = ben.db.channel(`changes-${stamp}`);
        for (const table of ['tasks', 'projects', 'messages']) {
          channel.on('postgres_changes', { event: '*', schema: 'public', table }, (change) =>
            heard.push({
              table,
              type: change.eventType,
              row: (change.new ?? {}) as Record<string, unknown>,
            }),
          );
        }
        channel.on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'tasks', filter: `project_id=eq.${projectId}` },
          (change) =>
            heard.push({
              table: 'tasks (filtered on her project)',
              type: change.eventType,
              row: change.new as Record<string, unknown>,
            }),
        );
        await subscribed(channel);

        const hers = await ana.db
          .from('tasks')
          .insert({ project_id: projectId, title: 'Ana’s second task' })
          .select('id')
          .single();
        expect(hers.error).toBeNull();
        expect(
          (await ana.db.from('tasks').update({ title: 'Ana’s task, renamed' }).eq('id', taskId))
            .error,
        ).toBeNull();
        expect(
          (await ana.db.from('projects').update({ status: 'active' }).eq('id', projectId)).error,
        ).toBeNull();
        expect(
          (await ana.db.from('messages').insert({ project_id: projectId, body: 'Ana again' }))
            .error,
        ).toBeNull();
        // His own change comes after hers: once he has it, hers would have come before.
        const mine = await ben.db
          .from('projects')
          .insert({ name: `Ben’s ${stamp}` })
          .select('id')
          .single();
        expect(mine.error).toBeNull();
        await heard.next(
          (c) => c.table === 'projects' && c.row.id === (mine.data as { id: number }).id,
          'his own project',
        );

        await tally.attempt(
          'realtime postgres_changes: her task, project and message changes',
          async () => {
            const theirs = heard.received.filter(
              (c) => c.row.id !== (mine.data as { id: number }).id,
            );
            return theirs.length ? shown(theirs) : null;
          },
        );
        expect(tally.leaksFrom('realtime postgres_changes')).toEqual([]);
      });

      it('keeps him out of her project’s private room: no join, no broadcast heard or sent, no presence', async () => {
        const topic = `room:${projectId}`;
        const anasRoom = ana.db.channel(topic, {
          config: { private: true, broadcast: { self: true, ack: true } },
        });
        const anaHeard = new Inbox<{ from: string }>();
        anasRoom.on('broadcast', { event: 'message' }, (m) =>
          anaHeard.push(m.payload as { from: string }),
        );
        anasRoom.on('presence', { event: 'sync' }, () => undefined);
        await subscribed(anasRoom);
        await anasRoom.track({ name: 'Ana' });

        await tally.attempt('realtime private room: join', async () => {
          const refused = ben.db.channel(topic, {
            config: { private: true, presence: { key: 'ben' } },
          });
          const joined = await subscribeOutcome(refused);
          // supabase-js hands out one channel per topic: the refused one goes before the twin.
          await ben.db.removeChannel(refused);
          return joined.status === 'SUBSCRIBED' ? 'joined' : null;
        });

        // A public channel of the same name is another channel: he hears nothing of hers there.
        const bensHeard = new Inbox<unknown>();
        const publicTwin = ben.db.channel(topic, { config: { private: false } });
        publicTwin.on('broadcast', { event: '*' }, (m) => bensHeard.push(m));
        publicTwin.on('presence', { event: 'sync' }, () =>
          bensHeard.push(publicTwin.presenceState()),
        );
        await subscribed(publicTwin);

        await tally.attempt('realtime private room: broadcast over REST', async () => {
          const session = (await ben.db.auth.getSession()).data.session!;
          const response = await fetch(`${emulator.apiUrl}/realtime/v1/api/broadcast`, {
            method: 'POST',
            headers: {
              apikey: ANON_KEY,
              authorization: `Bearer ${session.access_token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({
              messages: [{ topic, event: 'message', payload: { from: 'ben' }, private: true }],
            }),
          });
          // Realtime answers 202 and drops what the sender may not send; whether it reached
          // Ana is checked below.
          return response.status === 202 || !response.ok ? null : `answered ${response.status}`;
        });
        await anasRoom.send({ type: 'broadcast', event: 'message', payload: { from: 'ana' } });
        await anaHeard.next((m) => m.from === 'ana', 'her own broadcast');
        await tally.attempt('realtime private room: his REST broadcast reaching her', async () =>
          anaHeard.received.some((m) => m.from === 'ben') ? 'Ana heard Ben' : null,
        );
        await tally.attempt(
          'realtime private room: her broadcast and presence on the public twin',
          async () => {
            const withHer = bensHeard.received.filter(
              (m) => JSON.stringify(m).includes('Ana') || JSON.stringify(m).includes('"ana"'),
            );
            return withHer.length ? shown(withHer) : null;
          },
        );
        await Promise.all([ben.db.removeAllChannels(), ana.db.removeAllChannels()]);
        expect(tally.leaksFrom('realtime private room')).toEqual([]);
      });

      it('presence: only she tracks on her topic, only people sharing a project with her see it, and a membership change reaches the people it concerns', async () => {
        const topic = `presence:${ana.id}`;
        const dave = await newPerson('dave');
        /** Rows of membership_changes each person hears. */
        const heard = new Map<string, Inbox<{ project_id: number; user_id: string }>>();
        for (const person of [ben, carol, dave]) {
          const inbox = new Inbox<{ project_id: number; user_id: string }>();
          heard.set(person.id, inbox);
          const changes = person.db.channel(`membership-${stamp}-${person.id}`);
          changes.on(
            'postgres_changes',
            { event: 'INSERT', schema: 'public', table: 'membership_changes' },
            (change) => inbox.push(change.new as { project_id: number; user_id: string }),
          );
          await subscribed(changes);
        }
        /** A private channel on her topic for `person`, with what its presence said. */
        const watch = (person: Person) => {
          const states = new Inbox<Record<string, unknown[]>>();
          const channel = person.db.channel(topic, { config: { private: true } });
          channel.on('presence', { event: 'sync' }, () => states.push(channel.presenceState()));
          return { channel, states };
        };
        const routesIn = (state: Record<string, unknown[]>) =>
          Object.values(state).flatMap((metas) => metas.map((m) => (m as { route?: unknown }).route));

        const hers = watch(ana);
        await subscribed(hers.channel);
        await expect(hers.channel.track({ route: '/live/people', since: new Date().toISOString() })).resolves.toBe('ok');

        // Carol shares a project with her: she joins and sees her tab, but cannot track there.
        const carols = watch(carol);
        await subscribed(carols.channel);
        await carols.states.next((s) => routesIn(s).includes('/live/people'), 'Ana’s tab on Carol’s channel');
        await tally.attempt('realtime presence: Carol tracking on Ana’s topic', async () => {
          const result = await carols.channel.track({ userId: ana.id, route: '/spoofed-by-carol', since: new Date().toISOString() });
          return result === 'ok' ? 'track accepted' : null;
        });
        // Ben shares none: he cannot join, so neither receives nor tracks.
        await tally.attempt('realtime presence: Ben joining Ana’s topic', async () => {
          const refused = ben.db.channel(topic, { config: { private: true } });
          refused.on('presence', { event: 'sync' }, () => undefined);
          const joined = await subscribeOutcome(refused);
          await ben.db.removeChannel(refused);
          return joined.status === 'SUBSCRIBED' ? 'joined' : null;
        });
        // Her tabs after both attempts: her own only. (A refused track leaves nothing behind.)
        await hers.channel.track({ route: '/live', since: new Date().toISOString() });
        const after = await hers.states.next((s) => routesIn(s).includes('/live'), 'her second track');
        await tally.attempt('realtime presence: a tab Ana did not track on her topic', async () => {
          const others = routesIn(after).filter((route) => route !== '/live');
          return others.length ? shown(others) : null;
        });

        // Ana adds Ben to her project: he and Carol hear it (Dave, in none of it, does not), and he may join.
        const added = await ana.db.from('project_members').insert({ project_id: projectId, user_id: ben.id, role: 'viewer' });
        expect(added.error).toBeNull();
        await heard.get(ben.id)!.next((c) => c.project_id === projectId && c.user_id === ben.id, 'Ben hearing he was added');
        await heard.get(carol.id)!.next((c) => c.project_id === projectId && c.user_id === ben.id, 'Carol hearing Ben was added');
        const bens = watch(ben);
        await subscribed(bens.channel);
        await bens.states.next((s) => routesIn(s).includes('/live'), 'Ana’s tab on Ben’s channel');
        await ben.db.removeChannel(bens.channel);

        // She removes him: he hears it (the row names him), and is refused again.
        const removed = await ana.db.from('project_members').delete().eq('project_id', projectId).eq('user_id', ben.id);
        expect(removed.error).toBeNull();
        await heard.get(ben.id)!.next((c) => c.project_id === projectId && c.user_id === ben.id, 'Ben hearing he was removed');
        await tally.attempt('realtime presence: Ben joining Ana’s topic once removed', async () => {
          const refused = ben.db.channel(topic, { config: { private: true } });
          refused.on('presence', { event: 'sync' }, () => undefined);
          const joined = await subscribeOutcome(refused);
          await ben.db.removeChannel(refused);
          return joined.status === 'SUBSCRIBED' ? 'joined' : null;
        });

        // Dave's own change comes after hers: once he has it, hers would have come before.
        const davesProject = await dave.db.from('projects').insert({ name: `Dave’s ${stamp}` }).select('id').single();
        expect(davesProject.error).toBeNull();
        const davesId = (davesProject.data as { id: number }).id;
        expect((await dave.db.from('project_members').insert({ project_id: davesId, user_id: ben.id })).error).toBeNull();
        await heard.get(dave.id)!.next((c) => c.project_id === davesId, 'Dave hearing his own project’s change');
        await tally.attempt('realtime presence: membership changes of Ana’s project heard by Dave', async () => {
          const theirs = heard.get(dave.id)!.received.filter((c) => c.project_id === projectId);
          return theirs.length ? shown(theirs) : null;
        });

        await Promise.all([ana, ben, carol, dave].map((person) => person.db.removeAllChannels()));
        dave.db.realtime.disconnect();
        expect(tally.leaksFrom('realtime presence')).toEqual([]);
      });
    });

    if (!options.postgres) {
      // Vector buckets need pgvector, which PGlite has and Debian's PostgreSQL does not.
      describe('vector buckets and the search functions', () => {
        let indexedId: string;
        let vectorKeys: string[];

        beforeAll(async () => {
          // Ana's document through the documents function, so its vectors are stored.
          const body = 'Quokka Zanzibar: the spare key is under the blue flowerpot.';
          const added = await ana.db.functions.invoke('documents', {
            body: {
              action: 'add',
              title: 'Where the key is',
              source: 'paste',
              body,
              passages: [{ heading: null, text: body, start: 0, end: body.length }],
            },
          });
          if (added.error)
            throw new Error(
              `Ana could not add a document: ${await (added.error as FunctionsHttpError).context.text()}`,
            );
          indexedId = (added.data as { document: { id: string } }).document.id;
          vectorKeys = [`${ana.id}/${indexedId}/0`];
        }, 120_000);

        it('refuses him every vector operation on her passages', async () => {
          const bucket = () => ben.db.storage.vectors.from('portal-search');
          const { data: indexes } = await emulator
            .admin()
            .storage.vectors.from('portal-search')
            .listIndexes();
          const indexName = indexes!.indexes[0]!.indexName;
          const index = () => bucket().index(indexName);
          const stored = await emulator
            .admin()
            .storage.vectors.from('portal-search')
            .index(indexName)
            .getVectors({ keys: vectorKeys, returnData: true, returnMetadata: true });
          expect(stored.data?.vectors).toHaveLength(1);
          const vector = stored.data!.vectors[0]!.data!.float32!;
          await tally.attempt('vectors: list buckets', async () =>
            refusal(await ben.db.storage.vectors.listBuckets()),
          );
          await tally.attempt('vectors: list indexes', async () =>
            refusal(await bucket().listIndexes()),
          );
          await tally.attempt('vectors: list', async () => refusal(await index().listVectors({})));
          await tally.attempt('vectors: get', async () =>
            refusal(await index().getVectors({ keys: vectorKeys })),
          );
          await tally.attempt('vectors: query', async () =>
            refusal(
              await index().queryVectors({
                queryVector: { float32: vector },
                topK: 3,
                returnMetadata: true,
              }),
            ),
          );
          await tally.attempt('vectors: put over hers', async () =>
            refusal(
              await index().putVectors({
                vectors: [{ key: vectorKeys[0]!, data: { float32: vector }, metadata: {} }],
              }),
            ),
          );
          await tally.attempt('vectors: delete', async () =>
            refusal(await index().deleteVectors({ keys: vectorKeys })),
          );
          const after = await emulator
            .admin()
            .storage.vectors.from('portal-search')
            .index(indexName)
            .getVectors({ keys: vectorKeys, returnMetadata: true });
          expect(after.data?.vectors).toEqual([
            expect.objectContaining({
              key: vectorKeys[0],
              metadata: stored.data!.vectors[0]!.metadata,
            }),
          ]);
          expect(tally.leaksFrom('vectors')).toEqual([]);
        });

        it('answers his function calls with his own documents only, whatever he sends', async () => {
          const documents = (body: Record<string, unknown>) =>
            ben.db.functions.invoke('documents', { body });
          await tally.attempt('functions documents: get hers', async () =>
            refusal(await documents({ action: 'get', id: indexedId })),
          );
          await tally.attempt('functions documents: list', async () => {
            const { data } = await documents({ action: 'list', owner_id: ana.id });
            const docs = (data as { documents?: { id: string }[] } | null)?.documents ?? [];
            return docs.length ? shown(docs) : null;
          });
          await tally.attempt('functions documents: reindex hers', async () => {
            const { data } = await documents({ action: 'reindex', ids: [indexedId] });
            return (data as { reindexed?: string[] } | null)?.reindexed?.length
              ? shown(data)
              : null;
          });
          await tally.attempt('functions documents: delete hers', async () => {
            const { data } = await documents({ action: 'delete', ids: [indexedId] });
            return (data as { deleted?: string[] } | null)?.deleted?.length ? shown(data) : null;
          });
          for (const mode of ['hybrid', 'vector', 'fulltext']) {
            await tally.attempt(`functions search-documents (${mode}): her passages`, async () => {
              const { data } = await ben.db.functions.invoke('search-documents', {
                body: { action: 'query', query: 'Quokka Zanzibar spare key', mode, topK: 10 },
              });
              const results = (data as { results?: unknown[] } | null)?.results ?? [];
              return results.length ? shown(results) : null;
            });
          }
          // Ana still has hers, whole.
          const { data } = await ana.db.functions.invoke('documents', {
            body: { action: 'get', id: indexedId },
          });
          expect((data as { document: { id: string } }).document.id).toBe(indexedId);
          expect(tally.leaksFrom('functions')).toEqual([]);
        });
      });
    }

    describe('Supabase’s known traps', () => {
      it('a view without security_invoker runs as its owner and shows every row; the demo has none', async () => {
        expect(
          (await ana.db.schema('traps').from('notes').insert({ body: 'Ana’s note' })).error,
        ).toBeNull();
        const asOwner = await ben.db.schema('traps').from('notes_as_owner').select('body');
        expect(asOwner.data).toEqual(expect.arrayContaining([{ body: 'Ana’s note' }]));
        const asCaller = await ben.db.schema('traps').from('notes_as_caller').select('body');
        expect(asCaller).toMatchObject({ error: null, data: [] });

        const { data: relations, error } = await emulator
          .admin()
          .schema('traps')
          .rpc('public_relations');
        expect(error).toBeNull();
        const rows = relations as {
          name: string;
          kind: string;
          rls: boolean;
          security_invoker: boolean;
        }[];
        expect(rows.filter((r) => r.kind !== 'table' && !r.security_invoker)).toEqual([]);
      });

      it('a policy trusting user_metadata lets people in by editing their own metadata; the demo trusts none', async () => {
        const mallory = await newPerson('mallory');
        expect((await mallory.db.auth.updateUser({ data: { team: 'red' } })).error).toBeNull();
        expect((await mallory.db.auth.refreshSession()).error).toBeNull();
        const byUser = await mallory.db.schema('traps').from('team_notes').select('body');
        expect(byUser.data).toEqual([{ body: "the red team's plans" }]);
        const byApp = await mallory.db.schema('traps').from('team_notes_by_app').select('body');
        expect(byApp).toMatchObject({ error: null, data: [] });

        const { data: policies } = await emulator.admin().schema('traps').rpc('portal_policies');
        const rows = policies as { table_name: string; policy: string; expressions: string }[];
        expect(rows.length).toBeGreaterThan(20);
        expect(rows.filter((p) => /user_metadata|raw_user_meta_data/.test(p.expressions))).toEqual(
          [],
        );
      });

      it('a table left without RLS is anyone’s; every table of the demo’s public schema has RLS on', async () => {
        expect(
          (await ana.db.schema('traps').from('open_notes').insert({ body: 'Ana’s open note' }))
            .error,
        ).toBeNull();
        const open = await ben.db.schema('traps').from('open_notes').select('body, owner_id');
        expect(open.data).toEqual(
          expect.arrayContaining([{ body: 'Ana’s open note', owner_id: ana.id }]),
        );

        const { data: relations } = await emulator.admin().schema('traps').rpc('public_relations');
        const tables = (relations as { name: string; kind: string; rls: boolean }[]).filter(
          (r) => r.kind === 'table',
        );
        expect(tables.map((t) => t.name)).toEqual(
          expect.arrayContaining([
            'profiles',
            'projects',
            'project_members',
            'tasks',
            'announcements',
            'messages',
            'room_reads',
            'search_documents',
            'search_passages',
          ]),
        );
        expect(tables.filter((t) => !t.rls)).toEqual([]);
      });

      it('a storage upsert needs an UPDATE policy besides INSERT and SELECT; the demo’s folders have all three', async () => {
        const me = await newPerson('upsert');
        for (const bucket of ['trap-no-update']) {
          const key = `${me.id}/draft.txt`;
          expect((await me.db.storage.from(bucket).upload(key, text('first'))).error).toBeNull();
          const replaced = await me.db.storage
            .from(bucket)
            .upload(key, text('second'), { upsert: true });
          expect(replaced.error).toMatchObject({ statusCode: '403' });
          await expect(storedFile(bucket, key)).resolves.toBe('first');
        }
        for (const [bucket, key] of [
          ['files', `${me.id}/draft.txt`],
          ['avatars', `${me.id}/picture.png`],
        ] as const) {
          const png = { contentType: 'image/png' };
          expect(
            (await me.db.storage.from(bucket).upload(key, Buffer.from('first'), png)).error,
          ).toBeNull();
          const replaced = await me.db.storage
            .from(bucket)
            .upload(key, Buffer.from('second'), { ...png, upsert: true });
          expect(replaced.error).toBeNull();
          await expect(storedFile(bucket, key)).resolves.toBe('second');
        }
      });

      it('a realtime DELETE event carries only the key under RLS, to every subscriber of the table', async () => {
        const task = await ana.db
          .from('tasks')
          .insert({ project_id: projectId, title: 'To be deleted, secretly' })
          .select('id')
          .single();
        expect(task.error).toBeNull();
        const id = (task.data as { id: number }).id;
        const heard = new Inbox<Record<string, unknown>>();
        const channel: RealtimeChannel = ben.db
          .channel(`deletes-${stamp}`)
          .on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'tasks' }, (change) =>
            heard.push(change.old as Record<string, unknown>),
          );
        await subscribed(channel);
        expect((await ana.db.from('tasks').delete().eq('id', id)).error).toBeNull();
        await expect(heard.next((old) => old.id === id, 'the DELETE of her task')).resolves.toEqual(
          { id },
        );
        await ben.db.removeChannel(channel);
      });

      it('insert … select is checked against the SELECT policy too; the demo’s creators see their new rows', async () => {
        const me = await newPerson('suggester');
        const body = `suggestion ${stamp}`;
        const returned = await me.db.schema('traps').from('suggestions').insert({ body }).select();
        expect(returned.error).toMatchObject({ code: '42501' });
        expect(returned.status).toBe(403);
        const count = async () =>
          (
            await emulator
              .admin()
              .schema('traps')
              .from('suggestions')
              .select('*', { count: 'exact', head: true })
              .eq('body', body)
          ).count;
        await expect(count()).resolves.toBe(0);
        const minimal = await me.db.schema('traps').from('suggestions').insert({ body });
        expect(minimal).toMatchObject({ error: null, status: 201 });
        await expect(count()).resolves.toBe(1);

        const project = await me.db
          .from('projects')
          .insert({ name: `Mine ${stamp}` })
          .select()
          .single();
        expect(project.error).toBeNull();
        const id = (project.data as { id: number }).id;
        for (const [table, row] of [
          ['tasks', { project_id: id, title: 'first' }],
          ['messages', { project_id: id, body: 'first' }],
          ['project_members', { project_id: id, user_id: ben.id }],
        ] as const) {
          const added = await me.db.from(table).insert(row).select().single();
          expect({ table, error: added.error }).toEqual({ table, error: null });
        }
      });
    });

    it('made every attempt and leaked nothing', () => {
      console.log(`${title}: ${tally.attempts} attempts, ${tally.leaks.length} leaked`);
      expect(tally.leaks).toEqual([]);
      expect(tally.attempts).toBeGreaterThan(options.postgres ? 90 : 100);
    });
  });
}
