// What the security page shows while its cards' chunk and their first reads are on their way: the
// cards' titles and descriptions, in the page's order, each with a placeholder where its list
// goes, below one progress bar. In the area's first chunk, so it is drawn with the page's header
// (SignedInHeader.tsx) in the remote's first frame: the page's text does not wait for the cards'
// chunk (issue #40, target 1: LCP). The cards take its place all at once, in one frame, once
// every first read has answered (SecurityPage.tsx), so no card grows or vanishes above another
// one already on screen (issue #40, target 1: CLS).
import { Card, ProgressBar, Skeleton, Stack } from '@portal/ui';
import type { ReactNode } from 'react';
import { SECURITY_CARD_WORDS } from './security-card-words.js';

export function SecurityPageLoading(): ReactNode {
  return (
    <Stack gap={6} aria-busy="true" data-testid="security-loading">
      <ProgressBar label="Loading your account" hideLabel />
      {Object.entries(SECURITY_CARD_WORDS).map(([card, { title, description }]) => (
        <Card key={card} title={title} description={description} headingLevel={2}>
          <Skeleton height="3rem" />
        </Card>
      ))}
    </Stack>
  );
}
