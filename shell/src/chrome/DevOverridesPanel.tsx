// The overrides panel: where a developer runs a remote from a dev server on their machine instead
// of the registry's release, and stops. On the status page, and on top of any page a link asking
// for an override opened: the link only fills the form in, and nothing runs until the person
// confirms (dev-overrides.ts). Loaded with the page that shows it (it renders form controls,
// a design-system group the portal's start does not load).
import {
  Alert,
  Button,
  Card,
  Code,
  Field,
  Form,
  FormActions,
  Select,
  Stack,
  TextInput,
} from '@portal/ui';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  clearDevOverrides,
  devOverrideState,
  dismissAskedOverride,
  saveDevOverride,
} from '../registry/dev-overrides.js';

/** What a confirmation means, said beside the button that gives it. */
const RISK =
  'The code at that address will run in this portal as you, with your session: it can read and change everything you can. Run only a dev server you started yourself.';

export function DevOverridesPanel(): ReactNode {
  const { policy, active, asked } = useSyncExternalStore(
    devOverrideState.subscribe,
    devOverrideState.get,
  );
  const remotes = [...policy.knownRemotes].sort();
  if (asked && !policy.knownRemotes.has(asked.remote)) remotes.push(asked.remote);
  const [remote, setRemote] = useState(asked?.remote ?? remotes[0] ?? '');
  const [manifestUrl, setManifestUrl] = useState(asked?.manifestUrl ?? '');
  const [error, setError] = useState<string | null>(null);
  const askedRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const devServers = policy.devOrigins.filter((origin) => origin !== policy.apiOrigin);

  // A link put this panel on the page: what it asks is the first thing read.
  useEffect(() => {
    if (asked) askedRef.current?.focus();
  }, [asked]);

  const run = () => {
    try {
      saveDevOverride(remote, manifestUrl.trim());
    } catch (refusal) {
      setError((refusal as Error).message);
      return;
    }
    dismissAskedOverride();
    // From a fresh start, as every override applies: the registry's release may be running already.
    window.location.reload();
  };

  const stop = (name?: string) => {
    clearDevOverrides(name);
    window.location.reload();
  };

  return (
    <Card
      title="Dev overrides"
      id="dev-overrides"
      data-testid="dev-overrides-panel"
      description="Run a remote from a dev server on this machine instead of the registry's release, in this browser only."
    >
      <Stack gap={4}>
        {asked ? (
          <div ref={askedRef} tabIndex={-1} data-testid="dev-override-asked">
            {asked.refusal ? (
              <Alert tone="error" title="A link asked to run code in this portal, and it cannot">
                It asked to run <Code>{asked.remote}</Code> from{' '}
                <Code>{asked.manifestUrl || '(no address)'}</Code>. {asked.refusal} Nothing was
                loaded.
              </Alert>
            ) : (
              <Alert tone="warning" title="A link asks to run code in this portal">
                It asks to run <Code>{asked.remote}</Code> from <Code>{asked.manifestUrl}</Code>.
                Nothing has been loaded. {RISK}
              </Alert>
            )}
          </div>
        ) : null}
        {active.size > 0 ? (
          <ul className="portal-override-list" aria-label="Overrides in use">
            {[...active].map(([name, url]) => (
              <li key={name}>
                <span className="portal-override">
                  <Code>{name}</Code> runs from <Code>{url}</Code>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => stop(name)}
                  aria-label={`Stop running ${name} from ${url}`}
                >
                  Stop
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p>No remote runs from a dev server in this browser.</p>
        )}
        <Form aria-label="Run a remote from a dev server" onSubmit={run}>
          <Field label="Remote">
            <Select
              value={remote}
              onChange={(event) => setRemote(event.target.value)}
              options={remotes.map((name) => ({ value: name, label: name }))}
            />
          </Field>
          <Field
            label="Manifest URL"
            hint={
              devServers.length ? (
                <>
                  Dev servers of this environment:{' '}
                  {devServers.map((origin, i) => (
                    <span key={origin}>
                      {i ? ', ' : ''}
                      <Code>{origin}</Code>
                    </span>
                  ))}
                </>
              ) : (
                'This environment lists no dev server (config.json devOrigins).'
              )
            }
            error={error}
          >
            <TextInput
              value={manifestUrl}
              onChange={(event) => {
                setManifestUrl(event.target.value);
                setError(null);
              }}
              placeholder={`${devServers[0] ?? 'http://127.0.0.1:3102'}/mf-manifest.json`}
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              mono
            />
          </Field>
          <p id={hintId}>{RISK}</p>
          <FormActions align="start">
            <Button type="submit" variant="primary" aria-describedby={hintId}>
              Run from this address
            </Button>
            {asked ? (
              <Button variant="secondary" onClick={dismissAskedOverride}>
                Do not run it
              </Button>
            ) : null}
            {active.size > 1 ? (
              <Button variant="secondary" onClick={() => stop()}>
                Stop every override
              </Button>
            ) : null}
          </FormActions>
        </Form>
      </Stack>
    </Card>
  );
}
