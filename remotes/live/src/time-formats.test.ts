// The live remote's date formatters are made at the first time shown, one per precision, not when
// the module runs (issue #40: a page's first date formatter loads the locale's date data, and the
// remote's modules run in one task).
afterEach(() => jest.restoreAllMocks());

it('makes no formatter when the module runs, and one per precision as times are shown', () => {
  const made = jest.spyOn(Intl, 'DateTimeFormat');
  let formats!: typeof import('./time-formats.js');
  jest.isolateModules(() => {
    formats = require('./time-formats.js');
  });
  expect(made).not.toHaveBeenCalled();

  const at = new Date('2026-11-29T14:05:09Z');
  expect(formats.timeOfDay(at)).toBe(at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }));
  expect(formats.timeOfDay(new Date('2026-11-29T15:06:00Z'))).toBe(new Date('2026-11-29T15:06:00Z').toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }));
  expect(made).toHaveBeenCalledTimes(1);
  expect(formats.timeToTheSecond(at)).toBe(at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' }));
  expect(formats.dayAndTime(at)).toBe(at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
  expect(formats.dayAndTime(at)).toBe(at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
  expect(made).toHaveBeenCalledTimes(3);
});
