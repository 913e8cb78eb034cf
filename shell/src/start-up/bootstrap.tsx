// The shell's start, in order: config.json, the one Supabase client and the session, the portal
// object shared with every remote, the chrome (painted before any remote code runs), the registry
// and the federation runtime, then single-spa's applications and what follows their lifecycle
// (statuses, updates, backgrounds). shell/README.md has the folders; docs/architecture.md the story.
import './zod-without-eval.js';
import { createConnectionMonitor, createPortal, describeError, installPortal, interceptLinkClicks, registerDebugHandle } from '@portal/platform';
import { initTheme } from '@portal/ui';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import * as ReactDomClient from 'react-dom/client';
import { canaryBucket } from '../registry/canary-bucket.js';
import { PortalApp } from '../chrome/PortalApp.js';
import { RemoteApplications } from '../lifecycle/remote-applications.js';
import { RemoteBackgrounds } from '../lifecycle/remote-backgrounds.js';
import { devOverrideState, installDevOverrideConsole, resolveDevOverrides } from '../registry/dev-overrides.js';
import { devRemoteEntries, withDevRemotes } from '../registry/dev-remotes.js';
import { prepareFederation, restrictDevOrigins, restrictOrigins } from '../federation/federation.js';
import { holdRemoteCode } from '../federation/remote-code-gate.js';
import { afterFirstContentfulPaint } from './next-paint.js';
import { yieldToMain } from './yield-to-main.js';
import { afterRouteHeaderPainted } from './route-header-paint.js';
import { isShellPath } from '../lifecycle/routes.js';
import { fetchRegistry, loadRegistry } from '../registry/registry-loader.js';
import { watchRegistry, type RegistryWatch } from '../registry/registry-watch.js';
import { RemoteUpdates } from '../lifecycle/remote-updates.js';
import { registryState } from '../registry/registry-state.js';
import { loadRuntimeConfig } from './runtime-config.js';
import { renderInSlices } from './render-in-slices.js';
import { trackPresence } from '../session/presence-tracking.js';
import { followSecondFactor } from '../session/second-factor.js';
import { followSessionEnd } from '../session/session-end.js';
import { pageMayHoldSession } from '../session/stored-session.js';
import { createPortalClient } from '../session/supabase-client.js';
import * as Platform from '@portal/platform';

async function main(): Promise<void> {
  // The federation runtime, single-spa and the opened remote's code run once the first frame of the
  // route (its header, from the registry) is on screen, not in the tasks before it is painted
  // (remote-code-gate.ts). Opened once the registry has been read and registered (and the header
  // painted), or has failed.
  let openRemoteCode = (): void => undefined;
  holdRemoteCode(new Promise<void>((resolve) => (openRemoteCode = resolve)));
  const routeFramePainted = () => void afterRouteHeaderPainted().then(openRemoteCode);
  // A page opened on a route that is not the shell's own will run a remote: its runtime is fetched
  // now, unless no one can be signed in here (stored-session.ts): then it loads with a remote this
  // visitor may open, once the registry says which.
  if (!isShellPath(location.pathname) && pageMayHoldSession()) prepareFederation();
  initTheme();
  const config = await loadRuntimeConfig();
  restrictOrigins(config.allowedOrigins);
  const connection = createConnectionMonitor({ backend: { url: config.supabaseUrl, apiKey: config.supabaseAnonKey } });
  const supabase = createPortalClient(config, connection);
  // The client restores the stored session in this task's microtasks; the portal is made in the next.
  await yieldToMain();
  const portal = installPortal(createPortal({ supabase, connection }));
  followSessionEnd(portal, config.signInPath);
  followSecondFactor(portal, config);
  registerDebugHandle('shell', { supabase, react: useState, reactDom: ReactDomClient.createRoot, platform: Platform.getPortal });
  interceptLinkClicks((to) => portal.navigate(to));
  await yieldToMain();

  let outlet: HTMLElement | null = null;
  const outletReady = new Promise<void>((resolve) => {
    const root = createRoot(document.getElementById('portal-root')!);
    renderInSlices(
      root,
      <PortalApp
        config={config}
        applications={() => applications}
        onOutlet={(element) => {
          outlet = element;
          if (element) resolve();
        }}
        onRetryRegistry={() => void loadAndRegister()}
        onDismissUpdate={(remote) => updates.dismiss(remote)}
      />,
    );
  });
  // This tab's presence (a realtime join and a profile read, a request to the API on another
  // origin) starts once the page's first paint is on screen, not before it (issue #40).
  void outletReady.then(afterFirstContentfulPaint).then(() => trackPresence(portal));
  const applications = new RemoteApplications(
    portal,
    () => {
      if (!outlet) throw new Error('The remote outlet is not rendered.');
      return outlet;
    },
    () => loadRegistry(config.registryUrl),
    config.secondFactorPath,
  );

  new RemoteBackgrounds(portal).follow(applications.hooks, () => applications.whenOpenedSettled());
  const bucket = canaryBucket();
  const updates = new RemoteUpdates(portal, applications, bucket);
  let watch: RegistryWatch | null = null;

  async function loadAndRegister(): Promise<void> {
    registryState.set({ status: 'loading' });
    try {
      const fetched = await fetchRegistry(config.registryUrl, null);
      if (fetched === 'unchanged') throw new Error('unreachable: an unconditional request cannot be answered unchanged');
      // What the registry changes on the page (the remotes' statuses, the dev overrides, then the
      // navigation and the route's header) waits for the chrome's first render to be committed: a
      // store the chrome reads that changes while that render is in its slices makes React throw
      // the slices away and render the whole chrome again in one task (render-in-slices.ts). In a
      // task after that render's, so that its frame can be drawn first, as it was before.
      await outletReady;
      await yieldToMain();
      const policy = {
        allowed: config.devOverrides,
        devOrigins: config.devOverrides ? config.devOrigins : [],
        apiOrigin: new URL(config.supabaseUrl).origin,
        knownRemotes: new Set(Object.keys(fetched.registry.remotes)),
      };
      const overrides = resolveDevOverrides({ policy });
      // A remote the registry does not know yet, run from its dev server "in development".
      const devRemotes = overrides.active.size > 0 ? await devRemoteEntries(overrides.active, fetched.registry) : { entries: {}, refusals: [] };
      const registry = withDevRemotes(fetched.registry, devRemotes);
      devOverrideState.set({ ...overrides, refusals: [...overrides.refusals, ...devRemotes.refusals] });
      restrictDevOrigins(policy.devOrigins.filter((origin) => origin !== policy.apiOrigin));
      if (policy.allowed) installDevOverrideConsole();
      applications.setOverrides(overrides.active);
      // The remote the page opened on starts loading, then every remote is registered, in one task.
      applications.loadOpened(registry, bucket);
      applications.register(registry, bucket);
      routeFramePainted();
      watch ??= watchRegistry({
        url: config.registryUrl,
        etag: fetched.etag,
        intervalMs: config.registryCheckSeconds * 1000,
        onChange: (next) => {
          updates.receive(withDevRemotes(next, devRemotes));
          registryState.set({ status: 'ready', environment: next.environment, updatedAt: next.updatedAt });
        },
      });
      registryState.set({ status: 'ready', environment: registry.environment, updatedAt: registry.updatedAt });
    } catch (error) {
      registryState.set({ status: 'failed', message: describeError(error) });
      routeFramePainted();
    }
  }
  await loadAndRegister();
}

/** Says on the page that the start failed, in place of the chrome. */
function showStartFailure(error: unknown): never {
  const root = document.getElementById('portal-root') ?? document.body;
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = `The portal could not start: ${error instanceof Error ? error.message : String(error)}. Reload the page to try again.`;
  root.replaceChildren(message);
  throw error;
}

main().catch(showStartFailure);
