import type { Migration } from '../store/db.js';

/** Graph tables (nodes, edges, activity, context). Owned by src/graph. */
export const graphMigrations: Migration[] = [];
