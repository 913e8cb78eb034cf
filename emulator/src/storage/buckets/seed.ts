// Buckets declared in config.toml (`[storage.buckets.<name>]`), seeded as the Supabase CLI does
// on `supabase start` / `supabase seed buckets`: the bucket is created (or its settings brought
// in line), then every file under `objects_path` (relative to supabase/) is uploaded with its
// path as the object name. SQL cannot seed object bytes, so this is how a project ships demo
// files. It goes through the storage API itself as the service role, so the same checks apply.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { lookup } from 'mime-types';

export interface ConfiguredBucket {
  public?: boolean;
  file_size_limit?: number;
  allowed_mime_types?: string[];
  objects_path?: string;
}

export type ApiFetch = (request: Request) => Promise<Response>;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(full);
      return entry.isFile() ? [full] : [];
    })
    .sort();
}

async function expectOk(response: Response, what: string): Promise<void> {
  if (response.ok) return;
  throw new Error(`seeding storage: ${what} failed (${response.status}): ${await response.text()}`);
}

/** Creates or updates each configured bucket, then uploads its objects (upsert). Returns the uploaded names. */
export async function seedConfiguredBuckets(
  buckets: Record<string, ConfiguredBucket>,
  supabaseDir: string,
  apiUrl: string,
  serviceRoleJwt: string,
  fetchApi: ApiFetch,
): Promise<string[]> {
  const headers = { authorization: `Bearer ${serviceRoleJwt}` };
  const uploaded: string[] = [];
  for (const [name, settings] of Object.entries(buckets)) {
    const body = JSON.stringify({
      id: name,
      name,
      public: settings.public ?? false,
      ...(settings.file_size_limit !== undefined
        ? { file_size_limit: settings.file_size_limit }
        : {}),
      ...(settings.allowed_mime_types !== undefined
        ? { allowed_mime_types: settings.allowed_mime_types }
        : {}),
    });
    const json = { ...headers, 'content-type': 'application/json' };
    const exists = await fetchApi(
      new Request(`${apiUrl}/storage/v1/bucket/${encodeURIComponent(name)}`, { headers }),
    );
    await expectOk(
      await fetchApi(
        exists.ok
          ? new Request(`${apiUrl}/storage/v1/bucket/${encodeURIComponent(name)}`, {
              method: 'PUT',
              headers: json,
              body,
            })
          : new Request(`${apiUrl}/storage/v1/bucket`, { method: 'POST', headers: json, body }),
      ),
      `${exists.ok ? 'updating' : 'creating'} bucket ${name}`,
    );
    if (!settings.objects_path) continue;
    const root = path.resolve(supabaseDir, settings.objects_path);
    if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
      throw new Error(`seeding storage: objects_path of bucket ${name} is not a folder: ${root}`);
    }
    for (const file of filesUnder(root)) {
      const key = path.relative(root, file).split(path.sep).join('/');
      const contentType = lookup(file) || 'application/octet-stream';
      const objectUrl = `${apiUrl}/storage/v1/object/${encodeURIComponent(name)}/${key.split('/').map(encodeURIComponent).join('/')}`;
      const request = new Request(objectUrl, {
        method: 'POST',
        headers: { ...headers, 'content-type': contentType, 'x-upsert': 'true' },
        body: readFileSync(file),
      });
      await expectOk(await fetchApi(request), `uploading ${name}/${key}`);
      uploaded.push(`${name}/${key}`);
    }
  }
  return uploaded;
}
