// The files remote's drive-like backend (supabase/migrations/…_file_shares_and_authors.sql)
// through the very functions its dialogs call (storage/share-links.ts), supabase-js, and plain
// fetches as a stranger would open a link, against a real emulator with the portal's own
// supabase/ folder.
// A share link is a row of `file_shares` opened through the public `file-share` function, so it
// can be listed and revoked (a storage signed URL cannot be): it works without a key, stops when
// revoked or expired, follows its file when renamed, stops while the file is in the trash or once
// its maker may no longer read it, and only the maker and the file's editors see or revoke it. The
// Trash (an area's `.trash/` folder) is read and restored only by those who may delete there:
// nobody else's, and not a project's viewers. Run on PGlite (files-drive.spec.ts) and on
// PostgreSQL (files-drive.postgres.spec.ts).
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  startTestEmulator,
  type EmulatorOptions,
  type TestEmulator,
} from '../emulator/test/harness.js';
import { FILES_BUCKET } from '../remotes/files/src/storage/areas.js';
import { createShareLink, listShareLinks, revokeShareLink } from '../remotes/files/src/storage/share-links.js';
import { listStorageFolder } from '../remotes/search/src/data-access/storage-files.js';
import { newPerson, signedInClient } from './support/people.js';

let emulator: TestEmulator;

/** Waits until `moment` has passed (the only wait here is the link's own lifetime). */
function until(moment: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, moment - Date.now())));
}

/** Opens a link as a stranger's browser would: no key, no session, redirects followed. */
async function opened(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.text() };
}

async function person(label: string): Promise<{ id: string; db: SupabaseClient }> {
  const made = await newPerson(emulator, `files-share-${label}`);
  return { id: made.id, db: await signedInClient(emulator, made) };
}

async function put(db: SupabaseClient, key: string, text: string): Promise<void> {
  const { error } = await db.storage
    .from(FILES_BUCKET)
    .upload(key, new Blob([text], { type: 'text/plain' }));
  if (error) throw error;
}

export function describeFilesDrive(
  title: string,
  options: Pick<EmulatorOptions, 'postgres'> = {},
): void {
  beforeAll(async () => {
    emulator = await startTestEmulator({
      copySupabaseDir: path.resolve(__dirname, '..', 'supabase'),
      reuseSeeded: true,
      ...options,
    });
  }, 180_000);

  afterAll(async () => {
    await emulator?.stop();
  });

  describe(`${title}: a share link`, () => {
    it('gives the file to a stranger without a key, a part of it too, inert and never cached, until it is revoked: then at once', async () => {
      const ana = await person('ana');
      const key = `${ana.id}/shared.txt`;
      await put(ana.db, key, 'shared for a while');
      const link = await createShareLink(ana.db, FILES_BUCKET, key, null);
      expect(link.url).toBe(`${emulator.apiUrl}/functions/v1/file-share/${link.id}`);
      expect(link.state).toBe('active');

      // The function gives the bytes itself: no storage address is ever handed out to be kept.
      const first = await fetch(link.url, { redirect: 'manual' });
      expect(first.status).toBe(200);
      expect(first.headers.get('location')).toBeNull();
      expect({
        type: first.headers.get('content-type'),
        cache: first.headers.get('cache-control'),
        sniff: first.headers.get('x-content-type-options'),
        csp: first.headers.get('content-security-policy'),
        disposition: first.headers.get('content-disposition'),
      }).toEqual({
        type: 'text/plain',
        cache: 'no-store',
        sniff: 'nosniff',
        csp: 'sandbox',
        disposition: "inline; filename*=UTF-8''shared.txt",
      });
      expect(await first.text()).toBe('shared for a while');
      // HEAD: what it is, without the bytes.
      const head = await fetch(link.url, { method: 'HEAD' });
      expect({ status: head.status, length: head.headers.get('content-length') }).toEqual({
        status: 200,
        length: '18',
      });
      // A part of it, as a video or audio player asks for one.
      const part = await fetch(link.url, { headers: { Range: 'bytes=0-5' } });
      expect({
        status: part.status,
        range: part.headers.get('content-range'),
        body: await part.text(),
      }).toEqual({
        status: 206,
        range: 'bytes 0-5/18',
        body: 'shared',
      });

      await revokeShareLink(ana.db, link.id);
      // At once, for the next part too.
      expect((await fetch(link.url, { headers: { Range: 'bytes=6-9' } })).status).toBe(410);
      expect(await opened(link.url)).toEqual({
        status: 410,
        body: 'This share link was revoked by the people who share the file.\n',
      });
      const [listed] = await listShareLinks(ana.db, FILES_BUCKET, key);
      expect(listed).toMatchObject({ id: link.id, state: 'revoked' });
      // Revoked once and for good: it cannot be brought back, and nothing else of it changes.
      const again = await ana.db
        .from('file_shares')
        .update({ revoked_at: null })
        .eq('id', link.id)
        .select('id');
      expect(again.error).toMatchObject({ message: 'This link was already revoked.' });
      const elsewhere = await ana.db
        .from('file_shares')
        .update({ expires_at: null })
        .eq('id', link.id);
      expect(elsewhere.error?.code).toBe('42501');
      expect(
        await opened(`${emulator.apiUrl}/functions/v1/file-share/${crypto.randomUUID()}`),
      ).toMatchObject({
        status: 404,
      });
    });

    it('stops working when it expires', async () => {
      const ben = await person('ben');
      const key = `${ben.id}/brief.txt`;
      await put(ben.db, key, 'for two seconds');
      const created = Date.now();
      const link = await createShareLink(ben.db, FILES_BUCKET, key, 2);
      expect(Math.abs(link.expiresAt!.getTime() - (created + 2000))).toBeLessThan(1000);
      expect(await opened(link.url)).toEqual({ status: 200, body: 'for two seconds' });
      await until(created + 3000);
      expect(await opened(link.url)).toMatchObject({
        status: 410,
        body: expect.stringMatching(/has expired/),
      });
      expect((await listShareLinks(ben.db, FILES_BUCKET, key))[0]?.state).toBe('expired');
    });

    it('follows its file when renamed, stops while the file is in the trash, and goes with it when deleted', async () => {
      const cai = await person('cai');
      const key = `${cai.id}/draft.txt`;
      await put(cai.db, key, 'the draft');
      const link = await createShareLink(cai.db, FILES_BUCKET, key, null);
      const files = cai.db.storage.from(FILES_BUCKET);
      expect((await files.move(key, `${cai.id}/final.txt`)).error).toBeNull();
      expect(await opened(link.url)).toEqual({ status: 200, body: 'the draft' });
      const trashed = `${cai.id}/.trash/1700000000000-x1-0/final.txt`;
      expect((await files.move(`${cai.id}/final.txt`, trashed)).error).toBeNull();
      expect(await opened(link.url)).toMatchObject({
        status: 410,
        body: expect.stringMatching(/in the trash/),
      });
      expect((await files.move(trashed, `${cai.id}/final.txt`)).error).toBeNull();
      expect((await opened(link.url)).status).toBe(200);
      expect((await files.remove([`${cai.id}/final.txt`])).data).toHaveLength(1);
      expect((await opened(link.url)).status).toBe(404);
    });

    it('in a shared project: editors see and revoke every link, a viewer only their own, and a link stops when its maker leaves', async () => {
      const [owner, editor, viewer, stranger] = await Promise.all([
        person('owner'),
        person('editor'),
        person('viewer'),
        person('stranger'),
      ]);
      const project = await owner.db
        .from('projects')
        .insert({ name: 'Shared links' })
        .select('id')
        .single();
      if (project.error) throw project.error;
      const projectId = (project.data as { id: number }).id;
      const members = await owner.db.from('project_members').insert([
        { project_id: projectId, user_id: editor.id, role: 'editor' },
        { project_id: projectId, user_id: viewer.id, role: 'viewer' },
      ]);
      if (members.error) throw members.error;
      const key = `projects/${projectId}/plan.txt`;
      await put(owner.db, key, 'the plan');

      const ownersLink = await createShareLink(owner.db, FILES_BUCKET, key, null);
      const viewersLink = await createShareLink(viewer.db, FILES_BUCKET, key, null);
      // A stranger may not read the file, so may not share it.
      await expect(createShareLink(stranger.db, FILES_BUCKET, key, null)).rejects.toThrow(
        /no file “.*plan.txt” that you may read/,
      );
      expect((await listShareLinks(stranger.db, FILES_BUCKET, key)).map((l) => l.id)).toEqual([]);
      expect((await listShareLinks(viewer.db, FILES_BUCKET, key)).map((l) => l.id)).toEqual([
        viewersLink.id,
      ]);
      expect((await listShareLinks(editor.db, FILES_BUCKET, key)).map((l) => l.id).sort()).toEqual(
        [ownersLink.id, viewersLink.id].sort(),
      );
      // The viewer may not revoke the owner's link; the editor may.
      await expect(revokeShareLink(viewer.db, ownersLink.id)).rejects.toThrow(
        /you may revoke only your own links/,
      );
      expect((await opened(ownersLink.url)).status).toBe(200);
      await revokeShareLink(editor.db, ownersLink.id);
      expect((await opened(ownersLink.url)).status).toBe(410);
      const revoked = (await listShareLinks(owner.db, FILES_BUCKET, key)).find(
        (l) => l.id === ownersLink.id,
      );
      expect(revoked).toMatchObject({
        state: 'revoked',
        revokedByName: expect.stringMatching(/^files-share-editor-/),
      });

      // The viewer leaves the project: their link no longer reaches the file.
      expect((await opened(viewersLink.url)).status).toBe(200);
      const left = await owner.db
        .from('project_members')
        .delete()
        .eq('user_id', viewer.id)
        .eq('project_id', projectId);
      if (left.error) throw left.error;
      expect(await opened(viewersLink.url)).toMatchObject({
        status: 410,
        body: expect.stringMatching(/can no longer open it/),
      });
    });
  });

  describe(`${title}: the trash`, () => {
    /** The names of every object under `prefix` that `db` may see. */
    async function visible(db: SupabaseClient, prefix: string): Promise<string[]> {
      const { data, error } = await db.storage.from(FILES_BUCKET).listV2({ prefix });
      if (error) throw error;
      return data.objects.map((o) => o.key ?? o.name).sort();
    }

    /** Everything `db` may try on a trashed object, and what came of it. */
    async function reach(db: SupabaseClient, key: string, restoreTo: string) {
      const files = db.storage.from(FILES_BUCKET);
      const [download, signed, authors] = await Promise.all([
        files.download(key),
        files.createSignedUrl(key, 60),
        db.rpc('files_object_authors', { p_bucket: FILES_BUCKET, p_names: [key] }),
      ]);
      return {
        listed: (await visible(db, key.slice(0, key.indexOf('.trash/') + '.trash/'.length))).length,
        downloaded: download.error === null,
        signed: signed.error === null,
        authors: (authors.data as unknown[] | null)?.length ?? 0,
        shared: await createShareLink(db, FILES_BUCKET, key, null).then(
          () => true,
          () => false,
        ),
        restored: (await files.move(key, restoreTo)).error === null,
        removed: ((await files.remove([key])).data ?? []).length,
      };
    }
    const NOTHING = {
      listed: 0,
      downloaded: false,
      signed: false,
      authors: 0,
      shared: false,
      restored: false,
      removed: 0,
    };

    it('of a person is theirs alone: another person neither sees, opens, shares, restores nor empties it', async () => {
      const [dee, eli] = await Promise.all([person('dee'), person('eli')]);
      const key = `${dee.id}/diary.txt`;
      await put(dee.db, key, 'private');
      const trashed = `${dee.id}/.trash/1700000000000-d1-0/diary.txt`;
      expect((await dee.db.storage.from(FILES_BUCKET).move(key, trashed)).error).toBeNull();

      expect(await reach(eli.db, trashed, `${eli.id}/diary.txt`)).toEqual(NOTHING);
      expect(await reach(eli.db, trashed, key)).toEqual(NOTHING);
      // Still there, and its owner restores it.
      expect(await visible(dee.db, `${dee.id}/`)).toEqual([trashed]);
      expect((await dee.db.storage.from(FILES_BUCKET).move(trashed, key)).error).toBeNull();
      expect(await visible(dee.db, `${dee.id}/`)).toEqual([key]);
    });

    it('is not offered by the search remote’s file picker, which lists an area’s other folders', async () => {
      const fay = await person('fay');
      await put(fay.db, `${fay.id}/kept.md`, 'kept');
      await put(fay.db, `${fay.id}/notes/.trash/idea.md`, 'a folder that only shares the name');
      await put(fay.db, `${fay.id}/.trash/1700000000000-f1-0/gone.md`, 'deleted');
      expect((await listStorageFolder(fay.db, `${fay.id}/`)).map((entry) => entry.name)).toEqual([
        'kept.md',
        'notes',
      ]);
      expect(
        (await listStorageFolder(fay.db, `${fay.id}/notes/`)).map((entry) => entry.name),
      ).toEqual(['.trash']);
    });

    it('of a project is its owners’ and editors’: a viewer reads the project’s files but not what was deleted, a stranger nothing', async () => {
      const [owner, editor, viewer, stranger] = await Promise.all([
        person('trash-owner'),
        person('trash-editor'),
        person('trash-viewer'),
        person('trash-stranger'),
      ]);
      const project = await owner.db
        .from('projects')
        .insert({ name: 'Shared trash' })
        .select('id')
        .single();
      if (project.error) throw project.error;
      const area = `projects/${(project.data as { id: number }).id}/`;
      const members = await owner.db.from('project_members').insert([
        { project_id: (project.data as { id: number }).id, user_id: editor.id, role: 'editor' },
        { project_id: (project.data as { id: number }).id, user_id: viewer.id, role: 'viewer' },
      ]);
      if (members.error) throw members.error;
      await put(owner.db, `${area}kept.txt`, 'still here');
      await put(owner.db, `${area}old plan.txt`, 'deleted');
      const trashed = `${area}.trash/1700000000000-p1-0/old plan.txt`;
      expect(
        (await owner.db.storage.from(FILES_BUCKET).move(`${area}old plan.txt`, trashed)).error,
      ).toBeNull();

      // The viewer still reads the project's files, and nothing of its trash.
      expect(await visible(viewer.db, area)).toEqual([`${area}kept.txt`]);
      expect(await reach(viewer.db, trashed, `${area}old plan.txt`)).toEqual(NOTHING);
      expect(await reach(stranger.db, trashed, `${area}old plan.txt`)).toEqual(NOTHING);
      // The editor sees the owner's deletion, by whom, and restores it.
      expect(await visible(editor.db, `${area}.trash/`)).toEqual([trashed]);
      const authors = await editor.db.rpc('files_object_authors', {
        p_bucket: FILES_BUCKET,
        p_names: [trashed],
      });
      expect(authors.data).toEqual([
        expect.objectContaining({ name: trashed, author_id: owner.id }),
      ]);
      expect(
        (await editor.db.storage.from(FILES_BUCKET).move(trashed, `${area}old plan.txt`)).error,
      ).toBeNull();
      expect(await visible(viewer.db, area)).toEqual([`${area}kept.txt`, `${area}old plan.txt`]);
    });
  });
}
