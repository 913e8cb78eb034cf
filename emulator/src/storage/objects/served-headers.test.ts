import { objectContentHeaders, safetyHeaders, servedContentType } from './served-headers.js';

describe('servedContentType', () => {
  it('serves HTML in any spelling as text/plain, a missing type as octet-stream, others as stored', () => {
    expect(servedContentType('text/html')).toBe('text/plain');
    expect(servedContentType('TEXT/HTML; charset=utf-8')).toBe('text/plain');
    expect(servedContentType('text/plain,text/html')).toBe('text/plain');
    expect(servedContentType(undefined)).toBe('application/octet-stream');
    expect(servedContentType('')).toBe('application/octet-stream');
    expect(servedContentType('image/svg+xml')).toBe('image/svg+xml');
    expect(servedContentType('image/png')).toBe('image/png');
  });
});

describe('safetyHeaders', () => {
  it.each([
    'image/svg+xml',
    'application/xhtml+xml',
    'text/xml',
    'application/xml',
    'application/rss+xml',
    'text/xsl',
    'text/plain',
    'text/plain,text/html',
    'application/octet-stream',
    'image/png',
    'video/mp4',
    'application/json',
    'text/javascript',
    'foo',
    'application/pdf, text/html',
  ])('sandboxes %s and forbids sniffing', (type) => {
    expect(safetyHeaders(type)).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': 'sandbox',
    });
  });

  it.each(['application/pdf', 'Application/PDF', 'application/pdf; name=report'])(
    'leaves a PDF (%s) unsandboxed, still with nosniff',
    (type) => {
      expect(safetyHeaders(type)).toEqual({ 'X-Content-Type-Options': 'nosniff' });
    },
  );
});

describe('objectContentHeaders', () => {
  it('gives the served type with its safety headers', () => {
    expect(objectContentHeaders('text/html')).toEqual({
      'Content-Type': 'text/plain',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': 'sandbox',
    });
  });
});
