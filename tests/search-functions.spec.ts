// The search backend (supabase/functions/documents and search-documents, the search_documents
// migration) on a real emulator with the portal's supabase/ folder, called through supabase-js
// as the search remote calls it. Two people: what one adds, the other never reaches, whatever
// they send.
import path from 'node:path';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { startTestEmulator, type TestEmulator } from '../emulator/test/harness.js';

jest.setTimeout(120_000);

const REPO = path.resolve(__dirname, '..');

interface Passage {
  heading: string | null;
  text: string;
  start: number;
  end: number;
}

/** Paragraphs as passages (the remote's splitter does more; the backend takes any passages). */
function passagesOf(body: string): Passage[] {
  const passages: Passage[] = [];
  const re = /[^\n]+(?:\n[^\n]+)*/g;
  for (let m = re.exec(body); m; m = re.exec(body))
    passages.push({ heading: null, text: m[0], start: m.index, end: m.index + m[0].length });
  return passages;
}

async function errorBody(
  error: unknown,
): Promise<{ code: string; message: string; step?: string }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  return (await (error as FunctionsHttpError).context.json()) as {
    code: string;
    message: string;
    step?: string;
  };
}

async function person(
  emulator: TestEmulator,
  name: string,
): Promise<{ client: SupabaseClient; id: string }> {
  const client = emulator.client();
  const { data, error } = await client.auth.signUp({
    email: `${name}-${Date.now()}@example.com`,
    password: 'correct-horse-42',
  });
  if (error || !data.user) throw error ?? new Error('no user');
  return { client, id: data.user.id };
}

const documents = (client: SupabaseClient, body: Record<string, unknown>) =>
  client.functions.invoke('documents', { body });
const search = (client: SupabaseClient, body: Record<string, unknown>) =>
  client.functions.invoke('search-documents', { body });

async function add(
  client: SupabaseClient,
  title: string,
  body: string,
  source = 'paste',
): Promise<string> {
  const { data, error } = await documents(client, {
    action: 'add',
    title,
    source,
    body,
    passages: passagesOf(body),
  });
  if (error) throw new Error(JSON.stringify(await errorBody(error)));
  return data.document.id as string;
}

type Result = {
  documentId: string;
  passageIndex: number;
  title: string;
  text: string;
  similarity: number | null;
};

describe('search backend', () => {
  let emulator: TestEmulator;
  let starting: Promise<TestEmulator> | undefined;
  let alice: { client: SupabaseClient; id: string };
  let bob: { client: SupabaseClient; id: string };
  let refundsId: string;
  let gardenId: string;

  beforeAll(async () => {
    starting = startTestEmulator({ copySupabaseDir: path.join(REPO, 'supabase'), reuseSeeded: true });
    emulator = await starting;
    alice = await person(emulator, 'alice');
    bob = await person(emulator, 'bob');
    refundsId = await add(
      alice.client,
      'Refund policy',
      'Refunds are paid back to your card within five days.\n\nInvoice code ZX-4471 covers damaged parcels.',
    );
    gardenId = await add(
      alice.client,
      'Garden notes',
      'Tomatoes need sun and water every morning.\n\nPrune the roses in late winter.',
      'markdown',
    );
  }, 180_000);

  afterAll(async () => {
    await (await starting?.catch(() => undefined))?.stop();
  }, 60_000);

  it('adds a document as ready, with its passages, owned by the caller', async () => {
    const { data } = await documents(alice.client, { action: 'get', id: refundsId });
    expect(data.document).toMatchObject({
      id: refundsId,
      title: 'Refund policy',
      source: 'paste',
      status: 'ready',
      passage_count: 2,
      model: 'gte-small',
    });
    expect(data.passages.map((p: { content: string }) => p.content)).toEqual([
      'Refunds are paid back to your card within five days.',
      'Invoice code ZX-4471 covers damaged parcels.',
    ]);
    const row = await emulator
      .admin()
      .from('search_documents')
      .select('owner_id')
      .eq('id', refundsId)
      .single();
    expect(row.data?.owner_id).toBe(alice.id);
  });

  it('finds a passage by its words in each mode, with its similarity', async () => {
    for (const mode of ['hybrid', 'vector', 'fulltext']) {
      const { data, error } = await search(alice.client, {
        action: 'query',
        query: 'when are refunds paid back',
        mode,
        topK: 3,
      });
      expect(error).toBeNull();
      const top = data.results[0] as Result;
      expect({ mode, title: top.title, passageIndex: top.passageIndex }).toEqual({
        mode,
        title: 'Refund policy',
        passageIndex: 0,
      });
      expect(top.similarity).toBeGreaterThan(0);
    }
  });

  it('finds an exact code with full text, and ranks it first in hybrid', async () => {
    const text = await search(alice.client, {
      action: 'query',
      query: 'ZX-4471',
      mode: 'fulltext',
    });
    expect((text.data.results as Result[]).map((r) => r.passageIndex)).toEqual([1]);
    const hybrid = await search(alice.client, {
      action: 'query',
      query: 'ZX-4471',
      mode: 'hybrid',
    });
    expect((hybrid.data.results[0] as Result).text).toContain('ZX-4471');
  });

  it('narrows by source and by creation date', async () => {
    const onlyMarkdown = await search(alice.client, {
      action: 'query',
      query: 'refunds roses tomatoes',
      sources: ['markdown'],
      topK: 10,
    });
    expect(new Set((onlyMarkdown.data.results as Result[]).map((r) => r.title))).toEqual(
      new Set(['Garden notes']),
    );
    const future = await search(alice.client, {
      action: 'query',
      query: 'refunds',
      from: '2999-01-01T00:00:00Z',
    });
    expect(future.data.results).toEqual([]);
    const past = await search(alice.client, {
      action: 'query',
      query: 'refunds',
      mode: 'fulltext',
      to: '2000-01-01T00:00:00Z',
    });
    expect(past.data.results).toEqual([]);
  });

  it('finds more passages like one passage, leaving that passage out', async () => {
    const { data } = await search(alice.client, {
      action: 'similar',
      documentId: gardenId,
      passageIndex: 0,
      topK: 10,
    });
    const keys = (data.results as Result[]).map((r) => `${r.documentId}/${r.passageIndex}`);
    expect(keys).not.toContain(`${gardenId}/0`);
    expect(keys.length).toBeGreaterThan(0);
  });

  it('never shows one person the documents of another, whatever they send', async () => {
    for (const mode of ['hybrid', 'vector', 'fulltext']) {
      const found = await search(bob.client, {
        action: 'query',
        query: 'refunds paid back card ZX-4471',
        mode,
        topK: 50,
        owner: alice.id,
        where: { owner: alice.id },
      });
      expect(found.data.results).toEqual([]);
    }
    const similar = await search(bob.client, {
      action: 'similar',
      documentId: refundsId,
      passageIndex: 0,
    });
    expect(similar.response?.status).toBe(404);
    const got = await documents(bob.client, { action: 'get', id: refundsId });
    expect(got.response?.status).toBe(404);
    expect((await documents(bob.client, { action: 'list' })).data.documents).toEqual([]);
    expect(
      (await documents(bob.client, { action: 'list', owner: alice.id })).data.documents,
    ).toEqual([]);
    const deleted = await documents(bob.client, { action: 'delete', ids: [refundsId] });
    expect(deleted.data).toEqual({ deleted: [], vectorsRemoved: 0 });
    const reindexed = await documents(bob.client, { action: 'reindex', ids: [refundsId] });
    expect(reindexed.data).toEqual({ reindexed: [] });
    // Straight through the REST API too: row level security returns none of Alice's rows.
    expect((await bob.client.from('search_documents').select('id')).data).toEqual([]);
    expect((await bob.client.from('search_passages').select('content')).data).toEqual([]);
    expect(
      (await bob.client.rpc('search_passages_fulltext', { p_query: 'refunds', p_limit: 50 })).data,
    ).toEqual([]);
    // Bob's own document is found by Bob and not by Alice.
    await add(bob.client, 'Bob refunds', 'Bob keeps his own notes on refunds.');
    const bobs = await search(bob.client, { action: 'query', query: 'refunds', topK: 50 });
    expect((bobs.data.results as Result[]).map((r) => r.title)).toEqual(['Bob refunds']);
    const alices = await search(alice.client, {
      action: 'query',
      query: 'Bob keeps his own notes',
      topK: 50,
    });
    expect((alices.data.results as Result[]).map((r) => r.title)).not.toContain('Bob refunds');
    // Alice's document is untouched.
    expect(
      (await documents(alice.client, { action: 'get', id: refundsId })).data.document.status,
    ).toBe('ready');
  });

  it('re-indexes a document and keeps finding it', async () => {
    const { data } = await documents(alice.client, { action: 'reindex', ids: [gardenId] });
    expect(data).toEqual({ reindexed: [gardenId] });
    const found = await search(alice.client, {
      action: 'query',
      query: 'prune roses',
      mode: 'vector',
    });
    expect((found.data.results[0] as Result).documentId).toBe(gardenId);
  });

  it('deletes a document with its passages and its vectors', async () => {
    const id = await add(
      alice.client,
      'Short lived',
      'A note about lighthouse keepers.\n\nAnd their lamps.',
    );
    const keys = [0, 1].map((i) => `${alice.id}/${id}/${i}`);
    const vectors = () =>
      emulator
        .admin()
        .storage.vectors.from('portal-search')
        .index('passages-gte-small')
        .getVectors({ keys });
    expect((await vectors()).data?.vectors).toHaveLength(2);
    const { data } = await documents(alice.client, { action: 'delete', ids: [id] });
    expect(data).toEqual({ deleted: [id], vectorsRemoved: 2 });
    expect((await vectors()).data?.vectors).toEqual([]);
    expect(
      (await emulator.admin().from('search_passages').select('content').eq('document_id', id)).data,
    ).toEqual([]);
    const found = await search(alice.client, {
      action: 'query',
      query: 'lighthouse keepers lamps',
      topK: 50,
    });
    expect((found.data.results as Result[]).map((r) => r.documentId)).not.toContain(id);
  });

  it('reports embed and store as events when asked for a stream, and keeps pages and the storage source', async () => {
    const body = 'Page one text about harbours.\n\nPage two text about ferries.';
    const stored = await alice.client.storage
      .from('files')
      .upload(`${alice.id}/stream.pdf`, new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
    if (stored.error) throw stored.error;
    const { data, error } = await alice.client.functions.invoke('documents', {
      body: {
        action: 'add',
        title: 'Stream',
        source: 'pdf',
        fileName: 'stream.pdf',
        body,
        passages: passagesOf(body).map((p, i) => ({ ...p, pageFirst: i + 1, pageLast: i + 1 })),
        storage: { bucket: 'files', path: `${alice.id}/stream.pdf` },
      },
      headers: { Accept: 'text/event-stream' },
    });
    expect(error).toBeNull();
    const response = data as Response;
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text())
      .trim()
      .split('\n\n')
      .map((block) => {
        const [event, payload] = block.split('\n') as [string, string];
        return [event.slice('event: '.length), JSON.parse(payload.slice('data: '.length))];
      });
    expect(events.slice(0, -1)).toEqual([
      ['step', { step: 'embed', done: 0, total: 2 }],
      ['step', { step: 'embed', done: 2, total: 2 }],
      ['step', { step: 'store' }],
    ]);
    const [last, { document }] = events.at(-1)!;
    expect(last).toBe('done');
    expect(document).toMatchObject({
      title: 'Stream',
      status: 'ready',
      storage_bucket: 'files',
      storage_path: `${alice.id}/stream.pdf`,
    });
    const found = await search(alice.client, { action: 'query', query: 'ferries', mode: 'vector' });
    expect(found.data.results[0]).toMatchObject({
      documentId: document.id,
      pages: { first: 2, last: 2 },
    });
    const byWords = await search(alice.client, {
      action: 'query',
      query: 'ferries',
      mode: 'fulltext',
    });
    expect(byWords.data.results[0]).toMatchObject({ pages: { first: 2, last: 2 } });

    // A new version replaces it once ready: the old document and its vectors are gone.
    const { data: replaced } = await documents(alice.client, {
      action: 'add',
      title: 'Stream',
      source: 'pdf',
      body: 'Only one page now, about lighthouses.',
      passages: passagesOf('Only one page now, about lighthouses.'),
      storage: { bucket: 'files', path: `${alice.id}/stream.pdf` },
      replaces: document.id,
    });
    const { data: listedAfter } = await documents(alice.client, { action: 'list' });
    const ids = (listedAfter.documents as { id: string }[]).map((d) => d.id);
    expect(ids).toContain(replaced.document.id);
    expect(ids).not.toContain(document.id);
    const oldVectors = await emulator
      .admin()
      .storage.vectors.from('portal-search')
      .index('passages-gte-small')
      .getVectors({ keys: [0, 1].map((i) => `${alice.id}/${document.id}/${i}`) });
    expect(oldVectors.data?.vectors).toEqual([]);
  });

  it('streams a failed event naming the store step, and leaves nothing behind', async () => {
    const before = (await emulator.admin().from('search_documents').select('id')).data!.length;
    const { data } = await alice.client.functions.invoke('documents', {
      body: {
        action: 'add',
        title: 'Broken stream',
        source: 'paste',
        body: 'Some text.',
        passages: [{ heading: null, text: 'Some text.', start: 5, end: 1 }],
      },
      headers: { Accept: 'text/event-stream' },
    });
    const text = await (data as Response).text();
    expect(text).toMatch(/event: step\ndata: \{"step":"store"\}/);
    expect(text).toMatch(/event: failed\ndata: \{"code":"indexing_failed","step":"store","message":"store failed: writing the document/);
    expect((await emulator.admin().from('search_documents').select('id')).data!.length).toBe(
      before,
    );
  });

  it('leaves nothing behind when storing fails, and names the step', async () => {
    const before = (await emulator.admin().from('search_documents').select('id')).data!.length;
    const { error, response } = await documents(alice.client, {
      action: 'add',
      title: 'Broken',
      source: 'paste',
      body: 'Some text.',
      passages: [{ heading: null, text: 'Some text.', start: 5, end: 1 }],
    });
    expect(response?.status).toBe(502);
    expect(await errorBody(error)).toMatchObject({ code: 'indexing_failed', step: 'store' });
    expect((await emulator.admin().from('search_documents').select('id')).data!.length).toBe(
      before,
    );
  });

  it('says how well each result matches, and that a nonsense query matches nothing well', async () => {
    const code = await search(alice.client, { action: 'query', query: 'ZX-4471', topK: 5 });
    expect(code.data.results[0]).toMatchObject({ passageIndex: 1, wordMatch: true });
    expect(['strong', 'good']).toContain(code.data.results[0].match);
    for (const mode of ['hybrid', 'vector']) {
      const nonsense = await search(alice.client, {
        action: 'query',
        query: 'xylophone quantum',
        mode,
        topK: 10,
      });
      // The nearest passages still come back (the page offers them, folded), each marked weak.
      expect(nonsense.data.results.length).toBeGreaterThan(0);
      expect(
        (nonsense.data.results as { match: string; wordMatch: boolean }[]).map((r) => [
          r.match,
          r.wordMatch,
        ]),
      ).toEqual(nonsense.data.results.map(() => ['weak', false]));
    }
  });

  it('follows a document’s stored file: moved, replaced, trashed and restored, deleted', async () => {
    const files = alice.client.storage.from('files');
    const put = (key: string, text: string, upsert = false) =>
      files.upload(key, new Blob([text], { type: 'text/markdown' }), { upsert });
    const original = `${alice.id}/notes/harbour.md`;
    expect((await put(original, 'Ferries leave the harbour at dawn.')).error).toBeNull();
    const text = 'Ferries leave the harbour at dawn.';
    const { data: added, error } = await documents(alice.client, {
      action: 'add',
      title: 'Harbour',
      source: 'markdown',
      body: text,
      passages: passagesOf(text),
      storage: { bucket: 'files', path: original },
    });
    expect(error).toBeNull();
    const id = added.document.id as string;
    const state = async () => {
      const { data } = await documents(alice.client, { action: 'get', id });
      return {
        path: data.document.storage_path as string,
        status: data.document.source_status as string,
        changed: data.document.source_changed_at !== null,
      };
    };
    const found = async () => {
      const { data } = await search(alice.client, { action: 'query', query: 'ferries harbour', topK: 50 });
      return {
        ids: (data.results as Result[]).map((r) => r.documentId),
        leftOut: data.leftOut as number,
      };
    };
    expect(await state()).toEqual({ path: original, status: 'present', changed: false });

    // Renamed and moved into a folder: the document follows.
    const moved = `${alice.id}/archive/harbour-2024.md`;
    expect((await files.move(original, moved)).error).toBeNull();
    expect(await state()).toEqual({ path: moved, status: 'present', changed: false });
    expect((await found()).ids).toContain(id);

    // Its content replaced: the document says so, and is still found.
    expect((await put(moved, 'Ferries now leave at noon.', true)).error).toBeNull();
    expect(await state()).toEqual({ path: moved, status: 'present', changed: true });
    const withChange = await search(alice.client, { action: 'query', query: 'ferries', topK: 50 });
    expect(
      (withChange.data.results as { documentId: string; sourceChanged: string | null }[]).find(
        (r) => r.documentId === id,
      )?.sourceChanged,
    ).toEqual(expect.any(String));

    // In the trash: not searched, and counted as left out; restored, searched again.
    const trashed = `${alice.id}/.trash/1700000000000-ab12/archive/harbour-2024.md`;
    expect((await files.move(moved, trashed)).error).toBeNull();
    expect(await state()).toMatchObject({ path: trashed, status: 'trashed' });
    for (const mode of ['hybrid', 'vector', 'fulltext']) {
      const { data } = await search(alice.client, { action: 'query', query: 'ferries harbour', mode, topK: 50 });
      expect((data.results as Result[]).map((r) => r.documentId)).not.toContain(id);
      expect(data.leftOut).toBe(1);
    }
    expect((await files.move(trashed, moved)).error).toBeNull();
    expect(await state()).toMatchObject({ path: moved, status: 'present' });
    expect(await found()).toEqual({ ids: expect.arrayContaining([id]), leftOut: 0 });

    // Deleted for good: marked, never searched.
    expect((await files.remove([moved])).data).toHaveLength(1);
    expect(await state()).toMatchObject({ path: moved, status: 'deleted' });
    expect((await found()).ids).not.toContain(id);
  });

  it('keeps a document’s old path when its file is moved where its owner may not read it, and refuses a path the caller cannot read', async () => {
    const project = await alice.client.from('projects').insert({ name: 'Harbour project' }).select('id').single();
    if (project.error) throw project.error;
    const projectId = (project.data as { id: number }).id;
    const member = await alice.client
      .from('project_members')
      .insert({ project_id: projectId, user_id: bob.id, role: 'editor' });
    if (member.error) throw member.error;
    const shared = `projects/${projectId}/plan.md`;
    const up = await alice.client.storage
      .from('files')
      .upload(shared, new Blob(['The pier opens in May.'], { type: 'text/markdown' }));
    if (up.error) throw up.error;
    const { data: added, error } = await documents(alice.client, {
      action: 'add',
      title: 'Plan',
      source: 'markdown',
      body: 'The pier opens in May.',
      passages: passagesOf('The pier opens in May.'),
      storage: { bucket: 'files', path: shared },
    });
    expect(error).toBeNull();
    // Bob, an editor, moves the project's file into his own folder.
    const bobs = `${bob.id}/plan.md`;
    expect((await bob.client.storage.from('files').move(shared, bobs)).error).toBeNull();
    const { data } = await documents(alice.client, { action: 'get', id: added.document.id });
    expect(data.document).toMatchObject({ storage_path: shared, source_status: 'out_of_reach' });

    // Naming a file of Bob's folder: refused, nothing stored.
    const before = (await emulator.admin().from('search_documents').select('id')).data!.length;
    const refused = await documents(alice.client, {
      action: 'add',
      title: 'Not mine',
      source: 'markdown',
      body: 'The pier opens in May.',
      passages: passagesOf('The pier opens in May.'),
      storage: { bucket: 'files', path: bobs },
    });
    expect(refused.response?.status).toBe(502);
    expect((await errorBody(refused.error)).message).toMatch(/no file .* that you may read/);
    expect((await emulator.admin().from('search_documents').select('id')).data!.length).toBe(before);
    // Nor can a client move a document to another path or mark it itself.
    const edit = await alice.client
      .from('search_documents')
      .update({ storage_path: bobs })
      .eq('id', added.document.id)
      .select('id');
    expect(edit.error?.code).toBe('42501');
  });

  it('asks anonymous callers to sign in and explains bad requests', async () => {
    const anonymous = await search(emulator.client(), { action: 'query', query: 'x' });
    expect(anonymous.response?.status).toBe(401);
    expect((await errorBody(anonymous.error)).code).toBe('sign_in_required');
    // The full-text function names the owner itself, so it is closed to anonymous callers.
    const anonymousRpc = await emulator
      .client()
      .rpc('search_passages_fulltext', { p_query: 'refunds', p_limit: 50 });
    expect(anonymousRpc.data).toBeNull();
    expect(anonymousRpc.error?.code).toBe('42501');
    const bad = await search(alice.client, { action: 'query', query: '  ', mode: 'psychic' });
    expect(bad.response?.status).toBe(400);
    expect((await errorBody(bad.error)).message).toMatch(/mode/);
    const noPassages = await documents(alice.client, {
      action: 'add',
      title: 't',
      source: 'paste',
      body: 'x',
      passages: [],
    });
    expect((await errorBody(noPassages.error)).message).toMatch(/at least one passage/);
  });
});

describe('search backend, when embedding fails', () => {
  let emulator: TestEmulator;
  let starting: Promise<TestEmulator> | undefined;

  beforeAll(async () => {
    // A model the runtime does not have: every embedding fails, as it would on a runtime without it.
    starting = startTestEmulator({
      copySupabaseDir: path.join(REPO, 'supabase'),
      files: { 'functions/.env': 'EMBEDDING_MODEL=gte-large\n' },
    });
    emulator = await starting;
  }, 180_000);

  afterAll(async () => {
    await (await starting?.catch(() => undefined))?.stop();
  }, 60_000);

  it('stores nothing, no rows and no vectors, and says the embedding step failed', async () => {
    const carol = await person(emulator, 'carol');
    const { error, response } = await documents(carol.client, {
      action: 'add',
      title: 'Never indexed',
      source: 'paste',
      body: 'One passage.\n\nAnother passage.',
      passages: passagesOf('One passage.\n\nAnother passage.'),
    });
    expect(response?.status).toBe(502);
    const problem = await errorBody(error);
    expect(problem).toMatchObject({ code: 'indexing_failed', step: 'embed' });
    expect(problem.message).toMatch(/gte-large/);
    expect((await emulator.admin().from('search_documents').select('id')).data).toEqual([]);
    expect((await emulator.admin().from('search_passages').select('content')).data).toEqual([]);
    const buckets = await emulator.admin().storage.vectors.listBuckets();
    const indexes = buckets.data?.vectorBuckets.some((b) => b.vectorBucketName === 'portal-search')
      ? ((await emulator.admin().storage.vectors.from('portal-search').listIndexes()).data
          ?.indexes ?? [])
      : [];
    for (const index of indexes) {
      const listed = await emulator
        .admin()
        .storage.vectors.from('portal-search')
        .index(index.indexName)
        .listVectors({});
      expect(listed.data?.vectors).toEqual([]);
    }
  });
});
