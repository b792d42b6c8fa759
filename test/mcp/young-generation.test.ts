import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const MiB = 2 ** 20;
const LOAD = new URL('./fixtures/young-generation-load.ts', import.meta.url).pathname;

/** The young generation's size after the load, in a fresh process (a test worker's heap has grown already). */
async function youngGenerationAfterLoad(mode: 'capped' | 'free'): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', LOAD, mode]);
  return Number(stdout);
}

describe('capYoungGeneration', () => {
  it('keeps the young generation near its limit however much a server allocates between turns', async () => {
    const [capped, free] = await Promise.all([youngGenerationAfterLoad('capped'), youngGenerationAfterLoad('free')]);
    // Left alone, V8 grows it past the limit under this load; one doubling may land before the cap is seen.
    expect(free).toBeGreaterThan(8 * MiB);
    expect(capped).toBeLessThanOrEqual(8 * MiB);
  });
});
