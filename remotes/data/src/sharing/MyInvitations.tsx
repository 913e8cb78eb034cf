// The invitations addressed to the signed-in person, where they look for their data first (the
// list of tables, and the projects table): who invited them to which project, as what, with
// Accept and Decline. Accepting makes them a member (the database checks the invitation names
// their address) and opens the project.
import { navigate, usePortal, useRetryWhenBack } from '@portal/platform';
import { Alert, Badge, Button } from '@portal/ui';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { describeFailure, isUnreachable } from '../errors/data-errors.js';
import { acceptInvitation, deleteInvitation, readMyInvitations, type InvitationForMe } from './invitations-access.js';
import { SHARING } from './sharing-schema.js';

export function MyInvitations({ route }: { route: string }): ReactNode {
  const { supabase, notify } = usePortal();
  const [invitations, setInvitations] = useState<InvitationForMe[]>([]);
  const [problem, setProblem] = useState<{ text: string; unreachable: boolean } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    readMyInvitations(supabase, controller.signal).then(
      (found) => {
        setInvitations(found);
        setProblem(null);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setProblem({ text: describeFailure(error), unreachable: isUnreachable(error) });
      },
    );
    return () => controller.abort();
  }, [supabase, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useRetryWhenBack(problem?.unreachable === true, reload);

  const answer = async (invitation: InvitationForMe, accept: boolean) => {
    setBusy(invitation.id);
    try {
      if (accept) {
        const projectId = await acceptInvitation(supabase, invitation.id);
        notify({ tone: 'success', title: `You joined ${invitation.project_name}`, message: `As ${invitation.role}.` });
        navigate(`${route}/${SHARING.sharedTable}?f=id.eq.${projectId}`);
      } else {
        await deleteInvitation(supabase, invitation.id);
        notify({ tone: 'info', title: 'Invitation declined', message: `${invitation.project_name} is not shared with you.` });
      }
      setProblem(null);
    } catch (error) {
      setProblem({ text: describeFailure(error), unreachable: isUnreachable(error) });
    } finally {
      setBusy(null);
      reload();
    }
  };

  if (invitations.length === 0 && !problem) return null;
  return (
    <section className="data-invitations" aria-labelledby="data-invitations-title">
      <h2 id="data-invitations-title" className="data-invitations__title">
        Invitations for you <Badge tone="accent">{invitations.length}</Badge>
      </h2>
      {problem ? (
        <Alert tone="error" title="Invitations" role="alert">
          {problem.text} {problem.unreachable ? 'They are read again by themselves once it answers.' : ''}
        </Alert>
      ) : null}
      <ul className="data-invitations__list">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="data-invitation" data-invitation={invitation.id}>
            <span className="data-invitation__text">
              {invitation.invited_by_name} invited you to <strong>{invitation.project_name}</strong> as {invitation.role}.
            </span>
            <span className="data-invitation__actions">
              <Button size="sm" variant="ghost" disabled={busy !== null} onClick={() => void answer(invitation, false)} aria-label={`Decline the invitation to ${invitation.project_name}`}>
                Decline
              </Button>
              <Button
                size="sm"
                variant="primary"
                loading={busy === invitation.id}
                loadingLabel="Joining…"
                disabled={busy !== null && busy !== invitation.id}
                onClick={() => void answer(invitation, true)}
                aria-label={`Accept the invitation to ${invitation.project_name}`}
              >
                Accept
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
