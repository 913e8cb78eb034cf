/** @jest-environment jsdom */
import { isPortalError } from '@portal/platform';
import { clearDevOverrides, parseOverride, resolveDevOverrides } from './dev-overrides.js';
import { OVERRIDES_STORAGE_KEY } from './early-requests.js';

const known = new Set(['data', 'account']);
const at = (search: string) => {
  window.history.replaceState(null, '', `/data${search}`);
  return window.location;
};

beforeEach(() => localStorage.clear());

describe('dev overrides', () => {
  it('takes name@url from the address, remembers it, and takes it out of the address', () => {
    const { active, refusals } = resolveDevOverrides({ allowed: true, knownRemotes: known, location: at('?override=data@http://127.0.0.1:3102/mf-manifest.json&x=1') });
    expect([...active]).toEqual([['data', 'http://127.0.0.1:3102/mf-manifest.json']]);
    expect(refusals).toEqual([]);
    expect(window.location.search).toBe('?x=1');
    expect(JSON.parse(localStorage.getItem(OVERRIDES_STORAGE_KEY)!)).toEqual({ data: 'http://127.0.0.1:3102/mf-manifest.json' });
    // The next page of this browser keeps it without the parameter.
    expect([...resolveDevOverrides({ allowed: true, knownRemotes: known, location: at('') }).active]).toEqual([['data', 'http://127.0.0.1:3102/mf-manifest.json']]);
    clearDevOverrides();
    expect(resolveDevOverrides({ allowed: true, knownRemotes: known, location: at('') }).active.size).toBe(0);
  });

  it('refuses every override where the environment does not allow them, and forgets stored ones', () => {
    localStorage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify({ data: 'http://127.0.0.1:3102/mf-manifest.json' }));
    const { active, refusals } = resolveDevOverrides({ allowed: false, knownRemotes: known, location: at('?override=data@http://127.0.0.1:3102/mf-manifest.json') });
    expect(active.size).toBe(0);
    expect(refusals).toEqual(['Dev overrides are not allowed in this environment; data@http://127.0.0.1:3102/mf-manifest.json was ignored.']);
    expect(localStorage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();
  });

  it('says what is wrong with a bad override and keeps the good ones', () => {
    const { active, refusals } = resolveDevOverrides({
      allowed: true,
      knownRemotes: known,
      location: at('?override=data@https://evil.example/mf-manifest.json&override=nope@http://127.0.0.1:1/mf-manifest.json&override=account@http://localhost:3101/mf-manifest.json'),
    });
    expect([...active]).toEqual([['account', 'http://localhost:3101/mf-manifest.json']]);
    expect(refusals).toEqual([
      'The override "data@https://evil.example/mf-manifest.json" points at evil.example; overrides load only from this machine (127.0.0.1, localhost).',
      'The override of "nope" names no remote of this portal\'s registry.',
    ]);
  });

  it('checks the form of one override', () => {
    const code = (value: string) => {
      try {
        parseOverride(value);
        return 'accepted';
      } catch (error) {
        return isPortalError(error) ? `${error.code} ${error.message}` : 'other';
      }
    };
    expect(code('data@http://127.0.0.1:3102/remoteEntry.js')).toMatch(/PORTAL-009 .*mf-manifest\.json/);
    expect(code('data')).toMatch(/has no URL after the @/);
    expect(code('Data@http://127.0.0.1/mf-manifest.json')).toMatch(/does not start with a remote name/);
    expect(code('data@file:///tmp/mf-manifest.json')).toMatch(/not an http\(s\) URL/);
    expect(parseOverride('data@http://[::1]:3102/mf-manifest.json')).toEqual(['data', 'http://[::1]:3102/mf-manifest.json']);
  });
});
