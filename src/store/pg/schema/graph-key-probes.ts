/**
 * Ingestion speed on PostgreSQL (migration `005_graph_key_probes`, added to a released schema).
 *
 * - `graph_nodes_by_type` compares its text columns in the "C" collation, so only a query that asks for it
 *   (`tenant_id COLLATE "C" = … AND node_type COLLATE "C" = …`, the listing of a type by recency) can use it.
 *   A key probe (`tenant_id = … AND node_type = … AND node_id = …`) then has the key index alone: before, a
 *   plan made while the table was small (the planner has no statistics on the tenant, so every tenant looks
 *   small) took the by-type index, which is shallower, and filtered the node id over all of the tenant's
 *   nodes of that type once the table had grown, for every probe. For equality the "C" collation and the
 *   database's default one agree (both deterministic), so the index finds the same rows.
 * - Keyword postings reference nothing, and lengths no longer reference `tenants`: a posting (there are
 *   about ten per node written) paid two foreign-key checks, each a query per row, which doubled the cost
 *   of writing it. A node's postings go with it by a trigger instead, and so with its tenant (whose
 *   deletion removes its nodes). No posting outlives its node: postings are written for nodes taken from
 *   `graph_keyword_stale`, whose row the writer deletes (and so locks) first, and a node's deletion
 *   removes that row too (cascade), so it waits for the writer to commit, and its trigger then sees the
 *   postings it wrote.
 */
export const graphKeyProbesSchema = `
DROP INDEX graph_nodes_by_type;
CREATE INDEX graph_nodes_by_type ON graph_nodes (tenant_id COLLATE "C", node_type COLLATE "C", updated_at);
ALTER TABLE graph_node_postings
  DROP CONSTRAINT graph_node_postings_tenant_id_fkey,
  DROP CONSTRAINT graph_node_postings_node_rowid_fkey;
ALTER TABLE graph_node_lengths DROP CONSTRAINT graph_node_lengths_tenant_id_fkey;
-- By the postings' node index, however many nodes went (= ANY keeps the cached plan an index scan).
CREATE FUNCTION graph_postings_of_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM graph_node_postings p WHERE p.node_rowid = ANY (ARRAY(SELECT id FROM deleted));
  RETURN NULL;
END $$;
CREATE TRIGGER graph_nodes_postings_delete AFTER DELETE ON graph_nodes
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION graph_postings_of_deleted();
`;
