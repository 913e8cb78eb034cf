import { isJsonMediaType, mediaTypeOf } from './media-type.js';

describe('media types', () => {
  it('reads the type and subtype, whatever the case and the parameters', () => {
    expect(mediaTypeOf('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(mediaTypeOf('text/plain')).toBe('text/plain');
    expect(mediaTypeOf('text/plain; x="application/json"')).toBe('text/plain');
  });

  it('answers null for a missing or malformed header', () => {
    for (const header of [undefined, null, '', 'json', 'application/json, text/plain', 'text/plain; x=application/json', 'application/json;'])
      expect(mediaTypeOf(header)).toBeNull();
  });

  it('takes JSON only when the type itself is application/json', () => {
    expect(isJsonMediaType('application/json')).toBe(true);
    expect(isJsonMediaType('application/json; charset=UTF-8')).toBe(true);
    for (const forged of [
      'text/plain; x=application/json',
      'text/plain; x="application/json"',
      'text/plain;application/json',
      'application/x-www-form-urlencoded; application/json',
      'multipart/form-data; boundary=application/json',
      'application/jsonp',
      'application/json-seq',
      'text/application/json',
    ]) {
      expect(isJsonMediaType(forged)).toBe(false);
    }
  });
});
