import type { SystemAccess } from '../../src/catalog/access.js';
import { notionIntegration } from '../../src/integrations/notion/integration.js';

/** What the system's tools reach (see SystemAccess). */
export const access: SystemAccess = {
  integrations: [notionIntegration],
};
