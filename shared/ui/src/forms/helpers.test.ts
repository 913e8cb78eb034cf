import { fromDateTimeLocal, toDateTimeLocal } from './dateTime.js';
import { fileMatchesAccept } from './FileDrop.js';
import { parseNumberInput } from './NumberInput.js';

describe('date-time conversions', () => {
  it('round-trips an instant through the local wall-clock value', () => {
    const iso = '2026-03-14T15:09:26.000Z';
    const local = toDateTimeLocal(iso, true);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(fromDateTimeLocal(local)).toBe(iso);
    expect(toDateTimeLocal(new Date(2026, 0, 2, 3, 4))).toBe('2026-01-02T03:04');
  });

  it('gives empty / null for empty or invalid input instead of "Invalid Date"', () => {
    expect(toDateTimeLocal(null)).toBe('');
    expect(toDateTimeLocal('not a date')).toBe('');
    expect(fromDateTimeLocal('')).toBeNull();
    expect(fromDateTimeLocal('2026-13-45')).toBeNull();
  });
});

describe('parseNumberInput', () => {
  it('parses numbers and treats empty or partial input as null', () => {
    expect(parseNumberInput('42')).toBe(42);
    expect(parseNumberInput('-1.5')).toBe(-1.5);
    expect(parseNumberInput('')).toBeNull();
    expect(parseNumberInput('  ')).toBeNull();
    expect(parseNumberInput('-')).toBeNull();
  });
});

describe('fileMatchesAccept', () => {
  const file = (name: string, type: string) => new File(['x'], name, { type });
  it('matches MIME types, wildcards and extensions like <input accept>', () => {
    expect(fileMatchesAccept(file('a.png', 'image/png'), 'image/*')).toBe(true);
    expect(fileMatchesAccept(file('a.pdf', 'application/pdf'), 'image/*, .pdf')).toBe(true);
    expect(fileMatchesAccept(file('a.PDF', ''), '.pdf')).toBe(true);
    expect(fileMatchesAccept(file('a.txt', 'text/plain'), 'image/*,.pdf')).toBe(false);
    expect(fileMatchesAccept(file('a.txt', 'text/plain'), undefined)).toBe(true);
  });
});
