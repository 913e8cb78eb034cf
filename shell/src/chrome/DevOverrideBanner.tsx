// Says which remotes run from a developer's dev server (with the way to the overrides panel and one
// click back to the registry's releases), and which overrides were refused and why.
import { Alert, Button, Code } from '@portal/ui';
import { useSyncExternalStore, type ReactNode } from 'react';
import { clearDevOverrides, devOverrideState } from '../registry/dev-overrides.js';

export function DevOverrideBanner(): ReactNode {
  const { active, refusals } = useSyncExternalStore(devOverrideState.subscribe, devOverrideState.get);
  return (
    <>
      {active.size > 0 ? (
        <Alert
          tone="warning"
          data-testid="dev-override-banner"
          title="Dev override active"
          actions={
            <>
              <a href="/status#dev-overrides">Manage overrides</a>
              <Button
                size="sm"
                onClick={() => {
                  clearDevOverrides();
                  // The registry's releases load from a fresh start; the remotes on screen came from elsewhere.
                  window.location.reload();
                }}
              >
                Clear overrides
              </Button>
            </>
          }
        >
          {[...active].map(([name, url]) => (
            <span key={name} className="portal-override">
              <Code>{name}</Code> loads from <Code>{url}</Code>
            </span>
          ))}
        </Alert>
      ) : null}
      {refusals.length > 0 ? (
        <Alert tone="error" data-testid="dev-override-refused" title="Dev override refused">
          {refusals.map((refusal) => (
            <span key={refusal} className="portal-override">
              {refusal}
            </span>
          ))}
        </Alert>
      ) : null}
    </>
  );
}
