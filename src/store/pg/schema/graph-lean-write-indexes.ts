/** Properties an exact-match search finds through an index of their own, as SQLite's graph schema has them. */
const INDEXED_PROPERTIES = ['key', 'status'] as const;

/**
 * Ingestion speed on PostgreSQL (migration `017_graph_lean_write_indexes`): fewer index entries and checks
 * for each node and edge written, as SQLite's graph migration 107 did.
 *
 * - Edges: no index by (tenant, type), no copy of the primary key with the tenant as a key column
 *   (`graph_edges_outgoing`, added only because the planner combined the primary key with the by-type index),
 *   and no foreign key to `tenants`, which checked the tenant for each edge and, without an index on the
 *   tenant, would scan every edge when a tenant goes. An edge's ends belong to its tenant, so it goes with
 *   them (cascade); a tenant's edges are counted and purged through its nodes (`graph-storage-pg.ts`).
 * - Node properties: no GIN index of every property of every node. An exact-match search compares the
 *   property (`properties -> 'p' = …`, `conditions-pg.ts`); `key` and `status` have an index of the nodes that
 *   have them, by tenant and type; other properties are filtered over the tenant's nodes of the type.
 */
export const graphLeanWriteIndexesSchema = `
DROP INDEX graph_edges_by_type;
DROP INDEX graph_edges_outgoing;
ALTER TABLE graph_edges DROP CONSTRAINT graph_edges_tenant_id_fkey;
DROP INDEX graph_nodes_properties;
${INDEXED_PROPERTIES.map(
  (p) => `CREATE INDEX graph_nodes_prop_${p} ON graph_nodes (tenant_id, node_type, (properties -> '${p}'))
  WHERE properties -> '${p}' IS NOT NULL;`,
).join('\n')}
`;
