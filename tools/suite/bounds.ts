import { z } from 'zod';

/**
 * A page size under the name and bounds the spec gives it (`max_results`, 1-500), the list tool's
 * `limitAlias`: its refusal names the bound (`max_results must be between 1 and 500`).
 */
export const boundedCount = (name: string, max: number, fallback: number) =>
  z
    .number()
    .int(`${name} must be an integer`)
    .min(1, `${name} must be between 1 and ${max}`)
    .max(max, `${name} must be between 1 and ${max}`)
    .optional()
    .describe(`Page size, 1-${max} (default ${fallback}); limit (1-100) works too`);
