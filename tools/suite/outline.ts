import type { SystemOutline } from '../../src/catalog/outline.js';

/** What the catalog knows of this system without loading its tools (see SystemOutline). */
export const outline: SystemOutline = {
  entityTypes: ['user', 'contact'],
};
