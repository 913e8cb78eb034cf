// What the shell provides to remotes as federated singletons (docs/architecture.md#the-platform-contract):
// the very modules the shell runs itself, so a remote renders with the shell's React and uses its
// one supabase-js client and platform. The shell is not a federated container: it imports these
// modules like any application, and hands them to the federation runtime when that loads with the
// first remote. Versions and ranges come from the build (shell/rspack.config.ts, from the installed
// packages), as the federation plugin would write them.
import type { init } from '@module-federation/runtime';
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as SupabaseJs from '@supabase/supabase-js';
import * as Platform from '@portal/platform';
import * as UiCore from '@portal/ui/core';
import { lazyDesignSystemGroups } from './design-system-groups.js';

/**
 * Written by the build (DefinePlugin): the shell's container name, and each singleton's installed
 * version and the range remotes may ask for.
 */
declare const PORTAL_FEDERATION: { name: string; shared: Record<string, { version: string; requiredVersion: string }> };

/** The shell's name in the federation runtime (shell/app.json): remotes see their singletons come from it. */
export const SHELL_CONTAINER_NAME = PORTAL_FEDERATION.name;

type Provided = { lib: () => unknown } | { get: () => Promise<() => unknown> };

/**
 * How the shell provides each singleton: the modules its own start runs are already loaded; a
 * design-system group the shell has not rendered yet is loaded when a remote first asks for it.
 */
const provided: Record<string, Provided> = {
  react: { lib: () => React },
  'react/jsx-runtime': { lib: () => JsxRuntime },
  'react-dom': { lib: () => ReactDom },
  'react-dom/client': { lib: () => ReactDomClient },
  '@supabase/supabase-js': { lib: () => SupabaseJs },
  '@portal/platform': { lib: () => Platform },
  '@portal/ui/core': { lib: () => UiCore },
  ...Object.fromEntries(Object.entries(lazyDesignSystemGroups).map(([request, load]) => [request, { get: () => load().then((module) => () => module) }])),
};

/** The `shared` option of the shell's federation runtime: every singleton, at the build's version. */
export function sharedSingletons(): NonNullable<Parameters<typeof init>[0]['shared']> {
  const built = PORTAL_FEDERATION.shared;
  const missing = Object.keys(built).filter((request) => !Object.hasOwn(provided, request));
  if (missing.length > 0) throw new Error(`The shell's build shares ${missing.join(', ')}, which shared-singletons.ts does not provide.`);
  return Object.fromEntries(
    Object.entries(provided).map(([request, module]) => {
      const versions = built[request];
      if (!versions) throw new Error(`The shell's build names no version for the shared module ${request}.`);
      return [request, { version: versions.version, scope: 'default', shareConfig: { singleton: true, requiredVersion: versions.requiredVersion }, ...module }];
    }),
  );
}
