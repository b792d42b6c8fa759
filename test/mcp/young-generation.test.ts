import { setImmediate as nextTurn } from 'node:timers/promises';
import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { capYoungGeneration } from '../../src/mcp/young-generation.js';

const MiB = 2 ** 20;
const youngGeneration = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size;

describe('capYoungGeneration', () => {
  it('keeps the young generation near its limit however much a server allocates between turns', async () => {
    const stop = capYoungGeneration(4 * MiB);
    try {
      // Objects that outlive a collection or two, as a call's do: what makes V8 grow the young generation.
      let kept: Array<{ id: number; name: string }> = [];
      for (let turn = 0; turn < 300; turn++) {
        for (let i = 0; i < 20_000; i++) kept.push({ id: i, name: `item ${i}` });
        if (kept.length > 40_000) kept = [];
        await nextTurn();
      }
      // Left alone, V8 grows it to 32 MiB under this load; one doubling may land before the cap is seen.
      expect(youngGeneration()).toBeLessThanOrEqual(8 * MiB);
    } finally {
      stop();
    }
  });
});
