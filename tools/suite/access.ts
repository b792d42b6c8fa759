import type { SystemAccess } from '../../src/catalog/access.js';
import { googleIntegration } from '../../src/integrations/google/integration.js';
import { googleOAuth } from '../../src/integrations/google/oauth.js';

/** What the system's tools reach (see SystemAccess). */
export const access: SystemAccess = {
  integrations: [googleIntegration],
  authorization: { family: 'suite', upstream: googleOAuth },
};
