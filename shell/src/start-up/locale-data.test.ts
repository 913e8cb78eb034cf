/**
 * @jest-environment jsdom
 */
// The locale's number, date and collation data load in idle tasks of their own, one after the
// other, not in the task that asks for them (issue #40).
import { loadLocaleDataWhenIdle } from './locale-data.js';

const idle: Array<() => void> = [];

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
  delete (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback;
  idle.length = 0;
});

type Kind = 'NumberFormat' | 'PluralRules' | 'DateTimeFormat' | 'Collator';
const KINDS: Kind[] = ['NumberFormat', 'PluralRules', 'DateTimeFormat', 'Collator'];
const originals = new Map(KINDS.map((kind) => [kind, Intl[kind]]));
const made = new Map<Kind, number>();

// Each kind stands in as a subclass that counts its objects (a spy cannot call these with `new`).
beforeEach(() => {
  for (const kind of KINDS) {
    made.set(kind, 0);
    const Original = originals.get(kind) as new (...args: unknown[]) => object;
    (Intl as Record<Kind, unknown>)[kind] = class extends Original {
      constructor(...args: unknown[]) {
        super(...args);
        made.set(kind, made.get(kind)! + 1);
      }
    };
  }
});
afterEach(() => {
  for (const kind of KINDS) (Intl as Record<Kind, unknown>)[kind] = originals.get(kind);
});

const counts = () => ({ numbers: made.get('NumberFormat'), plurals: made.get('PluralRules'), dates: made.get('DateTimeFormat'), collators: made.get('Collator') });

it('loads the number data in one idle task, the date data in the next, then the collation data', () => {
  const asked: Array<number | undefined> = [];
  (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback = (callback: () => void, options?: { timeout?: number }) => {
    idle.push(callback);
    asked.push(options?.timeout);
    return idle.length;
  };

  loadLocaleDataWhenIdle();
  expect(counts()).toEqual({ numbers: 0, plurals: 0, dates: 0, collators: 0 });
  expect(idle).toHaveLength(1);

  idle.shift()!();
  expect(counts()).toEqual({ numbers: 1, plurals: 1, dates: 0, collators: 0 });
  expect(idle).toHaveLength(1);

  idle.shift()!();
  expect(counts()).toEqual({ numbers: 1, plurals: 1, dates: 1, collators: 0 });

  idle.shift()!();
  expect(counts()).toEqual({ numbers: 1, plurals: 1, dates: 1, collators: 1 });
  expect(idle).toHaveLength(0);
  // Each waits for an idle moment two seconds at most.
  expect(asked).toEqual([2_000, 2_000, 2_000]);
});

it('uses a task of its own for each where the browser has no idle callbacks', () => {
  // The timers' stand-ins replace `Intl` too (with its own objects, not the counting ones), which
  // jest's types do not list.
  jest.useFakeTimers({ doNotFake: ['requestIdleCallback', 'cancelIdleCallback', 'Intl'] } as unknown as Parameters<typeof jest.useFakeTimers>[0]);
  expect(typeof (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback).toBe('undefined');

  loadLocaleDataWhenIdle();
  expect(counts()).toEqual({ numbers: 0, plurals: 0, dates: 0, collators: 0 });
  jest.advanceTimersToNextTimer();
  expect(counts()).toEqual({ numbers: 1, plurals: 1, dates: 0, collators: 0 });
  jest.advanceTimersToNextTimer();
  expect(counts()).toEqual({ numbers: 1, plurals: 1, dates: 1, collators: 0 });
  jest.advanceTimersToNextTimer();
  expect(counts()).toEqual({ numbers: 1, plurals: 1, dates: 1, collators: 1 });
});
