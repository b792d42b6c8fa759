import type { ErrorShape } from './error-shape.js';
import { atlassianRateHeaders, githubRateHeaders, retryAfterHeaders, type RateHeaderStyle } from './rate-limit.js';
import {
  apideckErrors,
  confluenceErrors,
  githubErrors,
  googleErrors,
  jiraErrors,
  notionErrors,
  slackErrors,
} from './upstream-errors.js';

/** How one upstream speaks about failure: its error bodies and its rate-limit headers. */
interface UpstreamConvention {
  errors: ErrorShape;
  rateHeaders: RateHeaderStyle;
}

/**
 * The convention of each sandbox prefix. Fault injection answers in it, so an injected failure looks like
 * the upstream's own; each fake uses the same entry for its errors and rate limits.
 */
const UPSTREAM_CONVENTIONS: Readonly<Record<string, UpstreamConvention>> = {
  '/github': { errors: githubErrors, rateHeaders: githubRateHeaders },
  '/jira': { errors: jiraErrors, rateHeaders: atlassianRateHeaders },
  '/confluence': { errors: confluenceErrors, rateHeaders: atlassianRateHeaders },
  '/notion': { errors: notionErrors, rateHeaders: retryAfterHeaders },
  '/google': { errors: googleErrors, rateHeaders: retryAfterHeaders },
  '/slack': { errors: slackErrors, rateHeaders: retryAfterHeaders },
  '/unify': { errors: apideckErrors, rateHeaders: retryAfterHeaders },
};

/** The convention of the upstream a sandbox path belongs to (by its first segment). */
export function conventionOf(path: string): UpstreamConvention | undefined {
  const prefix = '/' + (path.split('/')[1] ?? '');
  return Object.hasOwn(UPSTREAM_CONVENTIONS, prefix) ? UPSTREAM_CONVENTIONS[prefix] : undefined;
}
