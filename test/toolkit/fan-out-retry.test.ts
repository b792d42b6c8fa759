import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/toolkit/errors.js';
import { fanOut } from '../../src/toolkit/fan-out.js';
import { backoffDelay, POLICIES } from '../../src/toolkit/retry.js';

describe('fanOut', () => {
  it('never runs more than the concurrency bound and keeps order', async () => {
    let active = 0;
    let peak = 0;
    const outcome = await fanOut(
      Array.from({ length: 20 }, (_, i) => i),
      async (i) => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 2));
        active--;
        if (i === 7) throw new AppError('NOT_FOUND', 'gone');
        return i * 2;
      },
      { concurrency: 3 },
    );
    expect(peak).toBe(3);
    expect(outcome.covered).toBe(20);
    expect(outcome.results.map((r) => r.value)).toEqual(
      Array.from({ length: 20 }, (_, i) => i * 2).filter((v) => v !== 14),
    );
    expect(outcome.failed).toEqual([{ resource: '7', error: { code: 'NOT_FOUND', message: 'gone' } }]);
  });
});

describe('retry policy', () => {
  it('backs off exponentially with jitter within the cap', () => {
    const policy = POLICIES.actionIdempotent;
    expect(backoffDelay(0, policy, () => 0)).toBe(100);
    expect(backoffDelay(0, policy, () => 1)).toBe(200);
    expect(backoffDelay(3, policy, () => 1)).toBe(1600);
    expect(backoffDelay(10, policy, () => 1)).toBe(policy.maxDelayMs);
  });
});
