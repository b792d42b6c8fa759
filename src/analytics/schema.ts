import type { Migration } from '../store/db.js';

/** Analytics cache table. Owned by src/analytics. */
export const analyticsMigrations: Migration[] = [];
