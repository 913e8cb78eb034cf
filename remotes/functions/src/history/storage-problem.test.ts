import { storageProblem } from './storage-problem.js';

it('says in words why the browser did not store a call, from the DOMException’s name', () => {
  // Chromium's quota error has an empty message: the name alone must say it.
  expect(storageProblem(new DOMException('', 'QuotaExceededError'))).toMatch(
    /^this browser has no room left/,
  );
  expect(storageProblem(new DOMException('The operation is insecure.', 'SecurityError'))).toMatch(
    /does not let the portal keep data/,
  );
  expect(
    storageProblem(new DOMException('The database connection is closing.', 'InvalidStateError')),
  ).toMatch(/Reload the page/);
});

it('quotes what it cannot name, and never leaves an empty reason', () => {
  expect(
    storageProblem(new DOMException('Internal error opening backing store', 'UnknownError')),
  ).toBe(
    'the browser’s storage refused it (Internal error opening backing store). Reload the page to try again.',
  );
  expect(storageProblem(new DOMException('', 'UnknownError'))).toBe(
    'the browser’s storage refused it (UnknownError). Reload the page to try again.',
  );
  expect(storageProblem(undefined)).toBe(
    'the browser’s storage refused it. Reload the page to try again.',
  );
});

it('does not tell a person to reload when a newer release stored the history', () => {
  const words = storageProblem(
    new DOMException('The requested version (1) is less than the existing version (2).', 'VersionError'),
  );
  expect(words).toMatch(/newer release of this page/);
  expect(words).not.toMatch(/Reload/);
  expect(words).not.toMatch(/requested version/);
});
