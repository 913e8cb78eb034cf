/** @jest-environment jsdom */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { mountRootParcel } from 'single-spa';
import { PortalError } from './errors.js';
import {
  defineParcel,
  ParcelHostContext,
  provideRemoteModuleLoader,
  RemoteParcel,
  type MountParcel,
} from './parcels.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface GreetingProps {
  who: string;
  onClick?: () => void;
}

function Greeting({ who }: GreetingProps) {
  return <p data-testid="greeting">Hello {who}</p>;
}

const parcel = defineParcel<GreetingProps>(Greeting, 'demo/greeting');
const mountParcel = mountRootParcel as unknown as MountParcel;

/** Renders `ui` into a fresh element and waits until `done` holds (the parcel mounts asynchronously). */
async function renderUntil(ui: React.ReactNode, done: (element: HTMLElement) => boolean) {
  const element = document.createElement('div');
  document.body.appendChild(element);
  const root = createRoot(element);
  await act(async () => root.render(ui));
  for (let attempt = 0; attempt < 50 && !done(element); attempt++)
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  return { element, root };
}

describe('parcels between remotes', () => {
  afterEach(() => provideRemoteModuleLoader(null));

  it('loads a remote’s parcel through the provided loader, mounts it with the host’s mountParcel, updates and unmounts it', async () => {
    const loads: string[] = [];
    provideRemoteModuleLoader(<T,>(remote: string, expose: string) => {
      loads.push(`${remote}/${expose}`);
      return Promise.resolve({ default: parcel } as T);
    });
    const host = (who: string) => (
      <ParcelHostContext.Provider value={mountParcel}>
        <RemoteParcel
          remote="demo"
          expose="greeting"
          parcelProps={{ who }}
          renderError={() => <p>failed</p>}
        />
      </ParcelHostContext.Provider>
    );
    const { element, root } = await renderUntil(
      host('Ana'),
      (el) => el.querySelector('[data-state="mounted"]') !== null,
    );
    expect(loads).toEqual(['demo/greeting']);
    expect(element.querySelector('[data-testid="greeting"]')?.textContent).toBe('Hello Ana');
    await act(async () => root.render(host('Ben')));
    for (let attempt = 0; attempt < 50 && !element.textContent?.includes('Ben'); attempt++)
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(element.querySelector('[data-testid="greeting"]')?.textContent).toBe('Hello Ben');
    const parcelElement = element.querySelector('[data-remote-parcel] > div')!;
    await act(async () => root.unmount());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(parcelElement.children).toHaveLength(0);
  });

  it('does not update a parcel whose props did not change (an update in flight makes single-spa refuse its unmount)', async () => {
    let updates = 0;
    const counted = { ...parcel, update: (props: Parameters<typeof parcel.update>[0]) => (updates++, parcel.update(props)) };
    provideRemoteModuleLoader(<T,>() => Promise.resolve({ default: counted } as T));
    const props = { who: 'Ana' };
    const host = (given: GreetingProps) => (
      <ParcelHostContext.Provider value={mountParcel}>
        <RemoteParcel remote="demo" expose="greeting" parcelProps={given} renderError={() => <p>failed</p>} />
      </ParcelHostContext.Provider>
    );
    const { element, root } = await renderUntil(host(props), (el) => el.querySelector('[data-state="mounted"]') !== null);
    await act(async () => root.render(host(props)));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(updates).toBe(0);
    await act(async () => root.render(host({ who: 'Ben' })));
    for (let attempt = 0; attempt < 50 && !element.textContent?.includes('Ben'); attempt++)
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(updates).toBe(1);
    await act(async () => root.unmount());
  });

  it('shows the host’s error, with a retry that loads again, when the remote cannot be loaded', async () => {
    let offline = true;
    provideRemoteModuleLoader(<T,>() =>
      offline ? Promise.reject(new Error('Failed to fetch')) : Promise.resolve(parcel as T),
    );
    let retry: () => void = () => {};
    const ui = (
      <ParcelHostContext.Provider value={mountParcel}>
        <RemoteParcel
          remote="demo"
          expose="greeting"
          parcelProps={{ who: 'Cat' }}
          renderError={(error, again) => {
            retry = again;
            return <p data-testid="failure">{(error as Error).message}</p>;
          }}
        />
      </ParcelHostContext.Provider>
    );
    const { element } = await renderUntil(
      ui,
      (el) => el.querySelector('[data-testid="failure"]') !== null,
    );
    expect(element.querySelector('[data-testid="failure"]')?.textContent).toBe('Failed to fetch');
    offline = false;
    await act(async () => retry());
    for (
      let attempt = 0;
      attempt < 50 && !element.querySelector('[data-state="mounted"]');
      attempt++
    )
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(element.querySelector('[data-testid="greeting"]')?.textContent).toBe('Hello Cat');
  });

  it('refuses to load without a shell (no loader) or outside an application (no mountParcel), in words', async () => {
    let shown: unknown = null;
    const { element } = await renderUntil(
      <ParcelHostContext.Provider value={mountParcel}>
        <RemoteParcel
          remote="demo"
          expose="greeting"
          parcelProps={{ who: 'Dan' }}
          renderError={(error) => ((shown = error), (<p data-testid="failure" />))}
        />
      </ParcelHostContext.Provider>,
      (el) => el.querySelector('[data-testid="failure"]') !== null,
    );
    expect(element.querySelector('[data-testid="failure"]')).not.toBeNull();
    expect(shown).toBeInstanceOf(PortalError);
    expect((shown as Error).message).toBe(
      'This host cannot load "demo/greeting": only the portal shell loads other remotes’ modules.',
    );
    provideRemoteModuleLoader(<T,>() => Promise.resolve(parcel as T));
    await renderUntil(
      <RemoteParcel
        remote="demo"
        expose="greeting"
        parcelProps={{ who: 'Dan' }}
        renderError={(error) => ((shown = error), (<p data-testid="failure" />))}
      />,
      () => (shown as Error).message.includes('inside a portal application'),
    );
    expect((shown as Error).message).toBe(
      '"demo/greeting" can only be mounted inside a portal application.',
    );
  });
});
