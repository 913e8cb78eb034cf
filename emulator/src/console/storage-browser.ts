// The console's Buckets page, server side: the project's buckets (public or private, size and
// type limits, how much they hold) and their objects folder by folder, read from storage's
// tables as the database owner. An object opens through a signed URL storage itself issues
// (60 seconds), signed with the service role here: the page gets the URL, never the key.
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '../db/database.js';
import type { GatewayCaller } from './auth-admin.js';

/** Objects shown per folder; a folder holding more says so. */
export const OBJECTS_PER_FOLDER = 500;
/** How long an "Open" or "Download" link works. */
export const SIGNED_URL_SECONDS = 60;

export interface BucketSummary {
  id: string;
  name: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
  objects: number;
  bytes: number;
  createdAt: string | null;
}

export interface ObjectSummary {
  /** The full object name (path in the bucket). */
  name: string;
  size: number | null;
  mimetype: string | null;
  updatedAt: string | null;
}

export interface FolderListing {
  bucket: string;
  prefix: string;
  folders: { name: string; objects: number }[];
  objects: ObjectSummary[];
  /** Objects directly in this folder beyond OBJECTS_PER_FOLDER, not listed. */
  more: number;
}

export class UnknownBucket extends Error {}

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

function metadataOf(value: unknown): Record<string, unknown> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

export async function listBuckets(db: Database): Promise<BucketSummary[]> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    public: boolean;
    file_size_limit: string | number | null;
    allowed_mime_types: string[] | null;
    objects: number;
    bytes: string | null;
    created_at: unknown;
  }>(
    `select b.id, b.name, b.public, b.file_size_limit, b.allowed_mime_types, b.created_at,
            count(o.id)::int as objects, coalesce(sum((o.metadata ->> 'size')::bigint), 0)::text as bytes
       from storage.buckets b left join storage.objects o on o.bucket_id = b.id
      group by b.id order by b.name`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    public: row.public,
    fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowedMimeTypes: row.allowed_mime_types,
    objects: row.objects,
    bytes: Number(row.bytes ?? 0),
    createdAt: iso(row.created_at),
  }));
}

/** One folder of a bucket: its sub-folders (with how many objects each holds) and its objects. */
export async function listFolder(db: Database, bucket: string, prefix: string): Promise<FolderListing> {
  const exists = await db.query('select 1 from storage.buckets where id = $1', [bucket]);
  if (exists.rows.length === 0) throw new UnknownBucket(`There is no bucket ${bucket}.`);
  const inFolder = `from storage.objects where bucket_id = $1 and starts_with(name, $2)`;
  const folders = await db.query<{ name: string; objects: number }>(
    `select split_part(substr(name, length($2) + 1), '/', 1) as name, count(*)::int as objects
       ${inFolder} and position('/' in substr(name, length($2) + 1)) > 0
      group by 1 order by 1`,
    [bucket, prefix],
  );
  const objects = await db.query<{ name: string; metadata: unknown; updated_at: unknown; total: number }>(
    `select name, metadata, updated_at, count(*) over ()::int as total
       ${inFolder} and position('/' in substr(name, length($2) + 1)) = 0
      order by name collate "C" limit $3`,
    [bucket, prefix, OBJECTS_PER_FOLDER],
  );
  return {
    bucket,
    prefix,
    folders: folders.rows,
    objects: objects.rows.map((row) => {
      const metadata = metadataOf(row.metadata);
      return {
        name: row.name,
        size: typeof metadata.size === 'number' ? metadata.size : metadata.size === undefined ? null : Number(metadata.size),
        mimetype: typeof metadata.mimetype === 'string' ? metadata.mimetype : null,
        updatedAt: iso(row.updated_at),
      };
    }),
    more: Math.max(0, (objects.rows[0]?.total ?? 0) - OBJECTS_PER_FOLDER),
  };
}

const folderQuery = z.object({
  prefix: z
    .string()
    .default('')
    .refine((prefix) => prefix === '' || prefix.endsWith('/'), 'prefix is a folder: empty, or ending in /'),
});
const signBody = z.object({ name: z.string().min(1, 'Name the object to open.'), download: z.boolean().default(false) });

/** The encoded path storage's object URLs take (each segment encoded, slashes kept). */
function objectPath(bucket: string, name: string): string {
  return [bucket, ...name.split('/')].map(encodeURIComponent).join('/');
}

export function storageRoutes(db: Database, gateway: GatewayCaller): Hono {
  const app = new Hono();
  app.get('/buckets', async (c) => c.json(await listBuckets(db)));
  app.get('/buckets/:bucket/objects', async (c) => {
    const query = folderQuery.safeParse(c.req.query());
    if (!query.success) return c.json({ message: query.error.issues[0]?.message ?? 'Bad prefix.' }, 400);
    try {
      return c.json(await listFolder(db, c.req.param('bucket'), query.data.prefix));
    } catch (error) {
      if (error instanceof UnknownBucket) return c.json({ message: error.message }, 404);
      throw error;
    }
  });
  app.post('/buckets/:bucket/sign', async (c) => {
    const body = signBody.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ message: body.error.issues[0]?.message ?? 'Send {"name": "…"}.' }, 400);
    const { name, download } = body.data;
    const response = await gateway.fetchGateway(
      new Request(`${gateway.apiUrl}/storage/v1/object/sign/${objectPath(c.req.param('bucket'), name)}`, {
        method: 'POST',
        headers: { apikey: gateway.serviceRoleKey, authorization: `Bearer ${gateway.serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ expiresIn: SIGNED_URL_SECONDS }),
      }),
    );
    const answer = (await response.json().catch(() => null)) as { signedURL?: unknown; message?: unknown } | null;
    if (!response.ok || typeof answer?.signedURL !== 'string') {
      const reason = typeof answer?.message === 'string' ? answer.message : `storage answered ${response.status}`;
      return c.json({ message: `The object could not be signed: ${reason}` }, response.status === 404 || response.status === 400 ? 404 : 502);
    }
    const url = new URL(`${gateway.apiUrl}/storage/v1${answer.signedURL}`);
    if (download) url.searchParams.set('download', name.split('/').pop() ?? name);
    return c.json({ url: url.toString(), expiresIn: SIGNED_URL_SECONDS });
  });
  return app;
}
