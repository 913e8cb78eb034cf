import { PageHeader, Stack } from '@portal/ui';
import type { ReactNode } from 'react';
import { ACCOUNT_PAGES } from '../account-paths.js';
import { AccountTabs } from '../AccountTabs.js';
import { ConnectedAppsCard } from '../oauth/ConnectedAppsCard.js';
import { FactorsCard } from './FactorsCard.js';
import { IdentitiesCard } from './IdentitiesCard.js';
import { PasskeysCard } from './PasskeysCard.js';
import { SecurityKeysCard } from './SecurityKeysCard.js';
import { SessionsCard } from './SessionsCard.js';

export function SecurityPage(): ReactNode {
  return (
    <Stack gap={6}>
      <PageHeader title="Security" description="How you sign in, and where you are signed in." />
      <AccountTabs current={ACCOUNT_PAGES.security} />
      <PasskeysCard />
      <FactorsCard />
      <SecurityKeysCard />
      <IdentitiesCard />
      <ConnectedAppsCard />
      <SessionsCard />
    </Stack>
  );
}
