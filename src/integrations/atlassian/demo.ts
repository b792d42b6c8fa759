import { SANDBOX_CREDENTIALS } from '../../sandbox/credentials.js';
import { confluenceFake } from '../../sandbox/confluence/index.js';
import { jiraFake } from '../../sandbox/jira/index.js';
import type { IntegrationDemo } from '../integration.js';
import type { ConfluenceApi } from './confluence-api.js';
import type { JiraClients } from './jira-client.js';
import type { AtlassianCredentials } from './site.js';

/** Demo mode's Jira: the sandbox fake, and the email and API token each workspace's site accepts. */
export const jiraDemo: IntegrationDemo<AtlassianCredentials> = {
  fake: jiraFake,
  credentials: (workspace, fakeUrl) => ({
    baseUrl: fakeUrl,
    email: SANDBOX_CREDENTIALS[workspace].jira.email,
    apiToken: SANDBOX_CREDENTIALS[workspace].jira.apiToken,
  }),
  probes: {
    read: {
      path: '/rest/api/3/project/WEB',
      send: (client) => (client as JiraClients).v3.projects.getProject({ projectIdOrKey: 'WEB' }),
    },
    create: {
      path: '/rest/api/3/issue',
      send: (client) =>
        (client as JiraClients).v3.issues.createIssue({
          fields: { project: { key: 'WEB' }, summary: 'Contract probe', issuetype: { name: 'Task' } },
        }),
    },
  },
};

/** Demo mode's Confluence: the sandbox fake and each workspace's bot email and API token. */
export const confluenceDemo: IntegrationDemo<AtlassianCredentials> = {
  fake: confluenceFake,
  credentials: (workspace, fakeUrl) => ({ ...SANDBOX_CREDENTIALS[workspace].confluence, baseUrl: fakeUrl }),
  probes: {
    read: {
      path: '/wiki/rest/api/user/current',
      send: (client) => (client as ConfluenceApi).call((sdk) => sdk.users.getCurrentUser({})),
    },
    create: {
      path: '/wiki/api/v2/footer-comments',
      send: (client) =>
        (client as ConfluenceApi).v2('POST', '/footer-comments', {
          data: { pageId: '10000002', body: { representation: 'storage', value: '<p>Contract probe</p>' } },
        }),
    },
  },
};
