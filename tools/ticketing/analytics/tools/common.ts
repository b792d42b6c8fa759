import { z } from 'zod';
import { Limit, Refresh, TimePeriodDays } from '../../../shared/fields.js';

/** A Jira project key: a letter, then letters, digits or underscores; matched case-insensitively. */
const ProjectKeyArg = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, 'project_key must be a Jira project key such as "PAY"')
  .transform((key) => key.toUpperCase());

export const windowInput = { time_period_days: TimePeriodDays, refresh: Refresh };
export const optionalProject = ProjectKeyArg.optional().describe(
  'Jira project key, e.g. "PAY"; every project the caller can see when omitted',
);
export const requiredProject = ProjectKeyArg.describe('Jira project key, e.g. "PAY"');
export const DeveloperLimit = Limit.default(50).describe(
  'Most people returned, most resolved first (default 50, max 100)',
);

/** The analytical capability of a ticketing tool. */
export const analytical = (name: string, outputs: string[]) => ({
  type: 'analytical' as const,
  name: `ticketing.analytics.${name}`,
  outputs,
});
