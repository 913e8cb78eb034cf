import { parseRange } from './range.js';

describe('parseRange', () => {
  it('serves the whole object without a usable header', () => {
    expect(parseRange(null, 10)).toEqual({ kind: 'whole' });
    expect(parseRange('items=0-1', 10)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-1,4-5', 10)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=-', 10)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=5-2', 10)).toEqual({ kind: 'whole' });
  });

  it('reads first-last, open-ended and suffix ranges', () => {
    expect(parseRange('bytes=0-3', 10)).toEqual({ kind: 'partial', start: 0, end: 3 });
    expect(parseRange('bytes=4-', 10)).toEqual({ kind: 'partial', start: 4, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ kind: 'partial', start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseRange('bytes=8-100', 10)).toEqual({ kind: 'partial', start: 8, end: 9 });
  });

  it('reports ranges outside the object', () => {
    expect(parseRange('bytes=10-', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-1', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 10)).toEqual({ kind: 'unsatisfiable' });
  });
});
