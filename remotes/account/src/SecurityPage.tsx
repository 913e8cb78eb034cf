import { usePortal } from '@portal/platform';
import { Alert, PageHeader, Stack } from '@portal/ui';
import type { ReactNode } from 'react';
import { ACCOUNT_PAGES, withNext } from './account-paths.js';
import { AccountTabs } from './AccountTabs.js';
import { assuranceOf } from './assurance.js';
import { ConnectedAppsCard } from './ConnectedAppsCard.js';
import { FactorsCard } from './FactorsCard.js';
import { IdentitiesCard } from './IdentitiesCard.js';
import { PasskeysCard } from './PasskeysCard.js';
import { SecurityKeysCard } from './SecurityKeysCard.js';
import { SessionsCard } from './SessionsCard.js';

export function SecurityPage(): ReactNode {
  const { auth } = usePortal();
  const assurance = assuranceOf(auth);
  return (
    <Stack gap={6}>
      <PageHeader title="Security" description="How you sign in, and where you are signed in." />
      <AccountTabs current={ACCOUNT_PAGES.security} />
      {assurance.next === 'aal2' && assurance.current !== 'aal2' ? (
        <Alert tone="warning" title="Verify to make changes">
          This session has not used your second factor. Changes here ask for a code first. <a href={withNext(ACCOUNT_PAGES.verify, ACCOUNT_PAGES.security)}>Verify now</a>
        </Alert>
      ) : null}
      <PasskeysCard />
      <FactorsCard />
      <SecurityKeysCard />
      <IdentitiesCard />
      <ConnectedAppsCard />
      <SessionsCard />
    </Stack>
  );
}
