// "Share" on a project the person owns, as a file is shared in a drive: an address and a role
// (viewer or editor) make an invitation, mailed to that address; the pending invitations are
// listed with Revoke. Whether the address has an account is never shown: the answer is the same.
import { usePortal } from '@portal/platform';
import { Alert, Button, Dialog, Field, Form, Select, Stack, TextInput } from '@portal/ui';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { describeFailure } from '../errors/data-errors.js';
import { localeDateText } from '../values/format-date.js';
import { deleteInvitation, invite, readProjectInvitations, type MemberRole, type ProjectInvitation } from './invitations-access.js';

export interface ShareDialogProps {
  project: { id: number; name: string } | null;
  /** The portal page an invitation mail's link opens, after signing the person in. */
  landing: string;
  onClose: () => void;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function ShareDialog({ project, landing, onClose }: ShareDialogProps): ReactNode {
  const { supabase } = usePortal();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('viewer');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<ProjectInvitation[]>([]);
  const [attempt, setAttempt] = useState(0);
  const projectId = project?.id ?? null;

  useEffect(() => {
    if (projectId === null) return;
    const controller = new AbortController();
    readProjectInvitations(supabase, projectId, controller.signal).then(setPending, (error: unknown) => {
      if (!controller.signal.aborted) setProblem(describeFailure(error));
    });
    return () => controller.abort();
  }, [supabase, projectId, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  // Every opening starts from an empty form.
  const [shownFor, setShownFor] = useState(projectId);
  if (shownFor !== projectId) {
    setShownFor(projectId);
    setEmail('');
    setRole('viewer');
    setEmailError(null);
    setSent(null);
    setProblem(null);
    setPending([]);
  }

  const send = async () => {
    if (!project) return;
    const address = email.trim().toLowerCase();
    if (!EMAIL.test(address)) {
      setEmailError('Enter an email address, e.g. name@example.com.');
      return;
    }
    setEmailError(null);
    setProblem(null);
    setSent(null);
    setBusy(true);
    try {
      const result = await invite(supabase, { projectId: project.id, email: address, role, redirectTo: landing });
      setSent(
        result.mailed
          ? `Invitation sent to ${address} as ${role}. They see it when they sign in with that address, or sign up from the mail.`
          : `Invitation saved for ${address}, but the mail could not be sent (${result.reason ?? 'no reason given'}). They see it when they sign in with that address.`,
      );
      setEmail('');
      reload();
    } catch (error) {
      setProblem(describeFailure(error));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (invitation: ProjectInvitation) => {
    setProblem(null);
    try {
      await deleteInvitation(supabase, invitation.id);
      setSent(`The invitation of ${invitation.email} is revoked.`);
    } catch (error) {
      setProblem(describeFailure(error));
    } finally {
      reload();
    }
  };

  return (
    <Dialog open={project !== null} onClose={onClose} title={`Share ${project?.name ?? ''}`} description="Invite people by email. They join once they accept." size="md">
      <Stack gap={4}>
        {problem ? (
          <Alert tone="error" title="Not shared" role="alert">
            {problem}
          </Alert>
        ) : null}
        {sent ? (
          <Alert tone="success" title="Sharing" role="status">
            {sent}
          </Alert>
        ) : null}
        <Form onSubmit={send} aria-label={`Invite someone to ${project?.name ?? 'the project'}`}>
          <div className="data-share-form">
            <Field label="Email address" error={emailError ?? undefined}>
              <TextInput type="email" name="invite-email" autoComplete="off" placeholder="name@example.com" value={email} onChange={(event) => setEmail(event.target.value)} />
            </Field>
            <Field label="Role">
              <Select
                name="invite-role"
                value={role}
                onChange={(event) => setRole(event.target.value as MemberRole)}
                options={[
                  { value: 'viewer', label: 'Viewer: sees the project and its tasks' },
                  { value: 'editor', label: 'Editor: also changes them' },
                ]}
              />
            </Field>
            <Button type="submit" variant="primary" loading={busy} loadingLabel="Inviting…">
              Invite
            </Button>
          </div>
        </Form>
        <section aria-labelledby="data-share-pending">
          <h3 id="data-share-pending" className="data-invitations__title">
            Pending invitations
          </h3>
          {pending.length === 0 ? (
            <p className="data-share-none">None.</p>
          ) : (
            <ul className="data-invitations__list">
              {pending.map((invitation) => (
                <li key={invitation.id} className="data-invitation" data-invited={invitation.email}>
                  <span className="data-invitation__text">
                    {invitation.email} · {invitation.role}
                    {` · until ${localeDateText('timestamptz', invitation.expires_at) ?? invitation.expires_at}`}
                  </span>
                  <Button size="sm" variant="ghost" onClick={() => void revoke(invitation)} aria-label={`Revoke the invitation of ${invitation.email}`}>
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </Stack>
    </Dialog>
  );
}
