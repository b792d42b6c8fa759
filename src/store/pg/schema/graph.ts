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

// `||` rather than concat_ws: the function is immutable (the planner may fold it), and concat_ws is only stable.
const nodeText = ['node_id', ...TEXT_PROPERTIES.map((p) => `coalesce(properties ->> '${p}', '')`)].join(" || ' ' || ");

/**
 * The knowledge graph, column for column as in SQLite (src/graph/schema.ts), with these differences:
 * properties are jsonb (exact-match searches use `properties @> …` on a GIN jsonb_path_ops index instead of
 * per-property expression indexes); keyword postings are written by the process at the end of each write
 * transaction (the nodes to index noted by triggers), not by SQLite's triggers calling back into it; every
 * row belongs to a tenants row and goes when it is deleted.
 */
export const graphSchema = `
-- A node's searchable text: what is indexed for keywords, and what entity vectors embed.
CREATE FUNCTION graph_node_text(node_id text, properties jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN ${nodeText};

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
  UNIQUE (tenant_id, node_type, node_id)
);
CREATE INDEX graph_nodes_by_type ON graph_nodes (tenant_id, node_type, updated_at);
CREATE INDEX graph_nodes_expiring ON graph_nodes (tenant_id, expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX graph_nodes_properties ON graph_nodes USING gin (properties jsonb_path_ops);
-- No statistics on the tenant column: a tenant's share of the table changes faster than ANALYZE runs (a new
-- tenant's ingestion is estimated at one row until then), and a plan built on that estimate scans the whole
-- tenant for every row of a batch instead of probing the key or rowid index. Without statistics the planner
-- assumes a fixed small share for any tenant.
ALTER TABLE graph_nodes ALTER COLUMN tenant_id SET STATISTICS 0;

-- Keyword postings and lengths, as in SQLite, written with the project's terms (store/keywords/terms.ts) by
-- the graph's write transaction before it commits: triggers note the nodes whose text a statement wrote.
CREATE TABLE graph_node_postings (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  term text COLLATE "C" NOT NULL,
  node_rowid bigint NOT NULL REFERENCES graph_nodes (id) ON DELETE CASCADE,
  tf integer NOT NULL,
  node_length integer NOT NULL,
  PRIMARY KEY (tenant_id, term, node_rowid)
);
CREATE INDEX graph_node_postings_by_node ON graph_node_postings (node_rowid);
CREATE TABLE graph_node_lengths (
  node_rowid bigint PRIMARY KEY REFERENCES graph_nodes (id) ON DELETE CASCADE,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  length integer NOT NULL
);
CREATE INDEX graph_node_lengths_by_tenant ON graph_node_lengths (tenant_id, length);
CREATE TABLE graph_keyword_stale (
  node_rowid bigint PRIMARY KEY REFERENCES graph_nodes (id) ON DELETE CASCADE,
  tenant_id text NOT NULL
);
CREATE FUNCTION graph_keyword_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO graph_keyword_stale (node_rowid, tenant_id) SELECT id, tenant_id FROM inserted ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE FUNCTION graph_keyword_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO graph_keyword_stale (node_rowid, tenant_id)
  SELECT n.id, n.tenant_id FROM updated n JOIN previous o ON o.id = n.id
  WHERE graph_node_text(o.node_id, o.properties) IS DISTINCT FROM graph_node_text(n.node_id, n.properties)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER graph_nodes_keywords_insert AFTER INSERT ON graph_nodes
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION graph_keyword_inserted();
CREATE TRIGGER graph_nodes_keywords_update AFTER UPDATE ON graph_nodes
  REFERENCING OLD TABLE AS previous NEW TABLE AS updated FOR EACH STATEMENT EXECUTE FUNCTION graph_keyword_updated();

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
