import type { SystemAccess } from '../../src/catalog/access.js';
import { unifyIntegration } from '../../src/integrations/apideck/integration.js';

/** What the system's tools reach (see SystemAccess). */
export const access: SystemAccess = {
  integrations: [unifyIntegration],
};
