import { EmptyState, SearchIcon } from '@portal/ui';
import type { ReactNode } from 'react';

export function NotFound({ pathname }: { pathname: string }): ReactNode {
  return (
    <div data-testid="not-found">
      <EmptyState
        icon={<SearchIcon />}
        headingLevel={1}
        title="Page not found"
        description={`Nothing in the portal lives at ${pathname}. It may have moved, or the link may be mistyped.`}
        action={<a href="/">Go to the home page</a>}
      />
    </div>
  );
}
