import { describe, expect, it } from 'vitest';
import {
  changeFailureCategory,
  deploymentFrequencyCategory,
  leadTimeCategory,
  recoveryCategory,
} from '../../src/analytics/bands.js';
import {
  durationSummary,
  inWindow,
  mean,
  median,
  percent,
  percentile,
  round,
  windowOf,
} from '../../src/analytics/stats.js';

describe('statistics', () => {
  it('percentiles interpolate between closest ranks', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([7], 90)).toBe(7);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBeCloseTo(9.1);
    expect(percentile([10, 20], 0)).toBe(10);
    expect(percentile([10, 20], 100)).toBe(20);
    expect(median([1, Number.NaN, 3])).toBe(2);
  });

  it('means, rounding, shares and duration summaries', () => {
    expect(mean([])).toBeNull();
    expect(mean([1, 2, 6])).toBe(3);
    expect(round(1.005, 2)).toBe(1);
    expect(round(null)).toBeNull();
    expect(percent(1, 3)).toBe(33.33);
    expect(percent(0, 0)).toBeNull();
    expect(durationSummary([3_600_000, 7_200_000, 10_800_000])).toEqual({ p50: 2, p90: 2.8, mean: 2, count: 3 });
  });

  it('windows are inclusive at both ends', () => {
    const w = windowOf(1_000_000_000, 1);
    expect(w.start).toBe(1_000_000_000 - 86_400_000);
    expect(inWindow(w.start, w)).toBe(true);
    expect(inWindow(w.end, w)).toBe(true);
    expect(inWindow(w.end + 1, w)).toBe(false);
    expect(inWindow(null, w)).toBe(false);
  });
});

describe('DORA bands (State of DevOps research)', () => {
  it('deployment frequency: elite daily or more, high weekly, medium monthly, low below', () => {
    expect(deploymentFrequencyCategory(3)).toBe('elite');
    expect(deploymentFrequencyCategory(1)).toBe('elite');
    expect(deploymentFrequencyCategory(0.5)).toBe('high');
    expect(deploymentFrequencyCategory(1 / 7)).toBe('high');
    expect(deploymentFrequencyCategory(0.1)).toBe('medium');
    expect(deploymentFrequencyCategory(1 / 30)).toBe('medium');
    expect(deploymentFrequencyCategory(0)).toBe('low');
    expect(deploymentFrequencyCategory(null)).toBe('no_data');
  });

  it('lead time: elite under a day, high up to a week, medium up to a month, low beyond', () => {
    expect(leadTimeCategory(0.5)).toBe('elite');
    expect(leadTimeCategory(24)).toBe('high');
    expect(leadTimeCategory(168)).toBe('high');
    expect(leadTimeCategory(169)).toBe('medium');
    expect(leadTimeCategory(720)).toBe('medium');
    expect(leadTimeCategory(721)).toBe('low');
    expect(leadTimeCategory(null)).toBe('no_data');
  });

  it('change failure rate: 0-15, 16-30, 31-45, over 45 percent', () => {
    expect(changeFailureCategory(0)).toBe('elite');
    expect(changeFailureCategory(15)).toBe('elite');
    expect(changeFailureCategory(15.5)).toBe('high');
    expect(changeFailureCategory(30)).toBe('high');
    expect(changeFailureCategory(45)).toBe('medium');
    expect(changeFailureCategory(46)).toBe('low');
    expect(changeFailureCategory(null)).toBe('no_data');
  });

  it('time to recovery: elite under an hour, high under a day, medium up to a week, low beyond', () => {
    expect(recoveryCategory(0.9)).toBe('elite');
    expect(recoveryCategory(1)).toBe('high');
    expect(recoveryCategory(23.9)).toBe('high');
    expect(recoveryCategory(24)).toBe('medium');
    expect(recoveryCategory(168)).toBe('medium');
    expect(recoveryCategory(169)).toBe('low');
    expect(recoveryCategory(null)).toBe('no_data');
  });
});
