import { allowedHostnames, isAllowedHost, refusalMessage } from './host-check.js';

describe('host check', () => {
  const allowed = allowedHostnames('127.0.0.1', ['dev.portal.test']);

  it('accepts the local names the emulator prints, on any port, and configured names', () => {
    for (const host of [
      '127.0.0.1:54321',
      'localhost:54321',
      'LOCALHOST:1',
      '[::1]:54324',
      'localhost',
      'dev.portal.test:54321',
    ]) {
      expect(isAllowedHost(host, allowed)).toBe(true);
    }
  });

  it('refuses other names, look-alikes and a missing or malformed Host', () => {
    for (const host of [
      'evil.example:54321',
      'localhost.evil.example:54321',
      '127.0.0.1.nip.io:54321',
      'portal.test',
      '',
      undefined,
      '[::1',
      'a b',
    ]) {
      expect(isAllowedHost(host, allowed)).toBe(false);
    }
  });

  it('refuses a local name listed as refused, and says why', () => {
    const apart = allowedHostnames('127.0.0.1', [], ['localhost']);
    expect(isAllowedHost('127.0.0.1:54321', apart)).toBe(true);
    expect(isAllowedHost('[::1]:54321', apart)).toBe(true);
    expect(isAllowedHost('localhost:54321', apart)).toBe(false);
    expect(isAllowedHost('LocalHost', apart)).toBe(false);
    expect(refusalMessage('localhost:54321', apart)).toMatch(/PORTAL_REFUSED_HOSTS.*cookies.*127\.0\.0\.1/);
  });

  it('takes a bare IPv6 listen address', () => {
    expect(isAllowedHost('[::]:54321', allowedHostnames('::', []))).toBe(true);
  });
});
