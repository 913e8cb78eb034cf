import { isRedirectAllowed, resolveRedirect } from './redirects.js';
import type { AuthSettings } from '../settings.js';

const settings = {
  siteUrl: 'https://portal.example.com',
  additionalRedirectUrls: [
    'https://*.preview.example.com/**',
    'https://exact.example.org/callback',
  ],
} as AuthSettings;

describe('redirect_to', () => {
  it("allows site_url's origin, the listed URLs and globs, and local addresses", () => {
    expect(isRedirectAllowed('https://portal.example.com/welcome', settings)).toBe(true);
    expect(isRedirectAllowed('https://pr-12.preview.example.com/a/b', settings)).toBe(true);
    expect(isRedirectAllowed('https://exact.example.org/callback', settings)).toBe(true);
    expect(isRedirectAllowed('http://127.0.0.1:4321/anything', settings)).toBe(true);
    expect(isRedirectAllowed('http://localhost:5173/', settings)).toBe(true);
  });

  it('refuses everything else and falls back to site_url', () => {
    expect(isRedirectAllowed('https://evil.example.net/', settings)).toBe(false);
    expect(isRedirectAllowed('https://a.b.preview.example.com/', settings)).toBe(false);
    expect(isRedirectAllowed('not a url', settings)).toBe(false);
    expect(resolveRedirect('https://evil.example.net/', settings)).toBe(
      'https://portal.example.com',
    );
    expect(resolveRedirect(undefined, settings)).toBe('https://portal.example.com');
  });
});
