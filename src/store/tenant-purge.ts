import type { Db } from './db.js';

/**
 * Deletes every row a tenant owns, in every table that has a `tenant_id` column (graph, activity,
 * caches, documents...), in one transaction. New tables are covered without registering anywhere.
 */
export function purgeTenantData(db: Db, tenantId: string): number {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
  const owned = tables.filter((table) => {
    try {
      return (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).includes('tenant_id');
    } catch {
      return false;
    }
  });
  let removed = 0;
  db.transaction(() => {
    for (const table of owned)
      removed += db.prepare(`DELETE FROM "${table.replace(/"/g, '""')}" WHERE tenant_id = ?`).run(tenantId).changes;
  })();
  return removed;
}
