import type { SystemAccess } from '../../src/catalog/access.js';
import { jiraIntegration } from '../../src/integrations/atlassian/jira.js';
import { githubIntegration } from '../../src/integrations/github/integration.js';
import { confluenceIntegration } from '../../src/integrations/atlassian/confluence.js';
import { googleIntegration } from '../../src/integrations/google/integration.js';
import { slackIntegration } from '../../src/integrations/slack/integration.js';

/** What the system's tools reach (see SystemAccess). */
export const access: SystemAccess = {
  integrations: [jiraIntegration, githubIntegration, confluenceIntegration, googleIntegration, slackIntegration],
};
