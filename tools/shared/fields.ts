import { z } from 'zod';

/** Field schemas shared by every system's tools. */
export const Limit = z.number().int().min(1).max(100);
export const Email = z.email().max(254);
export const TimePeriodDays = z
  .number()
  .int()
  .min(1)
  .max(365)
  .default(30)
  .describe('Window of the metrics in days (default 30)');
export const Labels = z.array(z.string().min(1).max(100)).min(1).max(50);
export const Refresh = z.boolean().default(false).describe('Compute now instead of from the analytics cache');
