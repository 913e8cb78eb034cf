// Share links (rows of `file_shares`, opened through the `file-share` function): made, listed and
// revoked.
import type { Database } from '@portal/platform/database';
import type { SupabaseClient } from '@supabase/supabase-js';
import { FilesFailure, filesFailure } from '../failures.js';
import { FILES_BUCKET } from './areas.js';

/** Lifetimes the share dialog offers for a link, in seconds; null: until it is revoked. */
export const SHARE_EXPIRIES = [3600, 86400, 604800, null] as const;

export interface ShareLink {
  id: string;
  /** What to send: the `file-share` function's address for this link (it needs no key). */
  url: string;
  createdBy: string;
  /** The maker's display name, when the person may read their profile. */
  createdByName: string | null;
  createdAt: Date;
  /** null: until revoked. */
  expiresAt: Date | null;
  revokedAt: Date | null;
  revokedBy: string | null;
  revokedByName: string | null;
  state: 'active' | 'expired' | 'revoked';
}

/**
 * The address of share link `id`: the project's `file-share` function. supabase-js keeps the
 * project's URL to itself; storage's public address of any name starts with it (`<url>/storage/v1/…`).
 */
export function shareLinkUrl(supabase: SupabaseClient, id: string): string {
  const sample = supabase.storage.from(FILES_BUCKET).getPublicUrl('x').data.publicUrl;
  const base = sample.slice(0, sample.indexOf('/storage/v1/'));
  return `${base}/functions/v1/file-share/${id}`;
}

interface ShareRow {
  id: string;
  created_by: string;
  created_by_name?: string | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  revoked_by?: string | null;
  revoked_by_name?: string | null;
}

function shareOf(supabase: SupabaseClient, row: ShareRow, now = Date.now()): ShareLink {
  const expiresAt = row.expires_at ? new Date(row.expires_at) : null;
  return {
    id: row.id,
    url: shareLinkUrl(supabase, row.id),
    createdBy: row.created_by,
    createdByName: row.created_by_name ?? null,
    createdAt: new Date(row.created_at),
    expiresAt,
    revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
    revokedBy: row.revoked_by ?? null,
    revokedByName: row.revoked_by_name ?? null,
    state: row.revoked_at ? 'revoked' : expiresAt && expiresAt.getTime() <= now ? 'expired' : 'active',
  };
}

/**
 * A share link to one object (a row of `file_shares`, see its migration for why not a signed
 * URL): it works for anyone holding it until `seconds` have passed (null: until revoked), and
 * stops at once when revoked.
 */
export async function createShareLink(
  supabase: SupabaseClient<Database>,
  bucket: string,
  key: string,
  seconds: number | null,
): Promise<ShareLink> {
  const { data, error } = await supabase.rpc('create_file_share', {
    p_bucket: bucket,
    p_name: key,
    ...(seconds === null ? {} : { p_expires_at: new Date(Date.now() + seconds * 1000).toISOString() }),
  });
  if (error) throw filesFailure(error);
  return shareOf(supabase, data as ShareRow);
}

/** The links to one object the person may see: their own, and every one where they may change the file. */
export async function listShareLinks(
  supabase: SupabaseClient<Database>,
  bucket: string,
  key: string,
): Promise<ShareLink[]> {
  const { data, error } = await supabase.rpc('list_file_shares', { p_bucket: bucket, p_name: key });
  if (error) throw filesFailure(error, 'The links to this file could not be listed');
  return (data as ShareRow[]).map((row) => shareOf(supabase, row));
}

/** Revokes a link: it stops working at once (the database stamps who and when). */
export async function revokeShareLink(supabase: SupabaseClient<Database>, id: string): Promise<void> {
  const { data, error } = await supabase
    .from('file_shares')
    .update({ revoked_at: new Date().toISOString() })
    .eq('id', id)
    .select('id');
  if (error) throw filesFailure(error, 'The link could not be revoked');
  if (data.length === 0)
    throw new FilesFailure('The link could not be revoked: you may revoke only your own links and the links of files you may change.');
}
