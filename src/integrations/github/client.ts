import { Octokit } from '@octokit/rest';
import type { ClientContext } from '../integration.js';
import type { GithubCredentials } from './credentials.js';

declare module '../../toolkit/context.js' {
  interface ClientMap {
    github: Octokit;
  }
}

const DEFAULT_GITHUB_API = 'https://api.github.com';

/**
 * Octokit on our fetch. Loaded with the catalog, not on first use: tools hand its methods to its
 * paginator (`octokit.paginate.iterator(octokit.rest.repos.list...)`), which a stand-in could not serve.
 */
export function githubClient(credentials: GithubCredentials, { fetch }: ClientContext): Octokit {
  return new Octokit({
    auth: credentials.token,
    baseUrl: (credentials.baseUrl ?? DEFAULT_GITHUB_API).replace(/\/$/, ''),
    userAgent: 'constellation-mcp',
    request: { fetch },
    // Octokit logs warnings (deprecations) to console: keep stdout clean for stdio MCP.
    log: { debug() {}, info() {}, warn() {}, error() {} },
  });
}
