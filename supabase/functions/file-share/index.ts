/**
 * file-share: opens a share link made in the files remote (`public.file_shares`), for anyone
 * who holds it, with no key or session (`verify_jwt = false` in config.toml).
 *
 *   GET /functions/v1/file-share/<link id>   → 302 to a signed URL of the file that lives 60 s
 *
 * A storage signed URL cannot be revoked, so the link is a row that this function checks on
 * every visit: it must exist, not be revoked, not have expired; its file must still be there and
 * out of the trash; and the person who made the link must still be allowed to read the file (a
 * member who leaves a project takes their links' reach with them). Only then is a signed URL made,
 * short enough that a revoked link stops working within a minute for someone who just opened it.
 * Answers are plain text (this runs on the API's origin, where no page of ours should render):
 * 404 for a link that never existed, 410 for one that was revoked, expired or whose file is gone.
 * See supabase/migrations/20250121000000_file_shares_and_authors.sql.
 */
import { admin } from '../_shared/caller.ts';
import { corsHeaders } from '../_shared/http.ts';

/** How long the address a visit is sent on to works. */
const SIGNED_SECONDS = 60;
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

async function open(linkId: string): Promise<Response> {
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
  return new Response(null, {
    status: 302,
    headers: { ...corsHeaders, Location: signed.data.signedUrl, 'Cache-Control': 'no-store' },
  });
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return text(405, `${request.method} is not supported here; open the link with GET.`, {
      Allow: 'GET, HEAD, OPTIONS',
    });
  const last = new URL(request.url).pathname.split('/').filter(Boolean).at(-1) ?? '';
  if (!LINK_ID.test(last)) return text(404, 'There is no such share link.');
  return open(last.toLowerCase());
});
