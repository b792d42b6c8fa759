import { classifyByStatus } from '../http-status.js';
import { defineIntegration } from '../integration.js';
import { jiraClients } from './jira-client.js';
import { mapJiraError } from './jira-errors.js';
import { AtlassianCredentials } from './site.js';
import { JIRA_ENV } from './env.js';

/** Jira Cloud through jira.js (imported on first call). */
export const jiraIntegration = defineIntegration({
  id: 'jira',
  title: 'Jira',
  connectionKeys: ['ticketing'],
  credentials: AtlassianCredentials,
  sources: ['jwt', 'env'],
  env: JIRA_ENV,
  createClient: jiraClients,
  classifyResponse: classifyByStatus('Jira'),
  mapError: mapJiraError,
  demo: () => import('./demo.js').then((m) => m.jiraDemo),
});
