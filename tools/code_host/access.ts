import type { SystemAccess } from '../../src/catalog/access.js';
import { githubIntegration } from '../../src/integrations/github/integration.js';

/** What the system's tools reach (see SystemAccess). */
export const access: SystemAccess = {
  integrations: [githubIntegration],
};
