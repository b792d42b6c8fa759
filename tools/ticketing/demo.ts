import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import { jiraFake } from '../../src/sandbox/jira/index.js';
import type { IntegrationDemo } from '../../src/integrations/integration.js';
import type { JiraClients } from './story-points.js';

/** Demo mode's Jira: the sandbox fake, and the email and API token each workspace's site accepts. */
export const jiraDemo: IntegrationDemo<{ baseUrl: string; email: string; apiToken: string }> = {
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
