/**
 * Opens a file someone shared with a link, for whoever holds the link, without signing in. The
 * link stops working at once when its maker revokes it, when it expires, or when the file is
 * deleted.
 *
 * file-share: opens a share link made in the files remote (`public.file_shares`), for anyone
 * who holds it, with no key or session (`verify_jwt = false` in config.toml).
 *
 *   GET|HEAD /functions/v1/file-share/<link id>   → 200 (206 for a Range) with the file's bytes
 *
 * A storage signed URL cannot be revoked, so the link is a row that this function checks on
 * every request: it must exist, not be revoked, not have expired; its file must still be there
 * and out of the trash; and the person who made the link must still be allowed to read the file
 * (a member who leaves a project takes their links' reach with them). Only then does it read the
 * file from storage, through a signed URL it keeps to itself, and pass the bytes on. No storage
 * address ever reaches the person holding the link, so a revoked link stops at once, for every
 * request after it (a video's next Range request included), and nothing can be kept to go round
 * the check. The answer carries the file's type, length, range and ETag as storage sent them, is
 * never cached, and is inert on the API's origin: nosniff, and `Content-Security-Policy: sandbox`
 * except for a PDF (as the emulator's storage serves objects; hosted storage sends neither).
 * Refusals are plain text: 404 for a link that never existed, 410 for one that was revoked,
 * expired or whose file is gone.
 * See supabase/migrations/20250121000000_file_shares_and_authors.sql.
 */
import { admin } from '../_shared/caller.ts';
import { corsHeaders } from '../_shared/http.ts';

/** How long the address this function reads the file through works (it never leaves here). */
const SIGNED_SECONDS = 60;
/** What a client may ask storage through the link: a part of the file, or whether it changed. */
const PASSED_ON = ['range', 'if-range', 'if-none-match', 'if-modified-since'];
/** What storage answers about the bytes, passed back. */
const PASSED_BACK = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'];
const PLAIN_PDF = /^\s*application\/pdf\s*(;[^,]*)?$/i;

const LINK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Target {
  bucket_id: string;
  object_name: string;
  expires_at: string | null;
  revoked_at: string | null;
  maker_may_read: boolean;
  in_trash: boolean;
}

function text(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(`${message}\n`, {
    status,
    headers: {
      ...corsHeaders,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

/** The file's name, for the browser's "save as" (the address names only the link). */
function disposition(objectName: string): string {
  const name = objectName.slice(objectName.lastIndexOf('/') + 1);
  return `inline; filename*=UTF-8''${encodeURIComponent(name)}`;
}

async function open(linkId: string, request: Request): Promise<Response> {
  const { data, error } = await admin.rpc('file_share_target', { p_share: linkId });
  if (error) return text(502, `The link could not be checked: ${error.message}`);
  const target = (data as Target[])[0];
  if (!target) return text(404, 'There is no such share link. Ask the person who sent it for a new one.');
  if (target.revoked_at) return text(410, 'This share link was revoked by the people who share the file.');
  if (target.expires_at && Date.parse(target.expires_at) <= Date.now())
    return text(410, 'This share link has expired. Ask the person who sent it for a new one.');
  if (target.in_trash) return text(410, 'The shared file was deleted (it is in the trash).');
  if (!target.maker_may_read)
    return text(410, 'The person who shared this file can no longer open it, so the link no longer works.');
  const signed = await admin.storage
    .from(target.bucket_id)
    .createSignedUrl(target.object_name, SIGNED_SECONDS);
  if (signed.error) return text(410, 'The shared file is no longer there.');

  const asked = new Headers();
  for (const name of PASSED_ON) {
    const value = request.headers.get(name);
    if (value) asked.set(name, value);
  }
  let stored: Response;
  try {
    stored = await fetch(signed.data.signedUrl, { method: request.method, headers: asked });
  } catch (thrown) {
    return text(502, `The file could not be read from storage: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
  }
  if (stored.status === 400 || stored.status === 404) {
    await stored.body?.cancel();
    return text(410, 'The shared file is no longer there.');
  }
  if (stored.status >= 500) {
    await stored.body?.cancel();
    return text(502, `Storage could not give the file (${stored.status}). Try again in a moment.`);
  }
  const headers = new Headers(corsHeaders);
  for (const name of PASSED_BACK) {
    const value = stored.headers.get(name);
    if (value) headers.set(name, value);
  }
  const type = stored.headers.get('content-type') ?? 'application/octet-stream';
  // Storage sends HTML as text/plain; whatever it sent, the browser takes it as said.
  headers.set('X-Content-Type-Options', 'nosniff');
  if (!PLAIN_PDF.test(type)) headers.set('Content-Security-Policy', 'sandbox');
  // Never kept by a browser or a proxy: a revoked link must not be answered from a cache.
  headers.set('Cache-Control', 'no-store');
  headers.set('Content-Disposition', disposition(target.object_name));
  return new Response(stored.body, { status: stored.status, headers });
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return text(405, `${request.method} is not supported here; open the link with GET.`, {
      Allow: 'GET, HEAD, OPTIONS',
    });
  const last = new URL(request.url).pathname.split('/').filter(Boolean).at(-1) ?? '';
  if (!LINK_ID.test(last)) return text(404, 'There is no such share link.');
  return open(last.toLowerCase(), request);
});
