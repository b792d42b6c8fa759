import { describe, expect, it } from 'vitest';
import { blend, HYBRID_WEIGHTS } from '../../src/documents/retrieve.js';

const weights = [HYBRID_WEIGHTS.keyword, HYBRID_WEIGHTS.vector, HYBRID_WEIGHTS.graph];

describe('hybrid fusion', () => {
  it('keeps the clear keyword match first however the weak vector side ranks it', () => {
    const keyword = [
      { id: 1, score: 12 },
      { id: 2, score: 3 },
      { id: 3, score: 2 },
    ];
    const vector = [
      { id: 3, score: 0.9 },
      { id: 2, score: 0.8 },
      { id: 4, score: 0.7 },
    ];
    expect(blend([keyword, vector, []], weights).map((h) => h.id)).toEqual([1, 2, 3, 4]);
  });

  it('lets the vector side order keyword near-ties, and ranks chunks naming a query entity high', () => {
    const keyword = [
      { id: 1, score: 10 },
      { id: 2, score: 9.9 },
      { id: 3, score: 1 },
    ];
    const vector = [
      { id: 2, score: 0.9 },
      { id: 1, score: 0.1 },
    ];
    const named = [{ id: 3, score: 1 }];
    const fused = blend([keyword, vector, named], weights);
    expect(fused.map((h) => h.id)).toEqual([2, 1, 3]);
    expect(fused[0].score).toBeCloseTo(HYBRID_WEIGHTS.keyword * (8.9 / 9) + HYBRID_WEIGHTS.vector, 6);
    expect(fused[2].score).toBeCloseTo(HYBRID_WEIGHTS.graph, 6);
  });

  it('gives a list of one chunk its full weight and an empty list nothing', () => {
    expect(blend([[{ id: 7, score: -3 }], []], [0.9, 0.1])).toEqual([{ id: 7, score: 0.9 }]);
  });
});
