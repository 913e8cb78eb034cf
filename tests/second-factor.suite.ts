// The second factor, enforced by the backend (supabase/migrations/…_second_factor_required.sql,
// the functions' caller check, the emulator's function logs): a person with a verified
// authenticator app who signed in with the password only holds an aal1 session, and with it
// reaches nothing of theirs — REST tables and database functions, storage, realtime (private
// channels and database changes) and the functions that act for a person — until the code is
// entered. Part of the demo policies suite (its emulator, on PGlite and on PostgreSQL).
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { FunctionsHttpError } from '@supabase/supabase-js';
import type { TestEmulator } from '../emulator/test/harness.js';
import { Inbox, subscribeOutcome, subscribed } from '../emulator/test/realtime/spec-support.js';
import { enrolTotp, totpCode } from './support/people.js';

interface SecondFactorContext {
  emulator: () => TestEmulator;
  /** A new person, signed up and signed in with the password (aal1, no factor). */
  newPerson: (label: string) => Promise<{ id: string; email: string; db: SupabaseClient }>;
}

const PASSWORD = 'policy-pass-1';
const text = (s: string) => new Blob([s], { type: 'text/plain' });

/** The `aal` claim of the client's access token. */
async function aalOf(client: SupabaseClient): Promise<string | undefined> {
  const token = (await client.auth.getSession()).data.session?.access_token ?? '';
  return (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}') as { aal?: string }).aal;
}

export function describeSecondFactorRule({ emulator, newPerson }: SecondFactorContext): void {
  describe('a person with an authenticator app, signed in with the password only (aal1)', () => {
    /** Mia at aal2 (she entered her code): she made every row and file below. */
    let mia: { id: string; email: string; db: SupabaseClient };
    let totpSecret: string;
    /** Mia again, signed in with her password only: the session a stolen password gives. */
    let passwordOnly: SupabaseClient;
    let projectId: number;
    let taskId: number;
    let messageId: number;
    let documentId: string;
    /** A member of her project, who also invited her to a project of theirs. */
    let memberId: string;
    /** Her invitation of someone to her project, and someone's invitation of her. */
    let herInvitationId: string;
    let invitationToHer: string;
    const file = () => `${mia.id}/second-factor-notes.txt`;
    const picture = () => `${mia.id}/second-factor.png`;

    /** A fresh client of Mia's, signed in with the password (aal1: her factor is not used). */
    async function signInWithPasswordOnly(): Promise<SupabaseClient> {
      const client = emulator().client();
      const { error } = await client.auth.signInWithPassword({ email: mia.email, password: PASSWORD });
      if (error) throw error;
      return client;
    }

    beforeAll(async () => {
      mia = await newPerson('mfa');
      totpSecret = await enrolTotp(mia.db);
      expect(await aalOf(mia.db)).toBe('aal2');
      // supabase-js hands realtime the new token on SIGNED_IN and TOKEN_REFRESHED, not on
      // MFA_CHALLENGE_VERIFIED (docs/known-traps.md#realtime-keeps-the-aal1-token-after-the-code):
      // the portal's client does it itself, and so does this one.
      await mia.db.realtime.setAuth();
      const project = await mia.db.from('projects').insert({ name: `Mia's project ${mia.id}` }).select('id').single();
      if (project.error) throw project.error;
      projectId = (project.data as { id: number }).id;
      const setup = await Promise.all([
        mia.db.from('tasks').insert({ project_id: projectId, title: 'Mia’s task' }).select('id').single(),
        mia.db.from('messages').insert({ project_id: projectId, body: 'Mia’s message' }).select('id').single(),
        mia.db.rpc('mark_room_read', { p_project_id: projectId, p_through: new Date().toISOString() }),
        mia.db
          .from('search_documents')
          .insert({ title: 'Mia’s diary', source: 'paste', body: 'Quetzal lantern safe code', status: 'ready', passage_count: 1 })
          .select('id')
          .single(),
        mia.db.storage.from('files').upload(file(), text('Mia’s notes')),
        mia.db.storage.from('avatars').upload(picture(), Buffer.from('Mia’s face'), { contentType: 'image/png' }),
      ]);
      for (const step of setup) if (step.error) throw step.error;
      // A member of her project writes after she last read her room: one unread message of hers.
      const member = await newPerson('mfa-member');
      const shared = await mia.db.from('project_members').insert({ project_id: projectId, user_id: member.id, role: 'viewer' });
      if (shared.error) throw shared.error;
      const written = await member.db.from('messages').insert({ project_id: projectId, body: 'A message for Mia' });
      if (written.error) throw written.error;
      memberId = member.id;
      const herInvitation = await mia.db
        .from('project_invitations')
        .insert({ project_id: projectId, email: `guest-${mia.id}@example.com` })
        .select('id')
        .single();
      if (herInvitation.error) throw herInvitation.error;
      herInvitationId = (herInvitation.data as { id: string }).id;
      const theirs = await member.db.from('projects').insert({ name: `Member's project ${member.id}` }).select('id').single();
      if (theirs.error) throw theirs.error;
      const toHer = await member.db
        .from('project_invitations')
        .insert({ project_id: (theirs.data as { id: number }).id, email: mia.email.toLowerCase() })
        .select('id')
        .single();
      if (toHer.error) throw toHer.error;
      invitationToHer = (toHer.data as { id: string }).id;
      taskId = (setup[0].data as { id: number }).id;
      messageId = (setup[1].data as { id: number }).id;
      documentId = (setup[3].data as { id: string }).id;
      const passage = await mia.db
        .from('search_passages')
        .insert({ document_id: documentId, passage_index: 0, content: 'Quetzal lantern safe code', start_offset: 0, end_offset: 25 });
      if (passage.error) throw passage.error;
      passwordOnly = await signInWithPasswordOnly();
      expect(await aalOf(passwordOnly)).toBe('aal1');
    }, 120_000);

    afterAll(async () => {
      for (const client of [mia?.db, passwordOnly]) {
        await client?.removeAllChannels();
        client?.realtime.disconnect();
      }
    });

    /** A row as the service role sees it (past every policy). */
    async function stored(table: string, column: string, value: unknown): Promise<unknown> {
      const { data, error } = await emulator().admin().from(table).select('*').eq(column, value).maybeSingle();
      if (error) throw error;
      return data;
    }

    it('REST: reads none of her rows, and every write is refused or changes nothing', async () => {
      const rows: { table: string; key: string; value: () => unknown; change: Record<string, unknown>; add: () => Record<string, unknown> }[] = [
        { table: 'profiles', key: 'id', value: () => mia.id, change: { display_name: 'taken' }, add: () => ({ id: mia.id }) },
        { table: 'projects', key: 'id', value: () => projectId, change: { name: 'taken' }, add: () => ({ name: 'added at aal1' }) },
        { table: 'tasks', key: 'id', value: () => taskId, change: { title: 'taken' }, add: () => ({ project_id: projectId, title: 'added at aal1' }) },
        { table: 'project_members', key: 'project_id', value: () => projectId, change: { role: 'editor' }, add: () => ({ project_id: projectId, user_id: mia.id }) },
        { table: 'messages', key: 'id', value: () => messageId, change: { body: 'taken' }, add: () => ({ project_id: projectId, body: 'added at aal1' }) },
        {
          table: 'room_reads',
          key: 'user_id',
          value: () => mia.id,
          change: { last_read_at: '2000-01-01T00:00:00Z' },
          add: () => ({ project_id: projectId, last_read_at: '2000-01-01T00:00:00Z' }),
        },
        { table: 'search_documents', key: 'id', value: () => documentId, change: { title: 'taken' }, add: () => ({ title: 'added at aal1', source: 'paste', body: 'x' }) },
        {
          table: 'search_passages',
          key: 'document_id',
          value: () => documentId,
          change: { content: 'taken' },
          add: () => ({ document_id: documentId, passage_index: 7, content: 'added', start_offset: 0, end_offset: 5 }),
        },
        {
          table: 'membership_changes',
          key: 'user_id',
          value: () => memberId,
          change: { user_id: mia.id },
          add: () => ({ project_id: projectId, user_id: mia.id }),
        },
        {
          table: 'project_invitations',
          key: 'id',
          value: () => herInvitationId,
          change: { role: 'editor' },
          add: () => ({ project_id: projectId, email: `another-${mia.id}@example.com` }),
        },
        { table: 'announcements', key: 'id', value: () => -1, change: {}, add: () => ({}) },
      ];
      // The seeded announcements are for everyone signed in: with her factor unused, not for her.
      const { count: announcements } = await mia.db.from('announcements').select('*', { count: 'exact', head: true });
      expect(announcements).toBeGreaterThan(0);
      const reached: string[] = [];
      for (const { table, key, value, change, add } of rows) {
        const all = await passwordOnly.from(table).select('*');
        expect(all.error).toBeNull();
        if (all.data!.length) reached.push(`${table}: read ${all.data!.length} rows`);
        if (table === 'announcements') continue;
        const before = await stored(table, key, value());
        expect(before).not.toBeNull();
        const updated = await passwordOnly.from(table).update(change).eq(key, value()).select();
        if (updated.data?.length) reached.push(`${table}: updated`);
        const deleted = await passwordOnly.from(table).delete().eq(key, value()).select();
        if (deleted.data?.length) reached.push(`${table}: deleted`);
        const inserted = await passwordOnly.from(table).insert(add());
        if (!inserted.error) reached.push(`${table}: inserted`);
        else expect({ table, code: inserted.error.code, status: inserted.status }).toEqual({ table, code: '42501', status: 403 });
        await expect(stored(table, key, value())).resolves.toEqual(before);
      }
      expect(reached).toEqual([]);
    });

    it('REST: the database functions refuse her, or answer nothing of hers', async () => {
      const fulltext = await passwordOnly.rpc('search_passages_fulltext', { p_query: 'Quetzal lantern', p_limit: 10 });
      expect({ code: fulltext.error?.code, status: fulltext.status }).toEqual({ code: '42501', status: 403 });
      const marked = await passwordOnly.rpc('mark_room_read', { p_project_id: projectId, p_through: new Date().toISOString() });
      expect({ code: marked.error?.code, status: marked.status }).toEqual({ code: '42501', status: 403 });
      const invitations = await passwordOnly.rpc('my_project_invitations');
      expect({ code: invitations.error?.code, status: invitations.status }).toEqual({ code: '42501', status: 403 });
      const accepted = await passwordOnly.rpc('accept_project_invitation', { p_invitation_id: invitationToHer });
      expect({ code: accepted.error?.code, status: accepted.status }).toEqual({ code: '42501', status: 403 });
      await expect(stored('project_invitations', 'id', invitationToHer)).resolves.not.toBeNull();
      const unread = await passwordOnly.rpc('room_unread_counts');
      expect(unread).toMatchObject({ error: null, data: [] });
      // With the code entered the same calls answer (the rule is about the level, not the calls).
      const counted = await mia.db.rpc('room_unread_counts');
      expect(counted.data).toEqual([{ project_id: projectId, unread: 1, mentions: 0 }]);
      const hers = await mia.db.rpc('my_project_invitations');
      expect(hers.data).toEqual([expect.objectContaining({ id: invitationToHer })]);
      const found = await mia.db.rpc('search_passages_fulltext', { p_query: 'Quetzal lantern', p_limit: 10 });
      expect(found.error).toBeNull();
      expect(found.data).toEqual([expect.objectContaining({ document_id: documentId })]);
    });

    it('storage: lists, downloads, signs, uploads and removes none of her files', async () => {
      const files = () => passwordOnly.storage.from('files');
      const listed = await files().list(mia.id);
      expect(listed.data ?? []).toEqual([]);
      await expect(files().download(file())).resolves.toMatchObject({ data: null });
      await expect(files().createSignedUrl(file(), 60)).resolves.toMatchObject({ data: null });
      const upload = await files().upload(`${mia.id}/added-at-aal1.txt`, text('x'));
      expect(upload.error).not.toBeNull();
      const overwrite = await files().upload(file(), text('taken'), { upsert: true });
      expect(overwrite.error).not.toBeNull();
      const removed = await files().remove([file()]);
      expect(removed.data ?? []).toEqual([]);
      const avatars = passwordOnly.storage.from('avatars');
      expect((await avatars.list(mia.id)).data ?? []).toEqual([]);
      const replaced = await avatars.upload(picture(), Buffer.from('taken'), { contentType: 'image/png', upsert: true });
      expect(replaced.error).not.toBeNull();
      // Her file and picture are as they were.
      const kept = await emulator().admin().storage.from('files').download(file());
      await expect(kept.data?.text()).resolves.toBe('Mia’s notes');
      const face = await emulator().admin().storage.from('avatars').download(picture());
      await expect(face.data?.text()).resolves.toBe('Mia’s face');
      // With the code entered, her own client reaches them.
      expect((await mia.db.storage.from('files').list(mia.id)).data?.map((o) => o.name)).toContain('second-factor-notes.txt');
    });

    it('realtime: refuses her private room and her presence topic, and sends her no database change', async () => {
      for (const topic of [`room:${projectId}`, `presence:${mia.id}`]) {
        const channel = passwordOnly.channel(topic, { config: { private: true } });
        const outcome = await subscribeOutcome(channel);
        await passwordOnly.removeChannel(channel);
        expect({ topic, status: outcome.status, error: outcome.error?.message }).toEqual({ topic, status: 'CHANNEL_ERROR', error: expect.stringMatching(/Unauthorized/) });
      }
      // Her aal2 client may join the same channels (the refusal is the level, not the topic).
      for (const topic of [`room:${projectId}`, `presence:${mia.id}`]) {
        const channel = mia.db.channel(topic, { config: { private: true } });
        await expect(subscribeOutcome(channel)).resolves.toEqual({ status: 'SUBSCRIBED' });
        await mia.db.removeChannel(channel);
      }

      const heard = new Inbox<{ table: string; id: unknown }>();
      const control = new Inbox<unknown>();
      const changes: RealtimeChannel = passwordOnly.channel(`second-factor-changes-${projectId}`);
      for (const table of ['tasks', 'messages', 'projects']) {
        changes.on('postgres_changes', { event: '*', schema: 'public', table }, (change) => heard.push({ table, id: (change.new as { id?: unknown }).id }));
      }
      // A public broadcast channel on the same socket: what is sent after a change arrives after it.
      changes.on('broadcast', { event: 'control' }, (message) => control.push(message.payload));
      await subscribed(changes);
      const reference = new Inbox<{ id: unknown }>();
      const hers = mia.db.channel(`second-factor-reference-${projectId}`);
      hers.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'tasks' }, (change) => reference.push({ id: (change.new as { id?: unknown }).id }));
      await subscribed(hers);

      const added = await mia.db.from('tasks').insert({ project_id: projectId, title: 'Added while her password is out' }).select('id').single();
      expect(added.error).toBeNull();
      const addedId = (added.data as { id: number }).id;
      await reference.next((change) => change.id === addedId, 'her own insert, on her aal2 client');
      // The change was judged for every subscriber at once; the control broadcast comes after.
      const sender = emulator().client();
      const sent = await sender.channel(`second-factor-changes-${projectId}`).httpSend('control', { after: addedId });
      expect(sent).toEqual({ success: true });
      await control.next(() => true, 'the control broadcast');
      expect(heard.received).toEqual([]);
      await sender.removeAllChannels();
    });

    it('functions: documents, search-documents, project-invitations and the function logs answer 403 insufficient_aal', async () => {
      for (const [name, body] of [
        ['documents', { action: 'list' }],
        ['documents', { action: 'get', id: documentId }],
        ['search-documents', { action: 'query', query: 'Quetzal lantern', mode: 'fulltext' }],
        ['search-documents', { action: 'query', query: 'Quetzal lantern', mode: 'hybrid' }],
        ['project-invitations', { projectId, email: `third-${mia.id}@example.com` }],
      ] as const) {
        const { data, error } = await passwordOnly.functions.invoke(name, { body });
        expect({ name, body, data }).toEqual({ name, body, data: null });
        expect(error).toBeInstanceOf(FunctionsHttpError);
        const response = (error as FunctionsHttpError).context as Response;
        expect({ name, status: response.status, body: await response.json() }).toEqual({
          name,
          status: 403,
          body: { code: 'insufficient_aal', message: expect.stringMatching(/second factor/i) },
        });
      }
      const token = (await passwordOnly.auth.getSession()).data.session!.access_token;
      const logs = await fetch(`${emulator().apiUrl}/functions/v1/_logs/documents`, { headers: { authorization: `Bearer ${token}` } });
      expect({ status: logs.status, body: await logs.json() }).toEqual({
        status: 403,
        body: { code: 'INSUFFICIENT_AAL', message: expect.stringMatching(/second factor/i) },
      });
      // Her aal2 client is answered.
      const listed = await mia.db.functions.invoke('documents', { body: { action: 'list' } });
      expect(listed.error).toBeNull();
      expect((listed.data as { documents: { id: string }[] }).documents.map((d) => d.id)).toContain(documentId);
      const aal2Token = (await mia.db.auth.getSession()).data.session!.access_token;
      const ownLogs = await fetch(`${emulator().apiUrl}/functions/v1/_logs/documents`, { headers: { authorization: `Bearer ${aal2Token}` } });
      expect(ownLogs.status).toBe(200);
    });

    it('once the code is entered, the same session reads and writes her rows again', async () => {
      const session = await signInWithPasswordOnly();
      expect((await session.from('tasks').select('id').eq('id', taskId)).data).toEqual([]);
      const factors = await session.auth.mfa.listFactors();
      const factor = factors.data!.totp[0]!;
      const verified = await session.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totpCode(totpSecret) });
      expect(verified.error).toBeNull();
      expect(await aalOf(session)).toBe('aal2');
      expect((await session.from('tasks').select('id').eq('id', taskId)).data).toEqual([{ id: taskId }]);
      const added = await session.from('tasks').insert({ project_id: projectId, title: 'Added after the code' }).select('id');
      expect(added.error).toBeNull();
    });

    it('leaves people without a verified factor at aal1 alone, an unverified one included', async () => {
      const person = await newPerson('half-enrolled');
      const enrolled = await person.db.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Not finished' });
      expect(enrolled.error).toBeNull();
      expect(await aalOf(person.db)).toBe('aal1');
      const project = await person.db.from('projects').insert({ name: `Half-enrolled ${person.id}` }).select('id').single();
      expect(project.error).toBeNull();
      const upload = await person.db.storage.from('files').upload(`${person.id}/mine.txt`, text('mine'));
      expect(upload.error).toBeNull();
      const { count } = await person.db.from('announcements').select('*', { count: 'exact', head: true });
      expect(count).toBeGreaterThan(0);
    });
  });
}
