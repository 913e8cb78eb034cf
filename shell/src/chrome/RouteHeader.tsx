// The page header of a remote's route (its title and description from the registry), drawn by the
// shell from the registry at once, before the remote's code has arrived: the largest text of most
// pages, so what a person sees first, and the page's Largest Contentful Paint, no longer waits for
// the federation runtime, the remote's entry and its code (issue #40). It stands where the remote's
// own header would, in the design system's `PageHeader`, and gives way, in the frame the remote
// draws a heading of level 1 of its own, by a style rule (`.portal-route-header` in chrome.css.ts) rather than a
// render of the shell's: the two are never on screen together, and nothing below moves for a
// frame. A remote built for contract 1.6 leaves the header of its route's own pages to the shell
// (it draws no h1 there); one built before draws its own, which replaces this one.
import type { RemoteStatus } from '@portal/platform';
import { PageHeader } from '@portal/ui';
import type { ReactNode } from 'react';

export function RouteHeader({ remote }: { remote: Pick<RemoteStatus, 'name' | 'title' | 'description'> }): ReactNode {
  return (
    <div className="portal-route-header" data-route-header={remote.name}>
      <PageHeader title={remote.title} description={remote.description} />
    </div>
  );
}
