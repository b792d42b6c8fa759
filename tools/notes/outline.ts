import type { SystemOutline } from '../../src/catalog/outline.js';
import { NOTION_ENV } from '../../src/integrations/notion/env.js';

/** What the catalog knows of this system without loading its tools (see SystemOutline). */
export const outline: SystemOutline = {
  entityTypes: ['notes_page', 'notes_database', 'user', 'issue', 'project', 'repository'],
  credentialVariables: Object.values(NOTION_ENV),
};
