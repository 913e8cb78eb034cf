// Sharing one file: make a link that works for anyone holding it (for an hour, a day, a week or
// until revoked), and see the links to the file the person may see — theirs, and all of them
// where they may change the file — with who made each and whether it still works; revoke one and
// it stops at once (a row checked by the `file-share` function; storage/share-links.ts says
// why). In a public bucket the file's public address is shown too.
import { usePortal, useProfiles, useRetryWhenBack, useUser } from '@portal/platform';
import { Alert, Button, Dialog, EmptyState, Field, Inline, Select, Spinner, Stack, TextInput } from '@portal/ui';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { describeFailure, filesFailure, whatNext, type FilesFailure } from '../failures.js';
import { createShareLink, listShareLinks, revokeShareLink, SHARE_EXPIRIES, type ShareLink } from '../storage/share-links.js';
import type { Entry } from '../storage/folder-page.js';

const EXPIRY_LABELS: Record<string, string> = {
  '3600': '1 hour',
  '86400': '1 day',
  '604800': '7 days',
  never: 'Until I revoke it',
};
const EXPIRIES = SHARE_EXPIRIES.map((seconds) => {
  const value = seconds === null ? 'never' : String(seconds);
  return { value, label: EXPIRY_LABELS[value]! };
});

type Names = ReadonlyMap<string, { name: string | null }>;

/** Who made a link: "you", else their name as the portal's profiles have it now (followed live). */
function maker(link: ShareLink, me: string | null, names: Names): string {
  if (link.createdBy === me) return 'you';
  return names.get(link.createdBy)?.name ?? link.createdByName ?? 'someone who shares this file';
}

function revoker(link: ShareLink, me: string | null, names: Names): string | null {
  if (link.revokedBy && link.revokedBy === me) return 'you';
  return (link.revokedBy ? names.get(link.revokedBy)?.name : null) ?? link.revokedByName;
}

/** Whether a link works, in words: until when, or since when it does not. */
function linkStateInWords(link: ShareLink, me: string | null, names: Names): string {
  if (link.state === 'revoked') {
    const by = revoker(link, me, names);
    return `Revoked${by ? ` by ${by}` : ''} on ${link.revokedAt!.toLocaleString()}.`;
  }
  if (link.state === 'expired') return `Expired on ${link.expiresAt!.toLocaleString()}.`;
  return link.expiresAt
    ? `Works until ${link.expiresAt.toLocaleString()}.`
    : 'Works until it is revoked.';
}

export function ShareDialog({
  bucket,
  isPublic,
  entry,
  onClose,
}: {
  bucket: string;
  isPublic: boolean;
  entry: Entry;
  onClose: () => void;
}): ReactNode {
  const { supabase } = usePortal();
  const me = useUser()?.id ?? null;
  const { profiles } = useProfiles();
  const [expiry, setExpiry] = useState('3600');
  const [made, setMade] = useState<ShareLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  // The link that is on the clipboard: "Copied." belongs to it, not to the dialog.
  const [copied, setCopied] = useState<string | null>(null);
  const [links, setLinks] = useState<
    { status: 'loading' } | { status: 'error'; error: FilesFailure } | { status: 'ready'; links: ShareLink[] }
  >({ status: 'loading' });
  const [revoking, setRevoking] = useState<ReadonlySet<string>>(new Set());
  const [reads, setReads] = useState(0);
  // Only the latest "Create link" shows its link: an earlier one answered last would replace it.
  const latest = useRef(0);
  const publicUrl = isPublic
    ? supabase.storage.from(bucket).getPublicUrl(entry.key).data.publicUrl
    : null;

  useEffect(() => {
    if (isPublic) return;
    let live = true;
    listShareLinks(supabase, bucket, entry.key).then(
      (listed) => live && setLinks({ status: 'ready', links: listed }),
      (failure: unknown) => live && setLinks({ status: 'error', error: filesFailure(failure) }),
    );
    return () => {
      live = false;
    };
  }, [supabase, bucket, entry.key, isPublic, reads]);
  const readAgain = useCallback(() => setReads((n) => n + 1), []);
  // The list could not be read for want of an answer: read again once the server answers.
  useRetryWhenBack(links.status === 'error' && links.error.unreachable, readAgain);

  const create = async () => {
    const attempt = ++latest.current;
    setError(null);
    setCreating(true);
    let link: ShareLink;
    try {
      link = await createShareLink(supabase, bucket, entry.key, expiry === 'never' ? null : Number(expiry));
    } catch (failure) {
      if (attempt === latest.current) setError(describeFailure(failure));
      return;
    } finally {
      if (attempt === latest.current) setCreating(false);
    }
    if (attempt !== latest.current) return;
    setMade(link);
    readAgain();
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(link.url);
    } catch {
      // Not copied (no permission, say): the link is there to copy by hand.
    }
  };

  const revoke = async (link: ShareLink) => {
    setError(null);
    setRevoking((current) => new Set(current).add(link.id));
    try {
      await revokeShareLink(supabase, link.id);
    } catch (failure) {
      setError(describeFailure(failure));
    } finally {
      setRevoking((current) => {
        const next = new Set(current);
        next.delete(link.id);
        return next;
      });
      readAgain();
    }
  };

  return (
    <Dialog open onClose={onClose} title={`Share “${entry.name}”`} size="lg">
      <Stack gap={4}>
        {publicUrl ? (
          <Field label="Public address" hint="This bucket is public: this address always works.">
            <TextInput readOnly mono value={publicUrl} data-testid="public-link" />
          </Field>
        ) : (
          <>
            <Inline gap={2} align="end">
              <Field label="Link works for">
                <Select options={EXPIRIES} value={expiry} onChange={(event) => setExpiry(event.target.value)} />
              </Field>
              <Button variant="primary" loading={creating} onClick={() => void create()}>
                Create link
              </Button>
            </Inline>
            {made ? (
              <Field
                label="New link"
                hint={`${copied === made.url ? 'Copied. ' : ''}Anyone with it can open the file ${
                  made.expiresAt ? `until ${made.expiresAt.toLocaleString()}` : 'until you revoke it'
                }.`}
              >
                <TextInput
                  readOnly
                  mono
                  value={made.url}
                  data-testid="share-link"
                  data-expires={made.expiresAt?.toISOString() ?? ''}
                />
              </Field>
            ) : null}
          </>
        )}
        {error ? <Alert tone="error">{error}</Alert> : null}
        {publicUrl ? null : (
          <section aria-labelledby="files-share-links-title" className="files-share-links">
            <h3 id="files-share-links-title" className="files-subtitle">
              Links to this file
            </h3>
            {links.status === 'loading' ? <Spinner label="Reading the links…" /> : null}
            {links.status === 'error' ? <Alert tone="error">{whatNext(links.error)}</Alert> : null}
            {links.status === 'ready' && links.links.length === 0 ? (
              <EmptyState compact title="No links yet" description="Nobody can open this file by a link." />
            ) : null}
            {links.status === 'ready' && links.links.length > 0 ? (
              <ul className="files-share-list" aria-label="Links to this file">
                {links.links.map((link) => {
                  const by = maker(link, me, profiles);
                  const made = `Made by ${by} on ${link.createdAt.toLocaleString()}`;
                  return (
                    <li key={link.id} data-link={link.id} data-state={link.state}>
                      <Field label={made} hint={linkStateInWords(link, me, profiles)}>
                        <TextInput readOnly mono value={link.url} />
                      </Field>
                      {link.state === 'active' ? (
                        <Button
                          size="sm"
                          variant="danger"
                          loading={revoking.has(link.id)}
                          aria-label={`Revoke the link made by ${by} on ${link.createdAt.toLocaleString()}`}
                          onClick={() => void revoke(link)}
                        >
                          Revoke
                        </Button>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </section>
        )}
      </Stack>
    </Dialog>
  );
}
