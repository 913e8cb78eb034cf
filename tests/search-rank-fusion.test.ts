// The fusion the search-documents function ranks hybrid results with.
import { reciprocalRankFusion, RRF_K } from '../supabase/functions/_shared/rank-fusion.js';

const id = (item: string) => item;

describe('reciprocalRankFusion', () => {
  it('scores each item by the sum of 1 / (k + rank) over the lists that hold it', () => {
    const fused = reciprocalRankFusion([{ items: ['a', 'b', 'c'] }, { items: ['c', 'a'] }], id);
    expect(fused.map((f) => f.key)).toEqual(['a', 'c', 'b']);
    expect(fused[0]!.score).toBeCloseTo(1 / (RRF_K + 1) + 1 / (RRF_K + 2), 12);
    expect(fused[1]!.score).toBeCloseTo(1 / (RRF_K + 3) + 1 / (RRF_K + 1), 12);
    expect(fused[2]!.score).toBeCloseTo(1 / (RRF_K + 2), 12);
    expect(fused.map((f) => f.ranks)).toEqual([
      [1, 2],
      [3, 1],
      [2, null],
    ]);
  });

  it('puts an item found by both lists above one found first by only one', () => {
    const fused = reciprocalRankFusion(
      [{ items: ['only-vector', 'both'] }, { items: ['only-text', 'both'] }],
      id,
    );
    expect(fused[0]!.key).toBe('both');
  });

  it('weights a list', () => {
    const fused = reciprocalRankFusion(
      [
        { items: ['x'], weight: 1 },
        { items: ['y'], weight: 2 },
      ],
      id,
    );
    expect(fused.map((f) => f.key)).toEqual(['y', 'x']);
  });

  it('keeps the first order on ties, counts a repeated item once, and handles empty lists', () => {
    expect(
      reciprocalRankFusion([{ items: ['p', 'q'] }, { items: ['q', 'p'] }], id).map((f) => f.key),
    ).toEqual(['p', 'q']);
    const repeated = reciprocalRankFusion([{ items: ['a', 'a', 'b'] }], id);
    expect(repeated.map((f) => [f.key, f.ranks[0]])).toEqual([
      ['a', 1],
      ['b', 3],
    ]);
    expect(reciprocalRankFusion([{ items: [] }, { items: [] }], id)).toEqual([]);
  });

  it('fuses objects by their key and keeps the first-seen object', () => {
    const fused = reciprocalRankFusion(
      [{ items: [{ key: 'd1:0', from: 'vector' }] }, { items: [{ key: 'd1:0', from: 'text' }] }],
      (item) => item.key,
      60,
    );
    expect(fused).toEqual([
      { key: 'd1:0', item: { key: 'd1:0', from: 'vector' }, score: 2 / 61, ranks: [1, 1] },
    ]);
  });
});
