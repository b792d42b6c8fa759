/**
 * A recursive CTE `tenant (id)` listing each tenant with rows in `table`, one probe of an index led by
 * `tenant_id` apiece (a skip scan): SQLite reads no table's every row to find its distinct tenants, so a
 * retention sweep needs no index on time alone, which every insert would pay for. Ends in a null row.
 */
export const tenantsInTableCte = (table: string): string => `
  WITH RECURSIVE tenant (id) AS (
    SELECT min(tenant_id) FROM ${table}
    UNION ALL
    SELECT (SELECT min(tenant_id) FROM ${table} WHERE tenant_id > tenant.id) FROM tenant WHERE tenant.id IS NOT NULL
  )`;
