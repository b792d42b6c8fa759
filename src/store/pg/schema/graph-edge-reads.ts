/**
 * Migration `013_graph_edges_outgoing`: a traversal reads a node's leaving edges from an index that holds
 * the tenant as a key column, as `graph_edges_incoming` already does for entering ones.
 *
 * The primary key carries the tenant only as an included column, which an index scan can filter on but not
 * search by. The planner has no statistics on the tenant (`SET STATISTICS 0`), so until the table is
 * analysed, and under a cached generic plan, a tenant looks like a few thousand edges: it combined the
 * primary key's match on the nodes with every edge of the tenant read from `graph_edges_by_type` (a bitmap
 * AND), which reads the whole tenant's edges for each neighbourhood (90 ms at a million edges, where the
 * index alone takes under one).
 *
 * Dropped with the by-type index by `017_graph_lean_write_indexes`: the primary key serves those reads again.
 */
export const graphEdgeReadsSchema = `
CREATE INDEX graph_edges_outgoing ON graph_edges (from_id, to_id, edge_type, tenant_id);
`;
