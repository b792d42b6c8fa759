import { describe, expect, it } from 'vitest';
import { SyncBudget } from '../../src/sync/budget.js';

const answer = (headers: Record<string, string>) => new Headers(headers);

describe('the sync budget', () => {
  it('counts every upstream answer, and lets the sync go on while the reserve for interactive calls is untouched', () => {
    const budget = new SyncBudget(0.3);
    budget.observe('GitHub', answer({ 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '71' }));
    budget.observe('Jira', answer({}));
    expect(budget.requests).toBe(2);
    expect(budget.exhausted()).toBeUndefined();
  });

  it('stops the sync, saying why and until when, once an upstream has less left than the reserve', () => {
    const budget = new SyncBudget(0.3);
    const reset = Date.UTC(2026, 10, 1, 13) / 1000;
    budget.observe(
      'GitHub',
      answer({ 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '69', 'x-ratelimit-reset': String(reset) }),
    );
    expect(budget.exhausted()).toBe(
      'paused until 2026-11-01T13:00:00.000Z: GitHub has 69 of 100 requests left, and the sync leaves 70 for interactive calls',
    );
  });
});
