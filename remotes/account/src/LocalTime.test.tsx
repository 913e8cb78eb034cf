/** @jest-environment jsdom */
// The account pages' times: a <time> element with the exact time, in the words of
// `toLocaleString()` / `toLocaleDateString()`; the formatters, one per precision, are made in a
// task of their own while the signed-in pages download, else at the first time shown inside
// LocalTime's own render (issue #40: a page's first date formatter loads the locale's date data,
// and the profile page made it in its own render).
import { render } from '@testing-library/react';

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

it('shows a time as the locale writes it, in a <time> element, with one formatter per precision made as times are shown', () => {
  const made = jest.spyOn(Intl, 'DateTimeFormat');
  let LocalTime!: typeof import('./LocalTime.js').LocalTime;
  jest.isolateModules(() => {
    ({ LocalTime } = require('./LocalTime.js'));
  });
  expect(made).not.toHaveBeenCalled();

  const at = '2026-11-29T14:05:09.123Z';
  const later = '2026-11-30T08:00:00Z';
  const { container } = render(
    <>
      <LocalTime at={at} />
      <LocalTime at={later} />
      <LocalTime at={at} precision="date" />
      <LocalTime at={null} />
    </>,
  );
  const times = [...container.querySelectorAll('time')];
  expect(times.map((time) => [time.dateTime, time.textContent])).toEqual([
    [at, new Date(at).toLocaleString()],
    [later, new Date(later).toLocaleString()],
    [at, new Date(at).toLocaleDateString()],
  ]);
  expect(container.textContent).toMatch(/—$/);
  expect(made).toHaveBeenCalledTimes(2);
});

it('makes the formatters in one task of their own when asked ahead, and the times shown then make none', () => {
  jest.useFakeTimers();
  const made = jest.spyOn(Intl, 'DateTimeFormat');
  let LocalTime!: typeof import('./LocalTime.js').LocalTime;
  let prepareLocalTimeFormats!: typeof import('./local-time-formats.js').prepareLocalTimeFormats;
  jest.isolateModules(() => {
    ({ LocalTime } = require('./LocalTime.js'));
    ({ prepareLocalTimeFormats } = require('./local-time-formats.js'));
  });

  prepareLocalTimeFormats();
  prepareLocalTimeFormats();
  // Not in the task that asked (the chunk's request): in one queued after it.
  expect(made).not.toHaveBeenCalled();
  expect(jest.getTimerCount()).toBe(1);
  jest.runOnlyPendingTimers();
  expect(made).toHaveBeenCalledTimes(2);

  const at = '2026-11-29T14:05:09.123Z';
  const { container } = render(
    <>
      <LocalTime at={at} />
      <LocalTime at={at} precision="date" />
    </>,
  );
  expect([...container.querySelectorAll('time')].map((time) => time.textContent)).toEqual([new Date(at).toLocaleString(), new Date(at).toLocaleDateString()]);
  expect(made).toHaveBeenCalledTimes(2);
});
