import { createConnectionMonitor, createPortal, describeError, installPortal, interceptLinkClicks, registerDebugHandle } from '@portal/platform';
import { contractSatisfied } from '@portal/platform/registry';
import { initTheme } from '@portal/ui';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import * as ReactDomClient from 'react-dom/client';
import { canaryBucket } from './canary-bucket.js';
import { PortalApp } from './chrome/PortalApp.js';
import { RemoteApplications } from './remote-applications.js';
import { RemoteBackgrounds } from './remote-backgrounds.js';
import { loadRegistry } from './registry-loader.js';
import { registryState } from './registry-state.js';
import { loadRuntimeConfig } from './runtime-config.js';
import { trackPresence } from './presence-tracking.js';
import { followSessionEnd } from './session-end.js';
import { createPortalClient } from './supabase-client.js';
import * as Platform from '@portal/platform';

async function main(): Promise<void> {
  initTheme();
  const config = await loadRuntimeConfig();
  const connection = createConnectionMonitor({ backend: { url: config.supabaseUrl, apiKey: config.supabaseAnonKey } });
  const supabase = createPortalClient(config, connection);
  const portal = installPortal(createPortal({ supabase, connection }));
  trackPresence(portal);
  followSessionEnd(portal, config.signInPath);
  registerDebugHandle('shell', { supabase, react: useState, reactDom: ReactDomClient.createRoot, platform: Platform.getPortal });
  interceptLinkClicks((to) => portal.navigate(to));

  let outlet: HTMLElement | null = null;
  const outletReady = new Promise<void>((resolve) => {
    const root = createRoot(document.getElementById('portal-root')!);
    root.render(
      <PortalApp
        config={config}
        applications={() => applications}
        onOutlet={(element) => {
          outlet = element;
          if (element) resolve();
        }}
        onRetryRegistry={() => void loadAndRegister()}
      />,
    );
  });
  const applications = new RemoteApplications(
    portal,
    () => {
      if (!outlet) throw new Error('The remote outlet is not rendered.');
      return outlet;
    },
    () => loadRegistry(config.registryUrl),
  );

  const backgrounds = new RemoteBackgrounds(portal);

  async function loadAndRegister(): Promise<void> {
    registryState.set({ status: 'loading' });
    try {
      const registry = await loadRegistry(config.registryUrl);
      await outletReady;
      applications.register(registry, canaryBucket());
      backgrounds.register(new Map(Object.entries(registry.remotes).filter(([, entry]) => contractSatisfied(portal.contractVersion, entry.contract))));
      registryState.set({ status: 'ready', environment: registry.environment, updatedAt: registry.updatedAt });
    } catch (error) {
      registryState.set({ status: 'failed', message: describeError(error) });
    }
  }
  await loadAndRegister();
}

await main();
