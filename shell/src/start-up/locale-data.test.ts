/**
 * @jest-environment jsdom
 */
// The locale's date and collation data load in idle tasks of their own, one after the other, not in
// the task that asks for them (issue #40).
import { loadLocaleDataWhenIdle } from './locale-data.js';

const idle: Array<() => void> = [];

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
  delete (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback;
  idle.length = 0;
});

it('loads the date data in one idle task and the collation data in the next', () => {
  const asked: Array<number | undefined> = [];
  (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback = (callback: () => void, options?: { timeout?: number }) => {
    idle.push(callback);
    asked.push(options?.timeout);
    return idle.length;
  };
  const dates = jest.spyOn(Intl, 'DateTimeFormat');
  const collators = jest.spyOn(Intl, 'Collator');

  loadLocaleDataWhenIdle();
  expect(dates).not.toHaveBeenCalled();
  expect(collators).not.toHaveBeenCalled();
  expect(idle).toHaveLength(1);

  idle.shift()!();
  expect(dates).toHaveBeenCalledTimes(1);
  expect(collators).not.toHaveBeenCalled();
  expect(idle).toHaveLength(1);

  idle.shift()!();
  expect(collators).toHaveBeenCalledTimes(1);
  expect(dates).toHaveBeenCalledTimes(1);
  // Each waits for an idle moment at most two seconds.
  expect(asked).toEqual([2_000, 2_000]);
});

it('uses a task of its own for each where the browser has no idle callbacks', () => {
  jest.useFakeTimers();
  const dates = jest.spyOn(Intl, 'DateTimeFormat');
  const collators = jest.spyOn(Intl, 'Collator');

  loadLocaleDataWhenIdle();
  expect(dates).not.toHaveBeenCalled();
  jest.advanceTimersToNextTimer();
  expect(dates).toHaveBeenCalledTimes(1);
  expect(collators).not.toHaveBeenCalled();
  jest.advanceTimersToNextTimer();
  expect(collators).toHaveBeenCalledTimes(1);
});
