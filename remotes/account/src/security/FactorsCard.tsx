import { usePortal } from '@portal/platform';
import { Badge, Button, Card, EmptyState, KeyIcon, PlusIcon, Stack } from '@portal/ui';
import type { Factor } from '@supabase/supabase-js';
import { useCallback, useState, type ReactNode } from 'react';
import { LocalTime } from '../LocalTime.js';
import { ACCOUNT_PAGES } from '../account-paths.js';
import { describeAuthReadError } from '../auth/auth-errors.js';
import { useConfirmedRemoval } from './ConfirmedRemoval.js';
import { EnrolFactor } from './EnrolFactor.js';
import { FormError } from '../auth/FormError.js';
import { requireSecondFactor } from '../second-factor/step-up.js';
import { useAuthList } from '../auth/auth-list.js';
import { useFirstReadAnswered } from './first-reads.js';
import { readFactors } from './user-lists.js';
import { SECURITY_CARD_WORDS } from './security-card-words.js';

/** Authenticator apps (TOTP factors): list, enrol, remove. */
export function FactorsCard(): ReactNode {
  const { supabase, auth, notify } = usePortal();
  const [factors, setFactors] = useState<Factor[] | null>(null);
  /** Why the list could not be read (said apart from an action's error, and gone once a read works). */
  const [readError, setReadError] = useState<string | undefined>();
  const [enrolling, setEnrolling] = useState(false);

  const answered = useFirstReadAnswered('factors');
  const show = useCallback(
    (result: Awaited<ReturnType<typeof readFactors>>) => {
      if (result.error) setReadError(describeAuthReadError(result.error));
      else {
        setReadError(undefined);
        setFactors(result.data.all.filter((factor) => factor.factor_type === 'totp'));
      }
      answered();
    },
    [answered],
  );
  const load = useAuthList(readFactors, show);

  const removal = useConfirmedRemoval<Factor>({
    title: 'Remove this authenticator?',
    consequence: (factor) =>
      factor.status === 'verified'
        ? `${factor.friendly_name || 'This app'} will no longer be asked for at sign-in.`
        : 'This unfinished set-up will be discarded.',
    remove: (factor) => supabase.auth.mfa.unenroll({ factorId: factor.id }),
    removed: async (factor) => {
      // The session's copy of the user still lists the factor: refresh it so the level follows.
      await supabase.auth.refreshSession();
      // The list no longer shows the authenticator when the toast says it is removed.
      await load();
      notify({ tone: 'success', title: 'Authenticator removed', message: `${factor.friendly_name || 'The authenticator'} no longer signs you in.` });
    },
  });

  const verified = factors?.filter((factor) => factor.status === 'verified') ?? [];
  return (
    <Card
      title={SECURITY_CARD_WORDS.factors.title}
      description={SECURITY_CARD_WORDS.factors.description}
      headingLevel={2}
      actions={
        !enrolling ? (
          <Button
            size="sm"
            variant="secondary"
            iconStart={<PlusIcon />}
            onClick={() => {
              if (requireSecondFactor(auth, ACCOUNT_PAGES.security)) setEnrolling(true);
            }}
          >
            Add an authenticator app
          </Button>
        ) : null
      }
    >
      <Stack gap={4}>
        <FormError title="Could not read your authenticators" message={readError} />
        {enrolling ? (
          <EnrolFactor
            onDone={() => load().finally(() => setEnrolling(false))}
            onCancel={() => {
              setEnrolling(false);
              void load();
            }}
          />
        ) : null}
        {factors && !factors.length && !enrolling ? (
          <EmptyState icon={<KeyIcon />} title="No authenticator app yet" description="Add one to protect your account with a second step at sign-in." compact />
        ) : null}
        {factors?.length ? (
          <ul className="account-list" data-testid="factor-list">
            {factors.map((factor) => (
              <li key={factor.id} className="account-list__item" data-factor-status={factor.status}>
                <div>
                  <div className="account-list__title">{factor.friendly_name || 'Authenticator app'}</div>
                  <div className="account-muted">Added <LocalTime at={factor.created_at} precision="date" /></div>
                </div>
                <div className="account-list__actions">
                  {factor.status === 'verified' ? <Badge tone="success">Active</Badge> : <Badge tone="warning">Not verified</Badge>}
                  {removal.button(factor)}
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {verified.length ? <p className="account-muted">Your sign-ins ask for a code from {verified.length === 1 ? 'this app' : 'one of these apps'}.</p> : null}
      </Stack>
      {removal.dialog}
    </Card>
  );
}
