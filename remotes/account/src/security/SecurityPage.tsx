import type { ReactNode } from 'react';
import { ConnectedAppsCard } from '../oauth/ConnectedAppsCard.js';
import { FactorsCard } from './FactorsCard.js';
import { IdentitiesCard } from './IdentitiesCard.js';
import { PasskeysCard } from './PasskeysCard.js';
import { SecurityKeysCard } from './SecurityKeysCard.js';
import { SessionsCard } from './SessionsCard.js';

/** The security page's cards, below its header and tabs (SignedInHeader.tsx, drawn before this page's chunk arrives). */
export function SecurityPage(): ReactNode {
  return (
    <>
      <PasskeysCard />
      <FactorsCard />
      <SecurityKeysCard />
      <IdentitiesCard />
      <ConnectedAppsCard />
      <SessionsCard />
    </>
  );
}
