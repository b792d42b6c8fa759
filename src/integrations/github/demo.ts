import { SANDBOX_CREDENTIALS } from '../../sandbox/credentials.js';
import { githubFake } from '../../sandbox/github/index.js';
import type { IntegrationDemo } from '../integration.js';
import type { Octokit } from '@octokit/rest';

/** Demo mode's GitHub: the sandbox fake, and the token each workspace's fake accepts. */
export const githubDemo: IntegrationDemo<{ token: string; baseUrl: string }> = {
  fake: githubFake,
  credentials: (workspace, fakeUrl) => ({ token: SANDBOX_CREDENTIALS[workspace].github.token, baseUrl: fakeUrl }),
  probes: {
    read: {
      path: '/repos/acme/api',
      send: (client) => (client as Octokit).rest.repos.get({ owner: 'acme', repo: 'api' }),
    },
    create: {
      path: '/repos/acme/api/issues',
      send: (client) => (client as Octokit).rest.issues.create({ owner: 'acme', repo: 'api', title: 'Contract probe' }),
    },
  },
};
