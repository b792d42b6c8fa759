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

/** `graph_write_batch` as migration 001 created it, its gate locking the tenant row `FOR SHARE`. */
const FIRST_REVISION: WriteBatchRevision = {
  create: 'CREATE FUNCTION',
  gate: `SELECT t.epoch INTO gate_epoch FROM tenants t WHERE t.id = tenant FOR SHARE;
  IF NOT FOUND OR gate_epoch <> coalesce(generation, gate_epoch) THEN`,
};

/** What a migration changes of `graph_write_batch`. */
export interface WriteBatchRevision {
  /** How the function is created. */
  create: string;
  /** Its tenant gate: the statements up to a condition whose THEN refuses the write. */
  gate: string;
  /** Takes how each alias was linked (`alias_methods`) and records it with the time of the write (`014`). */
  aliasLinks?: true;
}

/**
 * The knowledge graph, column for column as in SQLite (src/graph/schema.ts), with these differences:
 * properties are jsonb (exact-match searches used `properties @> …` on a GIN jsonb_path_ops index instead of
 * per-property expression indexes, until `graph-lean-write-indexes.ts`); keyword postings are written by the process at the end of each write
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
-- Redefined by 005_graph_key_probes (schema/graph-key-probes.ts), which also changes how postings go with their node.
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
${graphWriteBatchFunction()}`;

// ---- Ingestion: one tool result's write in one call ----

/**
 * `graph_write_batch`: a tool result's whole write (tenant gate, people by their aliases, nodes, edges) in
 * one call, since ingestion would otherwise pay one round trip per step. It takes the steps of
 * GraphWriter.write and IdentityResolver.resolveAll (src/graph/service/) in their order, with their
 * semantics (a copy on purpose: a migration must not change with the code); those stay the only path when a
 * person's aliases point at two nodes (an identity merge): the function then writes nothing and answers
 * `{"merge": true}`. Entities are numbered from 1, people first, then nodes, and edges name their ends by
 * those numbers; rows of one key are written in passes (as `roundsOf` splits them) so that a later one
 * merges after an earlier one. It answers `{"edges": <written>, "stale": [[rowid, text], …]}` (the nodes to
 * index for keywords), or NULL when the gate refuses. `revision` is what a later migration replaces
 * (`tenant-key-share.ts`, `alias-link-method.ts`): how it is created, its tenant gate, what it records of aliases.
 */
export function graphWriteBatchFunction(revision = FIRST_REVISION): string {
  // A pass number per key, in the order given, over the rows of `source` (which must provide `k`).
  const turn = (key: string) => `row_number() OVER (PARTITION BY ${key} ORDER BY k) AS turn`;
  const knownPeople = `SELECT u.rowid, u.patch, ${turn('u.rowid')}
    FROM unnest(entity_rowids, person_patches) WITH ORDINALITY AS u(rowid, patch, k) WHERE u.rowid IS NOT NULL`;
  const newPeople = `SELECT u.pid, u.patch, ${turn('u.pid')}
    FROM unnest(entity_rowids, person_ids, person_patches) WITH ORDINALITY AS u(rowid, pid, patch, k) WHERE u.rowid IS NULL`;
  const edges = `SELECT entity_rowids[u.f] AS f, entity_rowids[u.t] AS t, u.etype, u.patch,
      ${turn('entity_rowids[u.f], entity_rowids[u.t], u.etype')}
    FROM unnest(edge_from, edge_to, edge_types, edge_patches) WITH ORDINALITY AS u(f, t, etype, patch, k)
    WHERE entity_rowids[u.f] <> entity_rowids[u.t]`;
  const mergeNode = `ON CONFLICT (tenant_id, node_type, node_id) DO UPDATE SET
      properties = jsonb_merge_patch(n.properties, excluded.properties),
      source = coalesce(excluded.source, n.source),
      updated_at = excluded.updated_at
    WHERE jsonb_merge_patch(n.properties, excluded.properties) IS DISTINCT FROM n.properties
      OR coalesce(excluded.source, n.source) IS DISTINCT FROM n.source`;
  const aliasesPointed = `INSERT INTO graph_aliases AS g (tenant_id, alias, node_rowid)
  SELECT tenant, a.name, a.rowid FROM (
    SELECT DISTINCT ON (a.name) a.name, entity_rowids[a.person] AS rowid, a.was
    FROM unnest(alias_people, alias_names, alias_rowids) WITH ORDINALITY AS a(person, name, was, k)
    ORDER BY a.name, a.k DESC
  ) a WHERE a.was IS DISTINCT FROM a.rowid ORDER BY a.name
  ON CONFLICT (tenant_id, alias) DO UPDATE SET node_rowid = excluded.node_rowid
  WHERE g.node_rowid IS DISTINCT FROM excluded.node_rowid;`;
  // How and when an alias came to point at its node: set when it is first pointed or repointed only.
  const aliasesLinked = `INSERT INTO graph_aliases AS g (tenant_id, alias, node_rowid, method, linked_at)
  SELECT tenant, a.name, a.rowid, a.method, at FROM (
    SELECT DISTINCT ON (a.name) a.name, entity_rowids[a.person] AS rowid, a.was, a.method
    FROM unnest(alias_people, alias_names, alias_rowids, alias_methods) WITH ORDINALITY AS a(person, name, was, method, k)
    ORDER BY a.name, a.k DESC
  ) a WHERE a.was IS DISTINCT FROM a.rowid ORDER BY a.name
  ON CONFLICT (tenant_id, alias) DO UPDATE SET
    node_rowid = excluded.node_rowid, method = excluded.method, linked_at = excluded.linked_at
  WHERE g.node_rowid IS DISTINCT FROM excluded.node_rowid;`;
  return `
${revision.create} graph_write_batch(
  tenant text, generation text, at bigint, people_source text,
  person_ids text[], person_patches jsonb[], alias_people integer[], alias_names text[],${
    revision.aliasLinks ? ' alias_methods text[],' : ''
  }
  node_types text[], node_ids text[], node_patches jsonb[], node_sources text[],
  edge_from integer[], edge_to integer[], edge_types text[], edge_patches jsonb[]
) RETURNS jsonb
-- Planned at each call, as the statements of graph-writes-pg are (a tenant's tables grow under its writes).
LANGUAGE plpgsql AS $$
DECLARE
  gate_epoch text;
  -- The node each alias pointed at before the write (NULL: none), in the order of alias_names.
  alias_rowids bigint[];
  merging boolean;
  -- Each entity's node.
  entity_rowids bigint[];
  passes integer;
  edge_count integer;
  stale_rowids bigint[];
  stale_nodes jsonb;
BEGIN
  ${revision.gate}
    RETURN NULL;
  END IF;

  SELECT coalesce(array_agg(g.node_rowid ORDER BY a.k), '{}') INTO alias_rowids
  FROM unnest(alias_names) WITH ORDINALITY AS a(name, k)
  LEFT JOIN LATERAL (
    SELECT g.node_rowid FROM graph_aliases g WHERE g.tenant_id = tenant AND g.alias = a.name OFFSET 0
  ) g ON true;
  SELECT coalesce(bool_or(known.nodes > 1), false), coalesce(array_agg(known.rowid ORDER BY p.i), '{}')
  INTO merging, entity_rowids
  FROM generate_subscripts(person_ids, 1) AS p(i)
  LEFT JOIN (
    SELECT a.person, count(DISTINCT a.rowid) AS nodes, min(a.rowid) AS rowid
    FROM unnest(alias_people, alias_rowids) AS a(person, rowid) GROUP BY a.person
  ) known ON known.person = p.i;
  IF merging THEN
    RETURN '{"merge": true}';
  END IF;

  SELECT coalesce(max(turn), 0) INTO passes FROM (${knownPeople}) u;
  FOR pass IN 1..passes LOOP
    UPDATE graph_nodes n SET properties = jsonb_merge_patch(n.properties, p.patch), updated_at = at
    FROM (
      SELECT t.id, u.patch FROM (${knownPeople}) u
      CROSS JOIN LATERAL (SELECT id FROM graph_nodes t WHERE t.id = u.rowid AND t.tenant_id = tenant OFFSET 0) t
      WHERE u.turn = pass
    ) p
    WHERE n.id = p.id AND jsonb_merge_patch(n.properties, p.patch) IS DISTINCT FROM n.properties;
  END LOOP;

  SELECT coalesce(max(turn), 0) INTO passes FROM (${newPeople}) u;
  FOR pass IN 1..passes LOOP
    INSERT INTO graph_nodes AS n (tenant_id, node_type, node_id, properties, source, created_at, updated_at)
    SELECT tenant, 'user', u.pid, u.patch, people_source, at, at FROM (${newPeople}) u
    WHERE u.turn = pass ORDER BY u.pid
    ${mergeNode};
  END LOOP;
  -- Each statement of the function sees what committed before it: rows written meanwhile by others too.
  SELECT coalesce(array_agg(coalesce(u.rowid, n.id) ORDER BY u.k), '{}') INTO entity_rowids
  FROM unnest(entity_rowids, person_ids) WITH ORDINALITY AS u(rowid, pid, k)
  LEFT JOIN LATERAL (
    SELECT n.id FROM graph_nodes n
    WHERE u.rowid IS NULL AND n.tenant_id = tenant AND n.node_type = 'user' AND n.node_id = u.pid OFFSET 0
  ) n ON true;

  -- An alias another person of the batch also names goes to the later one.
  ${revision.aliasLinks ? aliasesLinked : aliasesPointed}

  -- The rowids of nodes the upsert left unchanged are read one key probe each (as graph-writes-pg's are).
  WITH written AS (
    INSERT INTO graph_nodes AS n (tenant_id, node_type, node_id, properties, source, created_at, updated_at)
    SELECT tenant, u.ntype, u.nid, u.patch, u.src, at, at
    FROM unnest(node_types, node_ids, node_patches, node_sources) AS u(ntype, nid, patch, src) ORDER BY u.ntype, u.nid
    ${mergeNode}
    RETURNING n.id, n.node_type, n.node_id
  )
  SELECT entity_rowids || coalesce(array_agg(coalesce(w.id, n.id) ORDER BY u.k), '{}') INTO entity_rowids
  FROM unnest(node_types, node_ids) WITH ORDINALITY AS u(ntype, nid, k)
  LEFT JOIN written w ON w.node_type = u.ntype AND w.node_id = u.nid
  LEFT JOIN LATERAL (
    SELECT n.id FROM graph_nodes n
    WHERE w.id IS NULL AND n.tenant_id = tenant AND n.node_type = u.ntype AND n.node_id = u.nid OFFSET 0
  ) n ON true;
  -- A node another transaction committed while that statement ran is outside its snapshot: read it now.
  IF array_position(entity_rowids, NULL) IS NOT NULL THEN
    SELECT array_agg(coalesce(r.id, n.id) ORDER BY r.k) INTO entity_rowids
    FROM unnest(entity_rowids) WITH ORDINALITY AS r(id, k)
    LEFT JOIN LATERAL (
      SELECT n.id FROM graph_nodes n
      WHERE r.id IS NULL AND n.tenant_id = tenant AND n.node_type = node_types[r.k - cardinality(person_ids)]
        AND n.node_id = node_ids[r.k - cardinality(person_ids)] OFFSET 0
    ) n ON true;
  END IF;

  SELECT count(*), coalesce(max(turn), 0) INTO edge_count, passes FROM (${edges}) u;
  FOR pass IN 1..passes LOOP
    INSERT INTO graph_edges AS e (tenant_id, from_id, to_id, edge_type, properties, created_at, updated_at)
    SELECT tenant, u.f, u.t, u.etype, u.patch, at, at FROM (${edges}) u
    WHERE u.turn = pass ORDER BY u.f, u.t, u.etype
    ON CONFLICT (from_id, to_id, edge_type) DO UPDATE SET
      properties = jsonb_merge_patch(coalesce(e.properties, '{}'), excluded.properties),
      updated_at = excluded.updated_at
    WHERE excluded.properties IS NOT NULL
      AND jsonb_merge_patch(coalesce(e.properties, '{}'), excluded.properties) IS DISTINCT FROM e.properties;
  END LOOP;
  -- The keyword index's part: the nodes whose text changed, their postings dropped, for the caller to index
  -- before it commits (as keyword-pg's indexStaleNodesPg does; the terms are the process's). By rowid alone
  -- (they are the tenant's): an index on the tenant would read all of its rows under a plan cached while
  -- its tables were small.
  WITH stale AS (DELETE FROM graph_keyword_stale s WHERE s.tenant_id = tenant RETURNING s.node_rowid)
  SELECT coalesce(array_agg(node_rowid), '{}') INTO stale_rowids FROM stale;
  DELETE FROM graph_node_postings p WHERE p.node_rowid = ANY (stale_rowids);
  SELECT coalesce(jsonb_agg(jsonb_build_array(n.id, graph_node_text(n.node_id, n.properties))), '[]')
  INTO stale_nodes FROM graph_nodes n WHERE n.id = ANY (stale_rowids);
  RETURN jsonb_build_object('edges', edge_count, 'stale', stale_nodes);
END
$$;
`;
}
