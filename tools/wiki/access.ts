import type { SystemAccess } from '../../src/catalog/access.js';
import { confluenceIntegration } from '../../src/integrations/atlassian/confluence.js';

/** What the system's tools reach (see SystemAccess). */
export const access: SystemAccess = {
  integrations: [confluenceIntegration],
};
