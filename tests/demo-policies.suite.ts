// The demo schema's row level security as people use it: through supabase-js against a real
// emulator started with the portal's own supabase/ folder (migrations, seed, config). Every test
// signs up its own people, so what a brand-new person may do is what is checked, and nothing
// depends on the seed or on another test. Each write is also read back in the same request
// (`.insert().select()`, `.update().select()`, `.delete().select()`), as the data remote does:
// PostgreSQL checks the returned row against the SELECT policy too.
import path from 'node:path';
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import {
  startTestEmulator,
  type EmulatorOptions,
  type TestEmulator,
} from '../emulator/test/harness.js';
import { describeSecondFactorRule } from './second-factor.suite.js';

const REPO = path.resolve(__dirname, '..');

interface Person {
  id: string;
  email: string;
  db: SupabaseClient;
}

interface SharedProject {
  owner: Person;
  editor: Person;
  viewer: Person;
  projectId: number;
  taskId: number;
}

/** PostgreSQL's refusal (insufficient_privilege): PostgREST answers 403, or 401 to an anonymous caller. */
function expectRefused(
  error: PostgrestError | null,
  status: number,
  expected: 401 | 403 = 403,
): void {
  expect(error).toMatchObject({ code: '42501' });
  expect(status).toBe(expected);
}

export function describeDemoPolicies(
  title: string,
  options: Pick<EmulatorOptions, 'postgres'> = {},
): void {
  describe(title, () => {
    let emulator: TestEmulator;
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    let people = 0;

    beforeAll(async () => {
      emulator = await startTestEmulator({
        reuseSeeded: true,
        ...options,
        copySupabaseDir: path.join(REPO, 'supabase'),
      });
    }, 180_000);

    afterAll(async () => {
      await emulator?.stop();
    });

    /** Someone who has just signed up: no projects, no memberships, only their profile. */
    async function newPerson(label: string): Promise<Person> {
      people += 1;
      const email = `${label}-${stamp}-${people}@example.com`;
      const db = emulator.client();
      const { data, error } = await db.auth.signUp({ email, password: 'policy-pass-1' });
      if (error) throw error;
      if (!data.session)
        throw new Error(`sign-up of ${email} returned no session (are confirmations on?)`);
      return { id: data.user!.id, email, db };
    }

    /**
     * A project of `owner`, added without reading it back in the same request, so that the
     * cross-user tests stand apart from the insert-then-select test above.
     */
    async function addProject(owner: Person, name: string): Promise<number> {
      const unique = `${name} ${stamp}-${(people += 1)}`;
      const added = await owner.db.from('projects').insert({ name: unique });
      if (added.error)
        throw new Error(`${owner.email} could not add project "${name}": ${added.error.message}`);
      const { data, error } = await owner.db
        .from('projects')
        .select('id')
        .eq('name', unique)
        .single();
      if (error)
        throw new Error(`${owner.email} could not read back project "${name}": ${error.message}`);
      return (data as { id: number }).id;
    }

    /** A project owned by a new person, with one task, shared with a new editor and a new viewer. */
    async function sharedProject(): Promise<SharedProject> {
      const [owner, editor, viewer] = await Promise.all([
        newPerson('owner'),
        newPerson('editor'),
        newPerson('viewer'),
      ]);
      const projectId = await addProject(owner, 'Shared project');
      const task = await owner.db
        .from('tasks')
        .insert({ project_id: projectId, title: 'Shared task' })
        .select('id')
        .single();
      if (task.error) throw new Error(`the owner could not add a task: ${task.error.message}`);
      const members = await owner.db.from('project_members').insert([
        { project_id: projectId, user_id: editor.id, role: 'editor' },
        { project_id: projectId, user_id: viewer.id, role: 'viewer' },
      ]);
      if (members.error)
        throw new Error(`the owner could not share the project: ${members.error.message}`);
      return { owner, editor, viewer, projectId, taskId: (task.data as { id: number }).id };
    }

    /** A row as the service role sees it (past every policy). */
    async function stored(
      table: string,
      column: string,
      value: unknown,
    ): Promise<Record<string, unknown> | null> {
      const { data, error } = await emulator
        .admin()
        .from(table)
        .select('*')
        .eq(column, value)
        .maybeSingle();
      if (error) throw error;
      return data as Record<string, unknown> | null;
    }

    describe('a person who has just signed up, on their own rows', () => {
      it('adds a project and reads it back, renames it, and deletes it', async () => {
        const me = await newPerson('projects');
        const added = await me.db
          .from('projects')
          .insert({ name: 'My first project' })
          .select()
          .single();
        expect(added.error).toBeNull();
        expect(added.status).toBe(201);
        const project = added.data as { id: number; owner_id: string; status: string };
        expect(project).toMatchObject({
          name: 'My first project',
          owner_id: me.id,
          status: 'planned',
        });

        const updated = await me.db
          .from('projects')
          .update({ name: 'Renamed', status: 'active' })
          .eq('id', project.id)
          .select()
          .single();
        expect(updated.error).toBeNull();
        expect(updated.data).toMatchObject({
          id: project.id,
          name: 'Renamed',
          status: 'active',
          owner_id: me.id,
        });

        const deleted = await me.db.from('projects').delete().eq('id', project.id).select();
        expect(deleted.error).toBeNull();
        expect(deleted.data).toEqual([expect.objectContaining({ id: project.id })]);
        await expect(stored('projects', 'id', project.id)).resolves.toBeNull();
      });

      it('cannot add a project in someone else’s name', async () => {
        const [me, other] = await Promise.all([newPerson('impostor'), newPerson('victim')]);
        const { error, status } = await me.db
          .from('projects')
          .insert({ name: 'Not mine', owner_id: other.id })
          .select();
        expectRefused(error, status);
        const { count } = await emulator
          .admin()
          .from('projects')
          .select('*', { count: 'exact', head: true })
          .eq('owner_id', other.id);
        expect(count).toBe(0);
      });

      it('adds a task to their project and reads it back, edits it, and deletes it', async () => {
        const me = await newPerson('tasks');
        const projectId = await addProject(me, 'Project with tasks');
        const added = await me.db
          .from('tasks')
          .insert({ project_id: projectId, title: 'First task' })
          .select()
          .single();
        expect(added.error).toBeNull();
        const task = added.data as { id: number };
        expect(task).toMatchObject({
          project_id: projectId,
          title: 'First task',
          done: false,
          tags: [],
          details: {},
        });

        const updated = await me.db
          .from('tasks')
          .update({ done: true, tags: ['now'] })
          .eq('id', task.id)
          .select()
          .single();
        expect(updated.error).toBeNull();
        expect(updated.data).toMatchObject({ id: task.id, done: true, tags: ['now'] });

        // The owner may move a task between their own projects.
        const second = await addProject(me, 'Second project');
        const moved = await me.db
          .from('tasks')
          .update({ project_id: second })
          .eq('id', task.id)
          .select()
          .single();
        expect(moved.error).toBeNull();
        expect(moved.data).toMatchObject({ id: task.id, project_id: second });

        const deleted = await me.db.from('tasks').delete().eq('id', task.id).select();
        expect(deleted.error).toBeNull();
        expect(deleted.data).toEqual([expect.objectContaining({ id: task.id })]);
        await expect(stored('tasks', 'id', task.id)).resolves.toBeNull();
      });

      it('shares their project, changes the member’s role, and stops sharing, reading each back', async () => {
        const [me, friend] = await Promise.all([newPerson('sharer'), newPerson('friend')]);
        const projectId = await addProject(me, 'Project to share');
        const added = await me.db
          .from('project_members')
          .insert({ project_id: projectId, user_id: friend.id })
          .select()
          .single();
        expect(added.error).toBeNull();
        expect(added.data).toMatchObject({
          project_id: projectId,
          user_id: friend.id,
          role: 'viewer',
        });
        // The friend now sees the project, their own membership, and the owner's profile.
        await expect(friend.db.from('projects').select('id, name')).resolves.toMatchObject({
          data: [{ id: projectId }],
        });
        await expect(
          friend.db.from('project_members').select('user_id, role'),
        ).resolves.toMatchObject({ data: [{ user_id: friend.id, role: 'viewer' }] });
        await expect(
          friend.db.from('profiles').select('id').eq('id', me.id),
        ).resolves.toMatchObject({ data: [{ id: me.id }] });

        const updated = await me.db
          .from('project_members')
          .update({ role: 'editor' })
          .eq('project_id', projectId)
          .eq('user_id', friend.id)
          .select()
          .single();
        expect(updated.error).toBeNull();
        expect(updated.data).toMatchObject({ role: 'editor' });

        const deleted = await me.db
          .from('project_members')
          .delete()
          .eq('project_id', projectId)
          .eq('user_id', friend.id)
          .select();
        expect(deleted.error).toBeNull();
        expect(deleted.data).toEqual([expect.objectContaining({ user_id: friend.id })]);
        await expect(friend.db.from('projects').select('id')).resolves.toMatchObject({ data: [] });
      });

      it('reads, updates and upserts their own profile, which outlives a delete', async () => {
        const me = await newPerson('profile');
        const own = await me.db.from('profiles').select().eq('id', me.id).single();
        expect(own.error).toBeNull();
        expect(own.data).toMatchObject({ id: me.id, display_name: me.email.split('@')[0] });

        const updated = await me.db
          .from('profiles')
          .update({ display_name: 'New Name' })
          .eq('id', me.id)
          .select()
          .single();
        expect(updated.error).toBeNull();
        expect(updated.data).toMatchObject({ id: me.id, display_name: 'New Name' });

        const upserted = await me.db
          .from('profiles')
          .upsert({ id: me.id, display_name: 'Upserted' })
          .select()
          .single();
        expect(upserted.error).toBeNull();
        expect(upserted.data).toMatchObject({ id: me.id, display_name: 'Upserted' });

        // A profile lives as long as its account: there is no delete policy.
        const deleted = await me.db.from('profiles').delete().eq('id', me.id).select();
        expect(deleted.error).toBeNull();
        expect(deleted.data).toEqual([]);
        await expect(stored('profiles', 'id', me.id)).resolves.toMatchObject({
          display_name: 'Upserted',
        });
      });

      it('uploads, replaces, lists and removes a picture in their own avatars folder', async () => {
        const me = await newPerson('avatar');
        const bucket = me.db.storage.from('avatars');
        const file = `${me.id}/picture.png`;
        const uploaded = await bucket.upload(file, Buffer.from('first'), {
          contentType: 'image/png',
        });
        expect(uploaded.error).toBeNull();
        const replaced = await bucket.upload(file, Buffer.from('second'), {
          contentType: 'image/png',
          upsert: true,
        });
        expect(replaced.error).toBeNull();
        const listed = await bucket.list(me.id);
        expect(listed.data?.map((object) => object.name)).toEqual(['picture.png']);
        const downloaded = await bucket.download(file);
        await expect(downloaded.data?.text()).resolves.toBe('second');
        const removed = await bucket.remove([file]);
        expect(removed.data).toHaveLength(1);
        await expect(bucket.list(me.id)).resolves.toMatchObject({ data: [] });
      });
    });

    describe('what people sharing a project may not change', () => {
      it('an editor cannot take the project from its owner; the owner can hand it over', async () => {
        const { owner, editor, viewer, projectId } = await sharedProject();
        for (const newOwner of [editor.id, viewer.id]) {
          const taken = await editor.db
            .from('projects')
            .update({ owner_id: newOwner })
            .eq('id', projectId)
            .select();
          expectRefused(taken.error, taken.status);
          const plain = await editor.db
            .from('projects')
            .update({ owner_id: newOwner })
            .eq('id', projectId);
          expectRefused(plain.error, plain.status);
        }
        await expect(stored('projects', 'id', projectId)).resolves.toMatchObject({
          owner_id: owner.id,
        });

        // What an editor may do is intact: rename it, and read it back.
        const renamed = await editor.db
          .from('projects')
          .update({ name: 'Renamed by the editor' })
          .eq('id', projectId)
          .select()
          .single();
        expect(renamed.error).toBeNull();
        expect(renamed.data).toMatchObject({ name: 'Renamed by the editor', owner_id: owner.id });

        // The owner hands it over. PostgreSQL checks an updated row against the SELECT policy too
        // (the update filters rows), so a bare hand-over is refused: the row would vanish from
        // the owner's sight. Staying on as an editor, the owner hands it over and reads it back.
        const bare = await owner.db
          .from('projects')
          .update({ owner_id: editor.id })
          .eq('id', projectId);
        expectRefused(bare.error, bare.status);
        const stay = await owner.db
          .from('project_members')
          .insert({ project_id: projectId, user_id: owner.id, role: 'editor' });
        expect(stay.error).toBeNull();
        const handed = await owner.db
          .from('projects')
          .update({ owner_id: editor.id })
          .eq('id', projectId)
          .select()
          .single();
        expect(handed.error).toBeNull();
        expect(handed.data).toMatchObject({ owner_id: editor.id });
        await expect(stored('projects', 'id', projectId)).resolves.toMatchObject({
          owner_id: editor.id,
        });
        // Now an editor, the former owner cannot take it back.
        const back = await owner.db
          .from('projects')
          .update({ owner_id: owner.id })
          .eq('id', projectId)
          .select();
        expectRefused(back.error, back.status);
        await expect(stored('projects', 'id', projectId)).resolves.toMatchObject({
          owner_id: editor.id,
        });
      });

      it('an editor cannot move a task to another project, their own or one they edit', async () => {
        const { owner, editor, projectId, taskId } = await sharedProject();
        const editorsOwn = await addProject(editor, 'The editor’s own project');
        const elsewhere = await addProject(owner, 'Another project of the owner');
        const added = await owner.db
          .from('project_members')
          .insert({ project_id: elsewhere, user_id: editor.id, role: 'editor' });
        expect(added.error).toBeNull();
        for (const target of [editorsOwn, elsewhere]) {
          const moved = await editor.db
            .from('tasks')
            .update({ project_id: target })
            .eq('id', taskId)
            .select();
          expectRefused(moved.error, moved.status);
        }
        await expect(stored('tasks', 'id', taskId)).resolves.toMatchObject({
          project_id: projectId,
        });

        // Editing the task where it is stays allowed.
        const edited = await editor.db
          .from('tasks')
          .update({ title: 'Edited by the editor', done: true })
          .eq('id', taskId)
          .select()
          .single();
        expect(edited.error).toBeNull();
        expect(edited.data).toMatchObject({
          title: 'Edited by the editor',
          done: true,
          project_id: projectId,
        });
        // Adding and deleting tasks stays the owner's.
        const add = await editor.db
          .from('tasks')
          .insert({ project_id: projectId, title: 'Added by the editor' })
          .select();
        expectRefused(add.error, add.status);
        await expect(
          editor.db.from('tasks').delete().eq('id', taskId).select(),
        ).resolves.toMatchObject({ data: [] });
        // The owner cannot push a task into a project they only edit for someone else either.
        const strangers = await addProject(editor, 'Not the owner’s');
        const pushed = await owner.db
          .from('tasks')
          .update({ project_id: strangers })
          .eq('id', taskId)
          .select();
        expectRefused(pushed.error, pushed.status);
      });

      it('an editor or a viewer cannot add members, change roles, or move memberships', async () => {
        const { owner, editor, viewer, projectId } = await sharedProject();
        const outsider = await newPerson('outsider');
        const editorsOwn = await addProject(editor, 'The editor’s own project');
        for (const member of [editor, viewer]) {
          const add = await member.db
            .from('project_members')
            .insert({ project_id: projectId, user_id: outsider.id, role: 'editor' })
            .select();
          expectRefused(add.error, add.status);
          for (const change of [
            { role: 'editor' },
            { role: 'viewer' },
            { user_id: outsider.id },
            { project_id: editorsOwn },
          ]) {
            const changed = await member.db
              .from('project_members')
              .update(change)
              .eq('project_id', projectId)
              .eq('user_id', member.id)
              .select();
            expect(changed.error).toBeNull();
            expect(changed.data).toEqual([]);
          }
          await expect(
            member.db
              .from('project_members')
              .delete()
              .eq('project_id', projectId)
              .neq('user_id', member.id)
              .select(),
          ).resolves.toMatchObject({ data: [] });
        }
        // An editor cannot bring the project into one of their own memberships either.
        const hijack = await editor.db
          .from('project_members')
          .insert({ project_id: projectId, user_id: editor.id, role: 'editor' })
          .select();
        expectRefused(hijack.error, hijack.status);

        const { data: members } = await emulator
          .admin()
          .from('project_members')
          .select('user_id, role')
          .eq('project_id', projectId)
          .order('role');
        expect(members).toEqual([
          { user_id: viewer.id, role: 'viewer' },
          { user_id: editor.id, role: 'editor' },
        ]);
        // The owner's rights are intact.
        const promoted = await owner.db
          .from('project_members')
          .update({ role: 'editor' })
          .eq('project_id', projectId)
          .eq('user_id', viewer.id)
          .select()
          .single();
        expect(promoted.data).toMatchObject({ role: 'editor' });
        const added = await owner.db
          .from('project_members')
          .insert({ project_id: projectId, user_id: outsider.id })
          .select()
          .single();
        expect(added.data).toMatchObject({ user_id: outsider.id, role: 'viewer' });
        const removed = await owner.db
          .from('project_members')
          .delete()
          .eq('project_id', projectId)
          .eq('user_id', outsider.id)
          .select();
        expect(removed.data).toHaveLength(1);
      });

      it('a viewer changes nothing in the project', async () => {
        const { viewer, projectId, taskId } = await sharedProject();
        const project = await viewer.db
          .from('projects')
          .select('name')
          .eq('id', projectId)
          .single();
        expect(project.data).toMatchObject({ name: expect.stringMatching(/^Shared project /) });
        const tasks = await viewer.db.from('tasks').select('id').eq('project_id', projectId);
        expect(tasks.data).toEqual([{ id: taskId }]);

        await expect(
          viewer.db.from('projects').update({ name: 'By a viewer' }).eq('id', projectId).select(),
        ).resolves.toMatchObject({ data: [] });
        await expect(
          viewer.db.from('projects').update({ owner_id: viewer.id }).eq('id', projectId).select(),
        ).resolves.toMatchObject({ data: [] });
        await expect(
          viewer.db.from('projects').delete().eq('id', projectId).select(),
        ).resolves.toMatchObject({ data: [] });
        await expect(
          viewer.db.from('tasks').update({ title: 'By a viewer' }).eq('id', taskId).select(),
        ).resolves.toMatchObject({ data: [] });
        await expect(
          viewer.db.from('tasks').delete().eq('id', taskId).select(),
        ).resolves.toMatchObject({ data: [] });
        const add = await viewer.db
          .from('tasks')
          .insert({ project_id: projectId, title: 'By a viewer' })
          .select();
        expectRefused(add.error, add.status);
        await expect(stored('projects', 'id', projectId)).resolves.toMatchObject({
          name: project.data!.name,
        });
        await expect(stored('tasks', 'id', taskId)).resolves.toMatchObject({
          title: 'Shared task',
          project_id: projectId,
        });
      });

      it('nobody changes another person’s profile or pictures, though collaborators read profiles', async () => {
        const { owner, editor } = await sharedProject();
        await expect(
          editor.db.from('profiles').select('id').eq('id', owner.id),
        ).resolves.toMatchObject({ data: [{ id: owner.id }] });
        const stranger = await newPerson('stranger');
        await expect(
          stranger.db.from('profiles').select('id').eq('id', owner.id),
        ).resolves.toMatchObject({ data: [] });

        await expect(
          editor.db
            .from('profiles')
            .update({ display_name: 'Renamed by someone else' })
            .eq('id', owner.id)
            .select(),
        ).resolves.toMatchObject({ data: [] });
        const upsert = await editor.db
          .from('profiles')
          .upsert({ id: owner.id, display_name: 'Upserted by someone else' })
          .select();
        expectRefused(upsert.error, upsert.status);
        const planted = await stranger.db.from('profiles').insert({ id: owner.id }).select();
        expectRefused(planted.error, planted.status);
        const moved = await editor.db
          .from('profiles')
          .update({ id: stranger.id })
          .eq('id', editor.id)
          .select();
        expect(moved.error).not.toBeNull();
        await expect(stored('profiles', 'id', owner.id)).resolves.toMatchObject({
          display_name: owner.email.split('@')[0],
        });

        const picture = `${owner.id}/picture.png`;
        expect(
          (
            await owner.db.storage
              .from('avatars')
              .upload(picture, Buffer.from('owner'), { contentType: 'image/png' })
          ).error,
        ).toBeNull();
        const intoOther = await editor.db.storage
          .from('avatars')
          .upload(`${owner.id}/other.png`, Buffer.from('x'), { contentType: 'image/png' });
        expect(intoOther.error).not.toBeNull();
        const overwrite = await editor.db.storage
          .from('avatars')
          .upload(picture, Buffer.from('x'), { contentType: 'image/png', upsert: true });
        expect(overwrite.error).not.toBeNull();
        await editor.db.storage.from('avatars').remove([picture]);
        const kept = await emulator.admin().storage.from('avatars').download(picture);
        await expect(kept.data?.text()).resolves.toBe('owner');
      });

      it('keeps the membership helpers away from anonymous callers', async () => {
        const anon = emulator.client();
        for (const [fn, args] of [
          ['project_role', { p_project_id: 1 }],
          ['project_member_role', { p_project_id: 1 }],
          ['owns_project', { p_project_id: 1 }],
          ['shares_project_with', { p_user_id: '00000000-0000-4000-8000-000000000000' }],
        ] as const) {
          const { error, status } = await anon.rpc(fn, args);
          expectRefused(error, status, 401);
        }
      });
    });

    describe('invitations to a project by email (issue #39, item 8)', () => {
      /** An owner's project with an invitation to `invitee`'s address, made as the owner. */
      async function invited(invitee: Person, role: 'viewer' | 'editor' = 'viewer') {
        const owner = await newPerson('inviter');
        const projectId = await addProject(owner, 'Invited project');
        const { data, error } = await owner.db
          .from('project_invitations')
          .insert({ project_id: projectId, email: invitee.email, role })
          .select('id')
          .single();
        if (error) throw new Error(`the owner could not invite: ${error.message}`);
        return { owner, projectId, invitationId: (data as { id: string }).id };
      }

      it('lets the invited person, and only them, see, accept and so join the project', async () => {
        const [invitee, stranger] = await Promise.all([newPerson('invitee'), newPerson('stranger')]);
        const { owner, projectId, invitationId } = await invited(invitee, 'editor');

        // The owner sees it; a stranger sees nothing of it and cannot accept it.
        await expect(owner.db.from('project_invitations').select('email')).resolves.toMatchObject({
          data: [{ email: invitee.email }],
        });
        await expect(stranger.db.from('project_invitations').select('id')).resolves.toMatchObject({ data: [] });
        await expect(stranger.db.rpc('my_project_invitations')).resolves.toMatchObject({ data: [] });
        const theft = await stranger.db.rpc('accept_project_invitation', { p_invitation_id: invitationId });
        expect(theft.error).toMatchObject({ code: 'P0002' });
        // Nor decline (delete) it, nor rewrite it to their own address.
        await expect(stranger.db.from('project_invitations').delete().eq('id', invitationId).select()).resolves.toMatchObject({ data: [] });
        await expect(stranger.db.from('project_invitations').update({ email: stranger.email }).eq('id', invitationId).select()).resolves.toMatchObject({ data: [] });

        // The invited person sees who invited them to what, before they may read the project.
        const mine = await invitee.db.rpc('my_project_invitations');
        expect(mine.data).toEqual([expect.objectContaining({ id: invitationId, project_id: projectId, project_name: expect.stringContaining('Invited project'), role: 'editor' })]);
        await expect(invitee.db.from('projects').select('id')).resolves.toMatchObject({ data: [] });
        const accepted = await invitee.db.rpc('accept_project_invitation', { p_invitation_id: invitationId });
        expect(accepted).toMatchObject({ error: null, data: projectId });
        await expect(invitee.db.from('project_members').select('project_id, user_id, role')).resolves.toMatchObject({
          data: [{ project_id: projectId, user_id: invitee.id, role: 'editor' }],
        });
        await expect(invitee.db.from('projects').select('id')).resolves.toMatchObject({ data: [{ id: projectId }] });
        // Spent: it is gone for both.
        await expect(owner.db.from('project_invitations').select('id')).resolves.toMatchObject({ data: [] });
        const again = await invitee.db.rpc('accept_project_invitation', { p_invitation_id: invitationId });
        expect(again.error).toMatchObject({ code: 'P0002' });
      });

      it('lets only a project’s owner invite to it, and revoke', async () => {
        const [invitee, editorOfIt] = await Promise.all([newPerson('invitee'), newPerson('member')]);
        const { owner, projectId, invitationId } = await invited(invitee);
        await owner.db.from('project_members').insert({ project_id: projectId, user_id: editorOfIt.id, role: 'editor' });
        // An editor of the project may not invite, nor see the invitations.
        const { error, status } = await editorOfIt.db.from('project_invitations').insert({ project_id: projectId, email: 'someone@example.com' });
        expectRefused(error, status);
        await expect(editorOfIt.db.from('project_invitations').select('id')).resolves.toMatchObject({ data: [] });
        // The owner revokes: the invited person no longer sees it.
        await expect(owner.db.from('project_invitations').delete().eq('id', invitationId).select('id')).resolves.toMatchObject({ data: [{ id: invitationId }] });
        await expect(invitee.db.rpc('my_project_invitations')).resolves.toMatchObject({ data: [] });
      });

      it('lets the invited person decline, and refuses an expired invitation', async () => {
        const invitee = await newPerson('invitee');
        const first = await invited(invitee);
        await expect(invitee.db.from('project_invitations').delete().eq('id', first.invitationId).select('id')).resolves.toMatchObject({ data: [{ id: first.invitationId }] });
        const second = await invited(invitee);
        await expect(first.owner.db.from('project_invitations').select('id')).resolves.toMatchObject({ data: [] });
        const expired = await second.owner.db
          .from('project_invitations')
          .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .eq('id', second.invitationId)
          .select('id');
        expect(expired.error).toBeNull();
        const late = await invitee.db.rpc('accept_project_invitation', { p_invitation_id: second.invitationId });
        expect(late.error).toMatchObject({ code: '22023', message: 'the invitation has expired' });
        await expect(invitee.db.from('project_members').select('project_id')).resolves.toMatchObject({ data: [] });
      });
    });

    describeSecondFactorRule({ emulator: () => emulator, newPerson });

    describe('a search document taken from a stored file', () => {
      /** A document row of `person` naming `path` in the files bucket, as the documents function writes it. */
      async function addDocument(person: Person, path: string) {
        return person.db
          .from('search_documents')
          .insert({ title: 'Notes', source: 'markdown', body: 'Notes.', storage_bucket: 'files', storage_path: path })
          .select('id')
          .single();
      }
      async function stateOf(person: Person, id: string) {
        const { data, error } = await person.db
          .from('search_documents')
          .select('storage_path, source_status, source_changed_at')
          .eq('id', id)
          .single();
        if (error) throw error;
        return data as { storage_path: string; source_status: string; source_changed_at: string | null };
      }
      const put = (person: Person, key: string, text: string, upsert = false) =>
        person.db.storage.from('files').upload(key, Buffer.from(text), { contentType: 'text/markdown', upsert });

      it('follows its file through a move, a new version, the trash and a deletion, whoever makes them', async () => {
        const { owner, editor, projectId } = await sharedProject();
        const key = `projects/${projectId}/notes.md`;
        expect((await put(owner, key, 'first')).error).toBeNull();
        const added = await addDocument(owner, key);
        expect(added.error).toBeNull();
        const id = (added.data as { id: string }).id;
        expect(await stateOf(owner, id)).toEqual({ storage_path: key, source_status: 'present', source_changed_at: null });

        // The editor renames it, replaces it, trashes and restores it, then deletes it.
        const renamed = `projects/${projectId}/archive/notes-2024.md`;
        expect((await editor.db.storage.from('files').move(key, renamed)).error).toBeNull();
        expect(await stateOf(owner, id)).toMatchObject({ storage_path: renamed, source_status: 'present' });
        expect((await put(editor, renamed, 'second', true)).error).toBeNull();
        expect((await stateOf(owner, id)).source_changed_at).not.toBeNull();
        const trashed = `projects/${projectId}/.trash/1700000000000-x1/archive/notes-2024.md`;
        expect((await editor.db.storage.from('files').move(renamed, trashed)).error).toBeNull();
        expect(await stateOf(owner, id)).toMatchObject({ storage_path: trashed, source_status: 'trashed' });
        expect((await editor.db.storage.from('files').move(trashed, renamed)).error).toBeNull();
        expect(await stateOf(owner, id)).toMatchObject({ storage_path: renamed, source_status: 'present' });
        expect((await editor.db.storage.from('files').remove([renamed])).data).toHaveLength(1);
        expect(await stateOf(owner, id)).toMatchObject({ storage_path: renamed, source_status: 'deleted' });
      });

      it('keeps the old path when the file goes where its owner may not read it, and names only files its owner may read', async () => {
        const { owner, editor, projectId } = await sharedProject();
        const key = `projects/${projectId}/plan.md`;
        expect((await put(owner, key, 'plan')).error).toBeNull();
        const id = ((await addDocument(owner, key)).data as { id: string }).id;
        expect((await editor.db.storage.from('files').move(key, `${editor.id}/plan.md`)).error).toBeNull();
        expect(await stateOf(owner, id)).toMatchObject({ storage_path: key, source_status: 'out_of_reach' });

        // The editor's own file is not the owner's to name; nor may a client move or mark a document.
        const refused = await addDocument(owner, `${editor.id}/plan.md`);
        expect(refused.error).toMatchObject({ code: '42501' });
        const moved = await owner.db
          .from('search_documents')
          .update({ storage_path: `${owner.id}/x.md`, source_status: 'present' })
          .eq('id', id)
          .select('id');
        expectRefused(moved.error, moved.status);
        expect(await stateOf(owner, id)).toMatchObject({ storage_path: key, source_status: 'out_of_reach' });
      });
    });
  });
}
