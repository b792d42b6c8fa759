import { classifyByStatus } from '../http-status.js';
import { defineIntegration } from '../integration.js';
import { jiraClients } from './jira-client.js';
import { mapJiraError } from './jira-errors.js';
import { AtlassianCredentials } from './site.js';

/** Jira Cloud through jira.js (imported on first call). */
export const jiraIntegration = defineIntegration({
  id: 'jira',
  title: 'Jira',
  connectionKeys: ['ticketing'],
  credentials: AtlassianCredentials,
  sources: ['jwt', 'env'],
  env: { baseUrl: 'JIRA_BASE_URL', email: 'JIRA_EMAIL', apiToken: 'JIRA_API_TOKEN' },
  createClient: jiraClients,
  classifyResponse: classifyByStatus('Jira'),
  mapError: mapJiraError,
  demo: () => import('./demo.js').then((m) => m.jiraDemo),
});
