import { defineIntegration } from '../integration.js';
import { githubClient } from './client.js';
import { GithubCredentials } from './credentials.js';
import { githubFailure, mapOctokitError } from './errors.js';
import { GITHUB_ENV } from './env.js';

/** GitHub (or GitHub Enterprise) through Octokit, with a token from a JWT's connections or the environment. */
export const githubIntegration = defineIntegration({
  id: 'github',
  title: 'GitHub',
  connectionKeys: ['code_host'],
  credentials: GithubCredentials,
  sources: ['jwt', 'env'],
  env: GITHUB_ENV,
  createClient: githubClient,
  classifyResponse: (response) =>
    response.status >= 400
      ? githubFailure(response.status, response.headers, undefined, undefined, undefined)
      : undefined,
  mapError: mapOctokitError,
  demo: () => import('./demo.js').then((m) => m.githubDemo),
});
