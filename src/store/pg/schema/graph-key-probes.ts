/**
 * Ingestion speed on PostgreSQL (migration `004_graph_key_probes`, added to a released schema).
 *
 * - `graph_nodes_by_type` compares its text columns in the "C" collation, so only a query that asks for it
 *   (`tenant_id COLLATE "C" = … AND node_type COLLATE "C" = …`, the listing of a type by recency) can use it.
 *   A key probe (`tenant_id = … AND node_type = … AND node_id = …`) then has the key index alone: before, a
 *   plan made while the table was small (the planner has no statistics on the tenant, so every tenant looks
 *   small) took the by-type index, which is shallower, and filtered the node id over all of the tenant's
 *   nodes of that type once the table had grown, for every probe. For equality the "C" collation and the
 *   database's default one agree (both deterministic), so the index finds the same rows.
 * - Keyword postings and lengths no longer reference `tenants`: each hangs off a node that does, with
 *   ON DELETE CASCADE, so a tenant's deletion still removes them, and a posting no longer pays a second
 *   foreign-key check (there are about ten per node written).
 */
export const graphKeyProbesSchema = `
DROP INDEX graph_nodes_by_type;
CREATE INDEX graph_nodes_by_type ON graph_nodes (tenant_id COLLATE "C", node_type COLLATE "C", updated_at);
ALTER TABLE graph_node_postings DROP CONSTRAINT graph_node_postings_tenant_id_fkey;
ALTER TABLE graph_node_lengths DROP CONSTRAINT graph_node_lengths_tenant_id_fkey;
`;
