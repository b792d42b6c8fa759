import { z } from 'zod';
import type { UpstreamFetch } from '../integration.js';

/**
 * Credentials of an Atlassian Cloud site, as Jira and Confluence both take them: the site, an account's
 * email and API token (HTTP basic). Jira's arrive as the spec's `connections.ticketing`, Confluence's as
 * `connections.wiki`, or as JIRA_* and CONFLUENCE_* variables for a local user.
 */
export const AtlassianCredentials = z.object({
  /** Site URL, e.g. `https://acme.atlassian.net` (the sandbox's `/jira` or `/confluence` fake in demo mode). */
  baseUrl: z.url().describe('Site root, e.g. https://acme.atlassian.net'),
  email: z.string().min(1),
  apiToken: z.string().min(1),
});
export type AtlassianCredentials = z.infer<typeof AtlassianCredentials>;

/**
 * The configuration jira.js and confluence.js are built with: basic authentication, and axios's fetch
 * adapter on our fetch, the one retry layer (neither SDK retries on its own).
 */
export function atlassianSdkConfig(host: string, credentials: AtlassianCredentials, fetch: UpstreamFetch) {
  return {
    host,
    authentication: { basic: { email: credentials.email, apiToken: credentials.apiToken } },
    baseRequestConfig: { adapter: 'fetch' as const, env: { fetch } },
  };
}
