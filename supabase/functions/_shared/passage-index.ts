// The vector half of people's document search: one vector per passage in the vector bucket
// `portal-search`, index `passages-<model>` (vectors of different models are not comparable).
// The functions call the vector API with the service role, so they keep people apart
// themselves: every key starts with the owner's user id, every vector carries
// `metadata.owner`, every query filters on it, and every lookup names only the caller's keys.
import { admin } from './caller.ts';
import type { Embedder } from './embedding.ts';

export const BUCKET = 'portal-search';
/** PutVectors and DeleteVectors take at most 500 keys at a time. */
const BATCH = 500;

export interface PassageMetadata {
  owner: string;
  document_id: string;
  passage_index: number;
  title: string;
  source: string;
  /** Milliseconds since 1970, so date ranges filter with $gte / $lt. */
  created: number;
  heading: string;
  text: string;
  /** The PDF pages the passage spans (absent for other documents). */
  page_first?: number;
  page_last?: number;
}

export class StepError extends Error {
  constructor(
    readonly step: 'split' | 'embed' | 'store' | 'search' | 'delete',
    message: string,
  ) {
    super(message);
  }
}

export const passageKey = (owner: string, documentId: string, index: number) =>
  `${owner}/${documentId}/${index}`;

function isConflict(error: { status?: number; statusCode?: string } | null): boolean {
  return !!error && (error.status === 409 || /conflict|exists/i.test(error.statusCode ?? ''));
}

export function passageIndex(embedder: Embedder) {
  const name = `passages-${embedder.model}`;
  let ready: Promise<void> | null = null;
  const vectors = () => admin.storage.vectors.from(BUCKET).index(name);

  function check<T>(
    result: { data: T | null; error: { message: string } | null },
    step: StepError['step'],
    what: string,
  ): T {
    if (result.error || result.data === null) {
      throw new StepError(
        step,
        `${what}: ${result.error?.message ?? 'the vector store gave no answer'}`,
      );
    }
    return result.data;
  }

  /** The bucket and index are made on first use; "already exists" is fine. */
  function ensure(step: StepError['step']): Promise<void> {
    ready ??= (async () => {
      const bucket = await admin.storage.vectors.createBucket(BUCKET);
      if (bucket.error && !isConflict(bucket.error))
        check(bucket, step, `creating vector bucket ${BUCKET}`);
      const index = await admin.storage.vectors.from(BUCKET).createIndex({
        indexName: name,
        dataType: 'float32',
        dimension: embedder.dimension,
        distanceMetric: 'cosine',
        metadataConfiguration: { nonFilterableMetadataKeys: ['text', 'heading', 'title'] },
      });
      if (index.error && !isConflict(index.error))
        check(index, step, `creating vector index ${name}`);
    })().catch((error) => {
      ready = null;
      throw error;
    });
    return ready;
  }

  return {
    name,
    async put(
      entries: { key: string; vector: number[]; metadata: PassageMetadata }[],
    ): Promise<void> {
      await ensure('store');
      for (let i = 0; i < entries.length; i += BATCH) {
        check(
          await vectors().putVectors({
            vectors: entries.slice(i, i + BATCH).map((e) => ({
              key: e.key,
              data: { float32: e.vector },
              metadata: { ...e.metadata },
            })),
          }),
          'store',
          'storing vectors',
        );
      }
    },
    async remove(keys: string[], step: StepError['step'] = 'delete'): Promise<void> {
      await ensure(step);
      for (let i = 0; i < keys.length; i += BATCH) {
        check(
          await vectors().deleteVectors({ keys: keys.slice(i, i + BATCH) }),
          step,
          'deleting vectors',
        );
      }
    },
    /** The caller's own vectors among `keys` (the owner is checked again on what comes back). */
    async get(owner: string, keys: string[], withData: boolean) {
      await ensure('search');
      if (keys.length === 0) return [];
      const found = check(
        await vectors().getVectors({ keys, returnMetadata: true, returnData: withData }),
        'search',
        'reading vectors',
      );
      return found.vectors.filter(
        (v) => (v.metadata as PassageMetadata | undefined)?.owner === owner,
      );
    },
    async query(owner: string, vector: number[], topK: number, filter: Record<string, unknown>[]) {
      await ensure('search');
      const found = check(
        await vectors().queryVectors({
          queryVector: { float32: vector },
          topK,
          filter: { $and: [{ owner }, ...filter] },
          returnDistance: true,
          returnMetadata: true,
        }),
        'search',
        'querying vectors',
      );
      // The filter already keeps others' vectors out; this keeps them out whatever happens.
      return found.vectors.filter(
        (v) => (v.metadata as PassageMetadata | undefined)?.owner === owner,
      );
    },
  };
}

export type PassageIndex = ReturnType<typeof passageIndex>;
