/**
 * DORA performance bands, from the published State of DevOps research (Accelerate, 2019-2023) as the
 * DORA team's Four Keys project buckets them. A metric without data has the category `no_data`.
 */
export type DoraCategory = 'elite' | 'high' | 'medium' | 'low' | 'no_data';

export interface Benchmark {
  elite: string;
  high: string;
  medium: string;
  low: string;
}

export const DORA_BENCHMARKS = {
  deployment_frequency: {
    elite: 'On demand: one or more production deployments per day',
    high: 'Between once per day and once per week',
    medium: 'Between once per week and once per month',
    low: 'Less than once per month',
  },
  lead_time_for_changes: {
    elite: 'Less than one day',
    high: 'Between one day and one week',
    medium: 'Between one week and one month',
    low: 'More than one month',
  },
  change_failure_rate: { elite: '0-15%', high: '16-30%', medium: '31-45%', low: 'More than 45%' },
  mean_time_to_recovery: {
    elite: 'Less than one hour',
    high: 'Less than one day',
    medium: 'Between one day and one week',
    low: 'More than one week',
  },
} satisfies Record<string, Benchmark>;

const DAY_HOURS = 24;

/** Deployments per day: elite >= 1/day, high >= 1/week, medium >= 1/month (30 days), low below. */
export function deploymentFrequencyCategory(perDay: number | null): DoraCategory {
  if (perDay === null) return 'no_data';
  if (perDay >= 1) return 'elite';
  if (perDay >= 1 / 7) return 'high';
  if (perDay >= 1 / 30) return 'medium';
  return 'low';
}

/** Median lead time in hours: elite < 1 day, high <= 1 week, medium <= 30 days, low beyond. */
export function leadTimeCategory(hours: number | null): DoraCategory {
  if (hours === null) return 'no_data';
  if (hours < DAY_HOURS) return 'elite';
  if (hours <= 7 * DAY_HOURS) return 'high';
  if (hours <= 30 * DAY_HOURS) return 'medium';
  return 'low';
}

/** Change failure rate in percent: elite <= 15, high <= 30, medium <= 45, low above. */
export function changeFailureCategory(percent: number | null): DoraCategory {
  if (percent === null) return 'no_data';
  if (percent <= 15) return 'elite';
  if (percent <= 30) return 'high';
  if (percent <= 45) return 'medium';
  return 'low';
}

/** Mean time to recovery in hours: elite < 1 hour, high < 1 day, medium <= 1 week, low beyond. */
export function recoveryCategory(hours: number | null): DoraCategory {
  if (hours === null) return 'no_data';
  if (hours < 1) return 'elite';
  if (hours < DAY_HOURS) return 'high';
  if (hours <= 7 * DAY_HOURS) return 'medium';
  return 'low';
}
