import type { SystemAccess } from '../../src/catalog/access.js';
import { jiraIntegration } from '../../src/integrations/atlassian/jira.js';

/** What the system's tools reach (see SystemAccess). */
export const access: SystemAccess = {
  integrations: [jiraIntegration],
};
