import { startTransition, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RemoteErrorBoundary, type ErrorFallbackProps } from './error-boundary.js';
import { ParcelHostContext, type MountParcel } from './parcels.js';
import type { RemoteMeta } from './remote-meta.js';

/** Props single-spa passes to a lifecycle, plus what the shell adds (customProps). */
export interface RemoteLifecycleProps {
  name: string;
  /** Where to render; the shell gives each remote its own element. */
  domElement?: HTMLElement;
  /** The shell's error reporter: it shows the error card with retry for this remote. */
  reportError?: (error: unknown, step: string) => void;
  [key: string]: unknown;
}

export interface RemoteLifecycles {
  bootstrap(props: RemoteLifecycleProps): Promise<void>;
  mount(props: RemoteLifecycleProps): Promise<void>;
  unmount(props: RemoteLifecycleProps): Promise<void>;
  readonly meta: RemoteMeta;
}

/** What a remote's root component receives. */
export interface RemoteRootProps {
  meta: RemoteMeta;
}

export interface DefineRemoteOptions {
  /** Shown instead of the remote after a render error when the host reports none itself. */
  fallback?: (props: ErrorFallbackProps) => ReactNode;
}

function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }): ReactNode {
  // Resolves `mount` once React committed the first render, so "mounted" means "on screen".
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}

/**
 * Turns a React root component into single-spa lifecycles. Each mount is its own React root
 * (the shell's React, shared as a singleton) wrapped in an error boundary.
 */
export function defineRemote(Root: ComponentType<RemoteRootProps>, meta: RemoteMeta, options: DefineRemoteOptions = {}): RemoteLifecycles {
  const mounted = new Map<HTMLElement | string, { root: Root; container: HTMLElement }>();
  const keyOf = (props: RemoteLifecycleProps) => props.domElement ?? props.name;

  return {
    meta,
    async bootstrap() {},
    mount(props) {
      const host = props.domElement ?? document.body;
      const container = document.createElement('div');
      container.dataset.portalRemote = meta.name;
      host.appendChild(container);
      const root = createRoot(container, { identifierPrefix: `${meta.name}-` });
      mounted.set(keyOf(props), { root, container });
      const report = props.reportError;
      // single-spa gives each application a mountParcel bound to it: parcels the remote mounts
      // (<RemoteParcel>) belong to it and are unmounted with it.
      const mountParcel = typeof props.mountParcel === 'function' ? (props.mountParcel as MountParcel) : null;
      return new Promise<void>((resolve) => {
        startTransition(() => root.render(
          <Committed onCommit={resolve}>
            <RemoteErrorBoundary
              title={meta.title}
              {...(report ? { onError: (error: unknown) => report(error, 'render') } : {})}
              {...(options.fallback ? { fallback: options.fallback } : {})}
            >
              <ParcelHostContext.Provider value={mountParcel}>
                <Root meta={meta} />
              </ParcelHostContext.Provider>
            </RemoteErrorBoundary>
          </Committed>,
        ));
      });
    },
    async unmount(props) {
      const entry = mounted.get(keyOf(props));
      if (!entry) return;
      mounted.delete(keyOf(props));
      entry.root.unmount();
      entry.container.remove();
    },
  };
}
