import { progressOf, sizes, stepFailed } from './indexing-progress.js';

const passage = (length: number) => ({ heading: null, text: 'x'.repeat(length), start: 0, end: length });

describe('sizes', () => {
  it('says one passage as one, with its one length', () => {
    expect(sizes([passage(126)])).toBe('1 passage of 126 characters');
  });
  it('says passages of one length without a range or an average', () => {
    expect(sizes([passage(126), passage(126)])).toBe('2 passages of 126 characters');
  });
  it('says a range and the average otherwise', () => {
    expect(sizes([passage(80), passage(126), passage(1200)])).toBe('3 passages of 80–1,200 characters (about 469 characters on average)');
  });
  it('says no passages', () => {
    expect(sizes([])).toBe('no passages');
  });
});

describe('progressOf', () => {
  const state = { embedded: null, passages: [passage(10)], failedStep: null };
  it('says each step as people say it, with counts in their form', () => {
    expect(progressOf({ ...state, stage: 'split' }).label).toBe('dividing the text into passages');
    expect(progressOf({ ...state, stage: 'embed', embedded: { done: 0, total: 1 } }).label).toBe('preparing for search: 0 of 1 passage');
    expect(progressOf({ ...state, stage: 'embed', embedded: { done: 2, total: 3 } })).toEqual({ value: 1 + 2 / 3, label: 'preparing for search: 2 of 3 passages', step: 2 });
    expect(progressOf({ ...state, stage: 'store' }).label).toBe('saving 1 passage');
    expect(progressOf({ ...state, stage: 'failed', failedStep: 'store' }).label).toBe('not indexed: saving the passages failed');
    expect(progressOf({ ...state, stage: 'failed', failedStep: null }).label).toBe('not indexed: a step failed');
  });
  it('names a failed step in words, never the function’s name for it', () => {
    expect(stepFailed('embed')).toBe('Preparing the passages for search failed');
    expect(stepFailed('somethingnew')).toBe('A step failed');
  });
});
