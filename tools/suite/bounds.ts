import { z } from 'zod';

/** A count bounded as the spec bounds it, whose refusal names the bound (`max_results must be between 1 and 500`). */
export const boundedCount = (name: string, max: number, fallback: number, what: string) =>
  z
    .number()
    .int(`${name} must be an integer`)
    .min(1, `${name} must be between 1 and ${max}`)
    .max(max, `${name} must be between 1 and ${max}`)
    .default(fallback)
    .describe(`At most this many ${what}, 1-${max} (default ${fallback})`);
