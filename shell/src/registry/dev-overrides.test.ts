/** @jest-environment jsdom */
import { isPortalError } from '@portal/platform';
import {
  checkOverride,
  clearDevOverrides,
  devOverrideState,
  installDevOverrideConsole,
  resolveDevOverrides,
  saveDevOverride,
  OVERRIDES_STORAGE_KEY,
  type OverridePolicy,
} from './dev-overrides.js';

const DEV = 'http://127.0.0.1:3102';
const API = 'http://127.0.0.1:54321';
const policy: OverridePolicy = {
  allowed: true,
  devOrigins: [DEV, 'http://localhost:3101', API],
  apiOrigin: API,
  knownRemotes: new Set(['data', 'account']),
};
const at = (search: string) => {
  window.history.replaceState(null, '', `/data${search}`);
  return window.location;
};
const stored = () => JSON.parse(localStorage.getItem(OVERRIDES_STORAGE_KEY) ?? 'null') as unknown;

beforeEach(() => {
  localStorage.clear();
  devOverrideState.set({ policy, active: new Map(), refusals: [], asked: null });
});

describe('a link with ?override=', () => {
  it('applies and stores nothing: it is taken out of the address and only asked', () => {
    const { active, refusals, asked } = resolveDevOverrides({
      policy,
      location: at(`?override=data@${DEV}/mf-manifest.json&x=1`),
    });
    expect(active.size).toBe(0);
    expect(refusals).toEqual([]);
    expect(asked).toEqual({
      remote: 'data',
      manifestUrl: `${DEV}/mf-manifest.json`,
      refusal: null,
    });
    expect(window.location.search).toBe('?x=1');
    expect(stored()).toBeNull();
    // The next page of this browser knows nothing of it.
    expect(resolveDevOverrides({ policy, location: at('') })).toMatchObject({
      active: new Map(),
      asked: null,
    });
  });

  it('is asked with the refusal, in words, when it points at the API or at a loopback port that is no dev server', () => {
    const signedUrl = `${API}/storage/v1/object/sign/uploads/mf-manifest.json?token=abc`;
    expect(
      resolveDevOverrides({ policy, location: at(`?override=data@${signedUrl}`) }).asked,
    ).toEqual({
      remote: 'data',
      manifestUrl: signedUrl,
      refusal: `${API} is the Supabase API: what it serves (a stored file, a signed URL) is people's uploads, never a remote's code.`,
    });
    expect(
      resolveDevOverrides({
        policy,
        location: at('?override=data@http://127.0.0.1:4555/mf-manifest.json'),
      }).asked?.refusal,
    ).toBe(
      "http://127.0.0.1:4555 is not one of this environment's dev servers (http://127.0.0.1:3102, http://localhost:3101, config.json devOrigins); an override runs only from those.",
    );
    expect(stored()).toBeNull();
  });

  it('is refused where the environment allows no overrides, and one link asks for one override', () => {
    const off = { ...policy, allowed: false };
    expect(
      resolveDevOverrides({ policy: off, location: at(`?override=data@${DEV}/mf-manifest.json`) }),
    ).toMatchObject({
      asked: null,
      refusals: [
        `Dev overrides are not allowed in this environment; the link's data@${DEV}/mf-manifest.json was ignored.`,
      ],
    });
    const two = resolveDevOverrides({
      policy,
      location: at(
        `?override=data@${DEV}/mf-manifest.json&override=account@http://localhost:3101/mf-manifest.json`,
      ),
    });
    expect(two.asked?.remote).toBe('data');
    expect(two.refusals).toEqual([
      'A link may ask for one override at a time; account@http://localhost:3101/mf-manifest.json was ignored.',
    ]);
  });
});

describe('stored overrides', () => {
  it('are stored only by a deliberate act, apply on the next page, and are cleared one by one or all', () => {
    saveDevOverride('data', `${DEV}/mf-manifest.json`);
    saveDevOverride('account', 'http://localhost:3101/mf-manifest.json');
    expect(stored()).toEqual({
      data: `${DEV}/mf-manifest.json`,
      account: 'http://localhost:3101/mf-manifest.json',
    });
    expect([...resolveDevOverrides({ policy, location: at('') }).active.keys()]).toEqual([
      'data',
      'account',
    ]);
    clearDevOverrides('account');
    expect(stored()).toEqual({ data: `${DEV}/mf-manifest.json` });
    clearDevOverrides();
    expect(stored()).toBeNull();
  });

  it('are checked again at every start: one the environment no longer allows is forgotten, and said so', () => {
    localStorage.setItem(
      OVERRIDES_STORAGE_KEY,
      JSON.stringify({
        data: `${DEV}/mf-manifest.json`,
        account: 'http://127.0.0.1:4555/mf-manifest.json',
        'No-pe': `${DEV}/mf-manifest.json`,
      }),
    );
    const { active, refusals } = resolveDevOverrides({ policy, location: at('') });
    expect([...active]).toEqual([['data', `${DEV}/mf-manifest.json`]]);
    expect(refusals).toEqual([
      "The override of account stored in this browser was forgotten: http://127.0.0.1:4555 is not one of this environment's dev servers (http://127.0.0.1:3102, http://localhost:3101, config.json devOrigins); an override runs only from those.",
      'The override of No-pe stored in this browser was forgotten: "No-pe" is not a remote\'s name (lower-case letters, digits and _).',
    ]);
    expect(stored()).toEqual({ data: `${DEV}/mf-manifest.json` });
    expect(
      resolveDevOverrides({ policy: { ...policy, allowed: false }, location: at('') }).active.size,
    ).toBe(0);
    expect(stored()).toBeNull();
  });

  it('are refused when saved against the rules, and nothing is stored', () => {
    expect(() =>
      saveDevOverride('data', `${API}/storage/v1/object/public/x/mf-manifest.json`),
    ).toThrow(/is the Supabase API/);
    expect(stored()).toBeNull();
  });
});

describe('one override', () => {
  const code = (remote: string, url: string, rules = policy) => {
    try {
      return checkOverride(remote, url, rules);
    } catch (error) {
      return isPortalError(error) ? `${error.code} ${error.message}` : 'other';
    }
  };

  it('names a remote (of the registry, or one in development) and a manifest on a dev server, never on the API even when listed', () => {
    expect(code('data', `${DEV}/mf-manifest.json`)).toBe(`${DEV}/mf-manifest.json`);
    expect(code('data', `${DEV}/remoteEntry.js`)).toMatch(
      /^PORTAL-009 .*is not a remote's mf-manifest\.json/,
    );
    expect(code('Data', `${DEV}/mf-manifest.json`)).toMatch(/is not a remote's name/);
    expect(code('data', 'not a url')).toMatch(/is not a URL/);
    expect(code('data', 'file:///tmp/mf-manifest.json')).toMatch(/not an http\(s\) URL/);
    expect(code('data', 'https://evil.example/mf-manifest.json')).toMatch(
      /https:\/\/evil\.example is not one of this environment's dev servers/,
    );
    expect(code('data', `${API}/mf-manifest.json`)).toMatch(/is the Supabase API/);
    // A remote the registry does not know yet runs in development (dev-remotes.ts).
    expect(code('reports', `${DEV}/mf-manifest.json`)).toBe(`${DEV}/mf-manifest.json`);
    expect(code('data', `${DEV}/mf-manifest.json`, { ...policy, allowed: false })).toMatch(
      /Dev overrides are not allowed in this environment/,
    );
  });
});

describe('the console', () => {
  it("sets, lists and clears overrides with the panel's rules, and says what happens next", () => {
    const target = {};
    const api = installDevOverrideConsole(target);
    expect((target as { portalDevOverrides: unknown }).portalDevOverrides).toBe(api);
    expect(api.origins).toEqual([DEV, 'http://localhost:3101']);
    expect(api.set('data', `${DEV}/mf-manifest.json`)).toBe(
      `data will run from ${DEV}/mf-manifest.json, with your session, from the next page load: reload the page (location.reload()).`,
    );
    expect(api.list()).toEqual({ data: `${DEV}/mf-manifest.json` });
    expect(() => api.set('data', 'http://127.0.0.1:4555/mf-manifest.json')).toThrow(
      /is not one of this environment's dev servers/,
    );
    expect(api.clear()).toMatch(/^Every override was forgotten/);
    expect(api.list()).toEqual({});
  });
});
