/**
 * Properties whose text the keyword index covers, besides the node id: the list of the SQLite schema's
 * FTS5 triggers (src/graph/schema.ts) as of this migration. A copy on purpose: an applied migration must
 * not change when that list does; a new list needs a new migration on both backends.
 */
const TEXT_PROPERTIES = [
  'title',
  'name',
  'summary',
  'full_name',
  'login',
  'email',
  'key',
  'description',
  'body',
  'language',
  'value',
] as const;

// `||` rather than concat_ws: a generated column needs an immutable expression, and concat_ws is only stable.
const nodeText = ['node_id', ...TEXT_PROPERTIES.map((p) => `coalesce(properties ->> '${p}', '')`)].join(" || ' ' || ");

/**
 * The knowledge graph, column for column as in SQLite (src/graph/schema.ts), with these differences:
 * properties are jsonb (exact-match searches use `properties @> …` on a GIN jsonb_path_ops index instead of
 * per-property expression indexes); the keyword index is a generated tsvector with GIN instead of an FTS5
 * table fed by triggers, with each text's length in tokens beside it for BM25 (`graph-storage-pg`'s keyword
 * search); every row belongs to a tenants row and goes when it is deleted.
 */
export const graphSchema = `
-- A node's searchable text: what is indexed for keywords, and what entity vectors embed.
CREATE FUNCTION graph_node_text(node_id text, properties jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN ${nodeText};

-- A text's length in tokens, stopwords included (its last position), as BM25 weighs it.
CREATE FUNCTION graph_tsv_length(tsv tsvector) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT coalesce(max(p), 0)::integer FROM unnest(tsv) AS u, unnest(u.positions) AS p $$;

CREATE TABLE graph_nodes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  node_type text NOT NULL,
  node_id text NOT NULL,
  properties jsonb NOT NULL DEFAULT '{}',
  source text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  expires_at bigint,
  tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', graph_node_text(node_id, properties))) STORED,
  tsv_length integer GENERATED ALWAYS AS (
    graph_tsv_length(to_tsvector('english', graph_node_text(node_id, properties)))
  ) STORED,
  UNIQUE (tenant_id, node_type, node_id)
);
CREATE INDEX graph_nodes_by_type ON graph_nodes (tenant_id, node_type, updated_at);
CREATE INDEX graph_nodes_expiring ON graph_nodes (tenant_id, expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX graph_nodes_properties ON graph_nodes USING gin (properties jsonb_path_ops);
CREATE INDEX graph_nodes_text ON graph_nodes USING gin (tsv);
-- No statistics on the tenant column: a tenant's share of the table changes faster than ANALYZE runs (a new
-- tenant's ingestion is estimated at one row until then), and a plan built on that estimate scans the whole
-- tenant for every row of a batch instead of probing the key or rowid index. Without statistics the planner
-- assumes a fixed small share for any tenant.
ALTER TABLE graph_nodes ALTER COLUMN tenant_id SET STATISTICS 0;

CREATE TABLE graph_edges (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  from_id bigint NOT NULL REFERENCES graph_nodes (id) ON DELETE CASCADE,
  to_id bigint NOT NULL REFERENCES graph_nodes (id) ON DELETE CASCADE,
  edge_type text NOT NULL,
  properties jsonb,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  -- tenant_id in both edge indexes lets a traversal read a node's edges from the index alone.
  PRIMARY KEY (from_id, to_id, edge_type) INCLUDE (tenant_id)
);
CREATE INDEX graph_edges_incoming ON graph_edges (to_id, from_id, edge_type, tenant_id);
CREATE INDEX graph_edges_by_type ON graph_edges (tenant_id, edge_type);
-- As for graph_nodes: an edge lookup by node must not become a scan of a tenant estimated at one row.
ALTER TABLE graph_edges ALTER COLUMN tenant_id SET STATISTICS 0;

CREATE TABLE graph_aliases (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  alias text NOT NULL,
  node_rowid bigint NOT NULL REFERENCES graph_nodes (id) ON DELETE CASCADE,
  PRIMARY KEY (tenant_id, alias)
);
CREATE INDEX graph_aliases_by_node ON graph_aliases (node_rowid);

CREATE TABLE graph_activity (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  action text NOT NULL,
  actor_type text NOT NULL,
  actor_id text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  timestamp bigint NOT NULL,
  properties jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX graph_activity_feed ON graph_activity (tenant_id, timestamp, id);
CREATE INDEX graph_activity_target ON graph_activity (tenant_id, target_type, target_id, timestamp);
CREATE INDEX graph_activity_actor ON graph_activity (tenant_id, actor_id, timestamp);
CREATE INDEX graph_activity_age ON graph_activity (timestamp);
`;
