// The counts' `Intl` objects are made at the first count written, not when the module runs: a
// page's first `Intl` object loads the locale's data, and a remote's modules run in one task
// (issue #40).
type Kind = 'NumberFormat' | 'PluralRules';
const originals = { NumberFormat: Intl.NumberFormat, PluralRules: Intl.PluralRules };
const made: Record<Kind, number> = { NumberFormat: 0, PluralRules: 0 };

beforeEach(() => {
  for (const kind of ['NumberFormat', 'PluralRules'] as const) {
    made[kind] = 0;
    const Original = originals[kind] as unknown as new (...args: unknown[]) => object;
    // A subclass that counts its objects (a spy cannot call these constructors with `new`).
    (Intl as Record<Kind, unknown>)[kind] = class extends Original {
      constructor(...args: unknown[]) {
        super(...args);
        made[kind] += 1;
      }
    };
  }
});
afterEach(() => Object.assign(Intl, originals));

it('makes no Intl object when the module runs, and one of each at the first count', () => {
  let counts!: typeof import('./counts.js');
  jest.isolateModules(() => {
    counts = require('./counts.js');
  });
  expect(made).toEqual({ NumberFormat: 0, PluralRules: 0 });
  expect(counts.countOf(1040, 'passage')).toBe('1,040 passages');
  expect(counts.countRange(1, 2, 'passage')).toBe('1–2 passages');
  expect(counts.countOf(1, 'passage')).toBe('1 passage');
  expect(made).toEqual({ NumberFormat: 1, PluralRules: 1 });
});
