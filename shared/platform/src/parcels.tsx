// Widgets one remote lends another at run time, as single-spa parcels: the lending remote exposes a
// module made with defineParcel; the borrowing remote mounts it with <RemoteParcel>, which loads
// the module through the shell's Module Federation runtime (the registry's release, integrity
// checked) and mounts it with the mountParcel single-spa gave the borrowing application, so the
// parcel is unmounted with it. Neither remote imports the other's code.
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RemoteErrorBoundary } from './error-boundary.js';
import { PortalError, PortalErrorCode } from './errors.js';
import type { ParcelName, ParcelProps, RemoteParcelPropsOf } from './parcel-contracts.js';

/** The lifecycles of a parcel (single-spa's parcel config object). */
export interface ParcelLifecycles<P extends object> {
  name: string;
  bootstrap(props: P): Promise<void>;
  mount(props: P & ParcelMountProps): Promise<void>;
  update(props: P & ParcelMountProps): Promise<void>;
  unmount(props: P & ParcelMountProps): Promise<void>;
}

export interface ParcelMountProps {
  domElement: HTMLElement;
  name?: string;
}

/** A mounted parcel, as single-spa's mountParcel returns it (the part used here). */
export interface MountedParcel {
  mountPromise: Promise<unknown>;
  unmount(): Promise<unknown>;
  update?(props: object): Promise<unknown>;
  getStatus(): string;
}

export type MountParcel = (
  config: ParcelLifecycles<object>,
  props: ParcelMountProps & object,
) => MountedParcel;

/** The mountParcel of the application being rendered (defineRemote provides it). */
export const ParcelHostContext = createContext<MountParcel | null>(null);

/**
 * Turns a React component into parcel lifecycles: its own React root, re-rendered on update. A
 * parcel named in ParcelContracts (parcel-contracts.ts) must take the props written there, the
 * props its borrowers are typed with.
 */
export function defineParcel<N extends ParcelName>(
  Component: ComponentType<ParcelProps<N>>,
  name: N,
): ParcelLifecycles<ParcelProps<N>>;
export function defineParcel<P extends object>(
  Component: ComponentType<P>,
  name: string,
): ParcelLifecycles<P>;
export function defineParcel<P extends object>(
  Component: ComponentType<P>,
  name: string,
): ParcelLifecycles<P> {
  const roots = new Map<HTMLElement, Root>();
  // single-spa adds its own props (name, mountParcel, singleSpa, domElement): the component gets
  // only what the host passed.
  const ownProps = (props: P & ParcelMountProps): P => {
    const {
      domElement: _element,
      name: _name,
      mountParcel: _mount,
      singleSpa: _spa,
      ...rest
    } = props as P & ParcelMountProps & { mountParcel?: unknown; singleSpa?: unknown };
    return rest as unknown as P;
  };
  const render = (props: P & ParcelMountProps) => {
    const root = roots.get(props.domElement);
    root?.render(
      <RemoteErrorBoundary title={name}>
        <Component {...ownProps(props)} />
      </RemoteErrorBoundary>,
    );
  };
  return {
    name,
    async bootstrap() {},
    async mount(props) {
      roots.set(props.domElement, createRoot(props.domElement, { identifierPrefix: `${name}-` }));
      render(props);
    },
    async update(props) {
      render(props);
    },
    async unmount(props) {
      roots.get(props.domElement)?.unmount();
      roots.delete(props.domElement);
    },
  };
}

type RemoteModuleLoader = <T>(remote: string, expose: string) => Promise<T>;

// Module state on purpose: `@portal/platform` is one shared instance, so the loader the shell
// provides is the one every remote reads.
let remoteModuleLoader: RemoteModuleLoader | null = null;

/** The shell provides how a remote's exposed module is loaded (its federation runtime). */
export function provideRemoteModuleLoader(loader: RemoteModuleLoader | null): void {
  remoteModuleLoader = loader;
}

/** Loads `./<expose>` of the remote the registry calls `remote`. */
export function loadRemoteModule<T>(remote: string, expose: string): Promise<T> {
  if (!remoteModuleLoader) {
    return Promise.reject(
      new PortalError(
        PortalErrorCode.RemoteLoadFailed,
        `This host cannot load "${remote}/${expose}": only the portal shell loads other remotes’ modules.`,
        { remote, step: 'load' },
      ),
    );
  }
  return remoteModuleLoader<T>(remote, expose);
}

type ParcelModule = ParcelLifecycles<object> & { default?: ParcelLifecycles<object> };

export interface RemoteParcelProps<P extends object> {
  remote: string;
  /** The exposed module's name without `./`, e.g. `upload-parcel`. */
  expose: string;
  /** What the parcel's component receives; a change updates the mounted parcel. */
  parcelProps: P;
  /** Shown while the remote loads. */
  loading?: ReactNode;
  /** Shown when the remote cannot be loaded or mounted (offline, refused, broken). */
  renderError: (error: unknown, retry: () => void) => ReactNode;
  className?: string;
}

type ParcelState =
  { status: 'loading' } | { status: 'mounted' } | { status: 'error'; error: unknown };

/**
 * Mounts another remote's parcel here; its failure is shown by `renderError`, never thrown. For a
 * parcel named in ParcelContracts (`remote/expose`), `parcelProps` must be the contract's props.
 */
export function RemoteParcel<R extends string, E extends string>(
  props: RemoteParcelProps<RemoteParcelPropsOf<R, E>> & { remote: R; expose: E },
): ReactNode;
export function RemoteParcel<P extends object>({
  remote,
  expose,
  parcelProps,
  loading = null,
  renderError,
  className,
}: RemoteParcelProps<P>): ReactNode {
  const mountParcel = useContext(ParcelHostContext);
  const element = useRef<HTMLDivElement>(null);
  const parcel = useRef<MountedParcel | null>(null);
  const latestProps = useRef(parcelProps);
  /** The props the mounted parcel has: an update with the same ones is only a window in which the
   * parcel is UPDATING, and single-spa refuses to unmount it then (so its application dies). */
  const givenProps = useRef<P | null>(null);
  const [state, setState] = useState<ParcelState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void (async () => {
      if (!mountParcel)
        throw new PortalError(
          PortalErrorCode.RemoteLoadFailed,
          `"${remote}/${expose}" can only be mounted inside a portal application.`,
          { remote, step: 'mount' },
        );
      const module = await loadRemoteModule<ParcelModule>(remote, expose);
      const config = module.default ?? module;
      if (typeof config.mount !== 'function')
        throw new PortalError(
          PortalErrorCode.RemoteLoadFailed,
          `"${remote}/${expose}" is not a parcel (no mount lifecycle).`,
          { remote, step: 'load' },
        );
      if (!live || !element.current) return;
      givenProps.current = latestProps.current;
      const mounted = mountParcel(config, { domElement: element.current, ...latestProps.current });
      parcel.current = mounted;
      await mounted.mountPromise;
      if (live) setState({ status: 'mounted' });
    })().catch((error: unknown) => {
      if (live) setState({ status: 'error', error });
    });
    return () => {
      live = false;
      const mounted = parcel.current;
      parcel.current = null;
      if (mounted) void mounted.mountPromise.then(() => mounted.unmount()).catch(() => undefined);
    };
  }, [mountParcel, remote, expose, attempt]);

  useEffect(() => {
    latestProps.current = parcelProps;
    const mounted = parcel.current;
    // single-spa replaces a parcel's props on update: the element goes along again.
    if (
      state.status === 'mounted' &&
      parcelProps !== givenProps.current &&
      mounted?.update &&
      mounted.getStatus() === 'MOUNTED' &&
      element.current
    ) {
      givenProps.current = parcelProps;
      void mounted.update({ domElement: element.current, ...parcelProps });
    }
  }, [parcelProps, state.status]);

  return (
    <div className={className} data-remote-parcel={`${remote}/${expose}`} data-state={state.status}>
      {state.status === 'loading' ? loading : null}
      {state.status === 'error'
        ? renderError(state.error, () => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          })
        : null}
      <div ref={element} />
    </div>
  );
}
