import { localeDateText } from './format-date.js';

describe('localeDateText', () => {
  it('writes dates and times in the person’s locale', () => {
    expect(localeDateText('date', '2026-12-02', 'en-GB')).toBe('2 Dec 2026');
    expect(localeDateText('date', '2026-12-02', 'de-DE')).toBe('02.12.2026');
    expect(localeDateText('date', '2026-12-02', 'en-US')).toBe('Dec 2, 2026');
    expect(localeDateText('time', '09:30:00', 'en-US')).toBe('9:30:00 AM');
    expect(localeDateText('timestamp', '2026-01-05T10:00:00', 'de-DE')).toBe('05.01.2026, 10:00:00');
  });

  it('shows an instant in the person’s time zone', () => {
    expect(localeDateText('timestamptz', '2026-01-05T10:00:00+00:00', 'en-GB', 'Europe/Berlin')).toBe('5 Jan 2026, 11:00:00');
    expect(localeDateText('timestamptz', '2026-01-05T10:00:00+00:00', 'en-GB', 'America/New_York')).toBe('5 Jan 2026, 05:00:00');
  });

  it('leaves what is not a date of its kind alone', () => {
    expect(localeDateText('date', 'soon', 'en-GB')).toBeNull();
    expect(localeDateText('text', '2026-12-02', 'en-GB')).toBeNull();
    expect(localeDateText('date', null, 'en-GB')).toBeNull();
  });
});
