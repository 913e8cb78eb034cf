import { countOf, countRange, isUnanswered, withArticle } from './words.js';

describe('countOf', () => {
  it('puts the noun in the form the number asks for, and groups the number', () => {
    expect(countOf(0, 'passage')).toBe('0 passages');
    expect(countOf(1, 'passage')).toBe('1 passage');
    expect(countOf(2, 'passage')).toBe('2 passages');
    expect(countOf(1040, 'passage')).toBe('1,040 passages');
    expect(countOf(1, { one: 'child', other: 'children' })).toBe('1 child');
    expect(countOf(3, { one: 'child', other: 'children' })).toBe('3 children');
  });
});

describe('countRange', () => {
  it('says a range of one number as that number', () => {
    expect(countRange(126, 126, 'character')).toBe('126 characters');
    expect(countRange(1, 1, 'character')).toBe('1 character');
  });
  it('says a range with an en dash, low to high, the noun plural', () => {
    expect(countRange(80, 126, 'character')).toBe('80–126 characters');
    expect(countRange(1200, 80, 'character')).toBe('80–1,200 characters');
    expect(countRange(1, 2, 'character')).toBe('1–2 characters');
  });
});

describe('withArticle', () => {
  it.each([
    ['application/octet-stream file', 'an'],
    ['image/svg+xml file', 'an'],
    ['audio/mpeg file', 'an'],
    ['text/plain file', 'a'],
    ['video/mp4 file', 'a'],
    ['SVG picture', 'an'],
    ['HTML page', 'an'],
    ['MP4 video', 'an'],
    ['PNG picture', 'a'],
    ['PDF', 'a'],
    ['URL', 'a'],
    ['hour', 'an'],
    ['honest answer', 'an'],
    ['house', 'a'],
    ['user', 'a'],
    ['unique name', 'a'],
    ['unknown type', 'an'],
    ['upload', 'an'],
    ['European address', 'a'],
    ['one-off', 'a'],
    ['8 MB file', 'an'],
    ['11 MB file', 'an'],
    ['18,000-row table', 'an'],
    ['110 MB file', 'a'],
    ['1,800-row table', 'a'],
    ['5 MB file', 'a'],
  ])('%s → %s', (phrase, article) => {
    expect(withArticle(phrase)).toBe(`${article} ${phrase}`);
  });
});

describe('isUnanswered', () => {
  it('knows each supabase-js library’s way of saying the server did not answer', () => {
    // auth-js: AuthRetryableFetchError, status 0.
    expect(isUnanswered({ name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 })).toBe(true);
    // postgrest-js: code '' with the fetch error's name in the message.
    expect(isUnanswered({ code: '', message: 'TypeError: Failed to fetch', details: '', hint: '' })).toBe(true);
    // storage-js: StorageUnknownError around the TypeError.
    expect(isUnanswered({ name: 'StorageUnknownError', originalError: new TypeError('Failed to fetch') })).toBe(true);
    // functions-js.
    expect(isUnanswered({ name: 'FunctionsFetchError', context: new TypeError('Failed to fetch') })).toBe(true);
    // A plain fetch, in Chromium, Firefox, Safari and Node.
    for (const message of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed', 'fetch failed'])
      expect(isUnanswered(new TypeError(message))).toBe(true);
    expect(isUnanswered(new DOMException('signal timed out', 'TimeoutError'))).toBe(true);
  });

  it('leaves the server’s refusals and a bug’s TypeError alone', () => {
    expect(isUnanswered({ name: 'AuthApiError', message: 'Invalid login credentials', status: 400, code: 'invalid_credentials' })).toBe(false);
    expect(isUnanswered({ code: '42501', message: 'permission denied for table tasks' })).toBe(false);
    expect(isUnanswered({ name: 'FunctionsHttpError' })).toBe(false);
    expect(isUnanswered({ name: 'StorageUnknownError', originalError: { status: 500 } })).toBe(false);
    expect(isUnanswered(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isUnanswered(new DOMException('The user aborted a request.', 'AbortError'))).toBe(false);
    expect(isUnanswered('Failed to fetch')).toBe(false);
    expect(isUnanswered(null)).toBe(false);
  });
});
