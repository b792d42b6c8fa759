import type { Octokit } from '@octokit/rest';
import type { ClientContext } from '../integration.js';
import { lazySdk } from '../lazy-sdk.js';
import type { GithubCredentials } from './credentials.js';

declare module '../../toolkit/context.js' {
  interface ClientMap {
    github: Octokit;
  }
}

const DEFAULT_GITHUB_API = 'https://api.github.com';

const loadOctokit = lazySdk(() => import('@octokit/rest'));

/**
 * Octokit on our fetch, the SDK loaded with the first client rather than at start-up. The client is
 * Octokit itself, not a stand-in: tools hand its methods to its paginator
 * (`octokit.paginate.iterator(octokit.rest.repos.list...)`).
 */
export async function githubClient(credentials: GithubCredentials, { fetch }: ClientContext): Promise<Octokit> {
  const { Octokit } = await loadOctokit();
  return new Octokit({
    auth: credentials.token,
    baseUrl: (credentials.baseUrl ?? DEFAULT_GITHUB_API).replace(/\/$/, ''),
    userAgent: 'constellation-mcp',
    request: { fetch },
    // Octokit logs warnings (deprecations) to console: keep stdout clean for stdio MCP.
    log: { debug() {}, info() {}, warn() {}, error() {} },
  });
}
