import { Stack } from '@portal/ui';
import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { ConnectedAppsCard } from '../oauth/ConnectedAppsCard.js';
import { FactorsCard } from './FactorsCard.js';
import { FirstReadsProvider } from './first-reads.js';
import { IdentitiesCard } from './IdentitiesCard.js';
import { PasskeysCard } from './PasskeysCard.js';
import { SecurityKeysCard } from './SecurityKeysCard.js';
import { CARDS_WITH_READS, type SecurityCard } from './security-card-words.js';
import { SessionsCard } from './SessionsCard.js';

export interface SecurityPageProps {
  /** False while the loading page (SecurityPageLoading.tsx) stands in its place: the cards are mounted, reading, and not drawn. */
  shown: boolean;
  /** Called once every card's first read has answered: the caller then shows the cards in the loading page's place. */
  onFirstReads: () => void;
}

/**
 * The security page's cards, below its header and tabs (SignedInHeader.tsx, drawn before this
 * page's chunk arrives). They are drawn once all of their first reads have answered, in one frame:
 * drawn as each read answered, a card grew (its list, an empty state, the providers to link) or
 * vanished (passkeys or the OAuth server off) and moved every card below it (issue #40, CLS).
 */
export function SecurityPage({ shown, onFirstReads }: SecurityPageProps): ReactNode {
  const waiting = useRef(new Set<SecurityCard>(CARDS_WITH_READS));
  const answered = useCallback(
    (card: SecurityCard) => {
      if (!waiting.current.delete(card) || waiting.current.size) return;
      onFirstReads();
    },
    [onFirstReads],
  );
  // One element for every render: when the page is shown, only the wrapper's `hidden` changes, and
  // the cards (60-odd components, each following its own reads) are not rendered again for it.
  const cards = useMemo(
    () => (
      <Stack gap={6}>
        <PasskeysCard />
        <FactorsCard />
        <SecurityKeysCard />
        <IdentitiesCard />
        <ConnectedAppsCard />
        <SessionsCard />
      </Stack>
    ),
    [],
  );
  return (
    <FirstReadsProvider value={answered}>
      <div hidden={!shown}>{cards}</div>
    </FirstReadsProvider>
  );
}
