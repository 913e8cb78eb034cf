import { isRestError } from './errors.js';
import { contentRange, rangeStatus, rowWindow } from './respond.js';

describe('Content-Range and statuses', () => {
  it('formats ranges as PostgREST', () => {
    expect(contentRange(0, 9, 57)).toBe('0-9/57');
    expect(contentRange(0, 9, null)).toBe('0-9/*');
    expect(contentRange(0, -1, 0)).toBe('*/0');
    expect(contentRange(0, -1, null)).toBe('*/*');
    expect(contentRange(1, 0, 3)).toBe('*/3');
  });

  it('answers 206 for a partial page of a known total and 416 past the end', () => {
    expect(rangeStatus(0, 9, null)).toBe(200);
    expect(rangeStatus(0, 9, 10)).toBe(200);
    expect(rangeStatus(0, 4, 10)).toBe(206);
    let error: unknown;
    try {
      rangeStatus(20, 19, 10);
    } catch (e) {
      error = e;
    }
    expect(isRestError(error) && [error.status, error.code]).toEqual([416, 'PGRST103']);
  });

  it('combines offset, limit, the Range header and max_rows', () => {
    expect(rowWindow({}, null, 1000)).toEqual({ offset: 0, limit: 1000 });
    expect(rowWindow({}, null, null)).toEqual({ offset: 0, limit: undefined });
    expect(rowWindow({ offset: 5, limit: 10 }, null, 1000)).toEqual({ offset: 5, limit: 10 });
    expect(rowWindow({}, '2-4', 1000)).toEqual({ offset: 2, limit: 3 });
    expect(rowWindow({ limit: 2 }, '0-9', 1000)).toEqual({ offset: 0, limit: 2 });
    expect(rowWindow({ limit: 5000 }, null, 1000)).toEqual({ offset: 0, limit: 1000 });
    let code = '';
    try {
      rowWindow({}, '5-2', 1000);
    } catch (e) {
      if (isRestError(e)) code = e.code;
    }
    expect(code).toBe('PGRST103');
  });
});
