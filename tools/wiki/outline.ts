import type { SystemOutline } from '../../src/catalog/outline.js';
import { CONFLUENCE_ENV } from '../../src/integrations/atlassian/env.js';

/** What the catalog knows of this system without loading its tools (see SystemOutline). */
export const outline: SystemOutline = {
  entityTypes: ['page', 'space', 'user', 'issue', 'project', 'repository'],
  // Documents that name a page by its title link to it.
  namedByLabel: ['page'],
  credentialVariables: Object.values(CONFLUENCE_ENV),
};
