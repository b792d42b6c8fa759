import { Octokit } from '@octokit/rest';
import { z } from 'zod';
import { AppError } from '../toolkit/errors.js';
import { sendWithRetry } from '../toolkit/retry.js';
import type { ClientFactory } from './cache.js';

declare module '../toolkit/context.js' {
  interface ClientMap {
    code_host: Octokit;
  }
}

/** Credentials of the `code_host` integration in a JWT's connections. */
export const GithubCredentials = z.object({
  token: z.string().min(1),
  /** API root; GitHub Enterprise and the sandbox set it. */
  baseUrl: z.url().optional(),
});

export const DEFAULT_GITHUB_API = 'https://api.github.com';

export const githubClient: ClientFactory<'code_host'> = (credentials) => {
  const parsed = GithubCredentials.safeParse(credentials);
  if (!parsed.success) throw new AppError('NOT_CONFIGURED', 'code_host credentials need a "token" (and optionally "baseUrl")');
  const octokit = new Octokit({
    auth: parsed.data.token,
    baseUrl: (parsed.data.baseUrl ?? DEFAULT_GITHUB_API).replace(/\/$/, ''),
    userAgent: 'constellation-mcp',
    // Octokit logs warnings (deprecations) to console: keep stdout clean for stdio MCP.
    log: { debug() {}, info() {}, warn() {}, error() {} },
  });
  octokit.hook.wrap('request', (request, options) => sendWithRetry(options.method, async () => request(options)));
  return octokit;
};
