import { parseDurationMs } from './settings.js';
import { RateLimiter } from './request/rate-limit.js';
import { mailSite, renderMail } from './messaging/mail-templates.js';

describe('parseDurationMs', () => {
  it('reads Go durations as the CLI writes them', () => {
    expect(parseDurationMs('1s')).toBe(1000);
    expect(parseDurationMs('0s')).toBe(0);
    expect(parseDurationMs('1h30m')).toBe(5_400_000);
    expect(parseDurationMs('250ms')).toBe(250);
    expect(parseDurationMs('soon')).toBeNull();
    expect(parseDurationMs('10')).toBeNull();
  });
});

describe('RateLimiter', () => {
  it('allows `limit` events per window and a new window afterwards', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    expect([1, 2, 3].map(() => limiter.take('k', 2, 1000))).toEqual([true, true, false]);
    expect(limiter.take('other', 2, 1000)).toBe(true);
    now = 1000;
    expect(limiter.take('k', 2, 1000)).toBe(true);
    expect(limiter.take('zero', 0, 1000)).toBe(false);
  });
});

describe('renderMail', () => {
  it('carries the link and the code in text and HTML', () => {
    const mail = renderMail({
      kind: 'magiclink',
      to: 'a@example.com',
      code: '123456',
      link: 'http://x/verify?token=t&type=magiclink',
      site: 'http://site',
    });
    expect(mail.subject).toBe('Your Magic Link');
    expect(mail.text).toMatch(/\nSent by http:\/\/site$/);
    expect(mail.html).toContain('<p>Sent by http://site</p>');
    expect(mail.text).toContain('http://x/verify?token=t&type=magiclink');
    expect(mail.text).toContain('code: 123456');
    expect(mail.html).toContain('href="http://x/verify?token=t&#38;type=magiclink"');
  });
});

describe('mailSite', () => {
  it('names the site the request came from and the link leads back to', () => {
    expect(mailSite('http://localhost:3100/account/sign-in?next=%2Fdata', 'http://127.0.0.1:3000')).toBe('http://localhost:3100');
    expect(mailSite('https://portal.example.com/welcome', 'https://portal.example.com')).toBe('https://portal.example.com');
  });
  it('names site_url for a request without a redirect, or one to an app rather than a site', () => {
    expect(mailSite(undefined, 'http://localhost:3000/')).toBe('http://localhost:3000');
    expect(mailSite('com.example.app://callback', 'https://portal.example.com')).toBe('https://portal.example.com');
    expect(mailSite('not a url', 'https://portal.example.com')).toBe('https://portal.example.com');
  });
});
