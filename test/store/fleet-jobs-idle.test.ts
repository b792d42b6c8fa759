import { describe, expect, it } from 'vitest';
import { FleetJobs } from '../../src/store/fleet-jobs.js';
import { LocalLocks } from '../../src/store/fleet-locks.js';
import type { Logger } from '../../src/toolkit/context.js';

const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

describe('FleetJobs.idle', () => {
  it('resolves once the turns under way have ended, and at once when none is', async () => {
    const jobs = new FleetJobs(new LocalLocks(), quiet);
    await jobs.idle();
    let finish = () => undefined as void;
    const done: string[] = [];
    const turn = jobs.run('sweep', () => new Promise<void>((resolve) => (finish = resolve)));
    const idle = jobs.idle().then(() => void done.push('idle'));
    void turn.then(() => void done.push('turn'));
    // Nothing has ended while the turn holds.
    await Promise.resolve();
    expect(done).toEqual([]);
    finish();
    await idle;
    expect(done).toEqual(['turn', 'idle']);
    await jobs.stop();
  });
});
