import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/toolkit/errors.js';
import { fanOut } from '../../src/toolkit/fan-out.js';
import { backoffDelay, POLICIES, sendWithRetry, setRetryDelayScale, withRetryPolicy } from '../../src/toolkit/retry.js';

describe('fanOut', () => {
  it('never runs more than the concurrency bound and keeps order', async () => {
    let active = 0;
    let peak = 0;
    const outcome = await fanOut(Array.from({ length: 20 }, (_, i) => i), async (i) => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 2));
      active--;
      if (i === 7) throw new AppError('NOT_FOUND', 'gone');
      return i * 2;
    }, { concurrency: 3 });
    expect(peak).toBe(3);
    expect(outcome.covered).toBe(20);
    expect(outcome.results.map((r) => r.value)).toEqual(Array.from({ length: 20 }, (_, i) => i * 2).filter((v) => v !== 14));
    expect(outcome.failed).toEqual([{ resource: '7', error: { code: 'NOT_FOUND', message: 'gone' } }]);
  });
});

describe('retry policy', () => {
  afterEach(() => setRetryDelayScale(1));
  const failing = (times: number, status = 502) => {
    let calls = 0;
    return {
      send: async () => {
        calls++;
        if (calls <= times) throw Object.assign(new Error('boom'), { status, response: { headers: {} } });
        return 'ok';
      },
      calls: () => calls,
    };
  };

  it('retries safe requests, never a non-idempotent POST', async () => {
    setRetryDelayScale(0);
    const get = failing(2);
    expect(await withRetryPolicy(POLICIES.read, () => sendWithRetry('GET', get.send))).toBe('ok');
    expect(get.calls()).toBe(3);
    const post = failing(1);
    await expect(withRetryPolicy(POLICIES.actionOnce, () => sendWithRetry('POST', post.send))).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' });
    expect(post.calls()).toBe(1);
    const patch = failing(1);
    expect(await withRetryPolicy(POLICIES.actionIdempotent, () => sendWithRetry('PATCH', patch.send))).toBe('ok');
    expect(patch.calls()).toBe(2);
  });

  it('does not retry client errors, and sends once outside a tool call', async () => {
    setRetryDelayScale(0);
    const notFound = failing(1, 404);
    await expect(withRetryPolicy(POLICIES.read, () => sendWithRetry('GET', notFound.send))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(notFound.calls()).toBe(1);
    const bare = failing(1);
    await expect(sendWithRetry('GET', bare.send)).rejects.toBeInstanceOf(AppError);
    expect(bare.calls()).toBe(1);
  });

  it('backs off exponentially with jitter within the cap', () => {
    const policy = POLICIES.actionIdempotent;
    expect(backoffDelay(0, policy, () => 0)).toBe(100);
    expect(backoffDelay(0, policy, () => 1)).toBe(200);
    expect(backoffDelay(3, policy, () => 1)).toBe(1600);
    expect(backoffDelay(10, policy, () => 1)).toBe(policy.maxDelayMs);
  });
});
