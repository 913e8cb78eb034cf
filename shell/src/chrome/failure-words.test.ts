import { describeRemoteFailure, describeSignOutFailure, FILES_UNANSWERED } from './failure-words.js';

describe('describeRemoteFailure', () => {
  it('says files that did not arrive in words, whatever the browser called it', () => {
    expect(describeRemoteFailure('load', new TypeError('Failed to fetch'), true)).toBe(FILES_UNANSWERED);
    expect(describeRemoteFailure('fetch manifest', new Error('wrapped', { cause: new TypeError('Failed to fetch') }), true)).toBe(FILES_UNANSWERED);
    // Offline, a federation runtime's script error means the same.
    expect(describeRemoteFailure('load', new Error('[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008'), false)).toBe(FILES_UNANSWERED);
  });

  it('keeps every other failure’s own message, which names the remote and the step', () => {
    expect(describeRemoteFailure('load', new Error('The manifest of "data" (http://x/mf-manifest.json) answered 404 Not Found.'), true)).toMatch(/answered 404/);
    expect(describeRemoteFailure('mount', new TypeError('Failed to fetch'), false)).toBe('Failed to fetch');
  });
});

describe('describeSignOutFailure', () => {
  it('says the person is still signed in when the server did not answer', () => {
    expect(describeSignOutFailure({ name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 })).toBe(
      'You are still signed in. The server did not answer: it may be stopped, or the network is down. Sign out again once it answers.',
    );
    expect(describeSignOutFailure(new Error('Session not found'))).toBe('Session not found');
  });
});
