import type { Migration } from '../store/db.js';
import { KEYWORD_POSTINGS_FUNCTION } from './keyword-function.js';

/** Properties whose text the keyword index covers, besides the node id. */
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

/** SQL of the searchable text of the `graph_nodes` row named `row`: what is indexed for keywords, and what entity vectors embed. */
export const nodeTextSql = (row: string) =>
  `concat_ws(' ', ${row}.node_id, ${TEXT_PROPERTIES.map((p) => `json_extract(${row}.properties, '$.${p}')`).join(', ')})`;
const textOf = nodeTextSql;

/** Inserts the postings of node `row` (SQL of a `graph_nodes` row), then its length (the sum of its terms' counts). */
const indexNodeSql = (row: string) => `
  INSERT INTO graph_node_postings (tenant_id, term, node_rowid, tf, node_length)
    SELECT ${row}.tenant_id, p.value ->> 0, ${row}.id, p.value ->> 1, p.value ->> 2
    FROM json_each(${KEYWORD_POSTINGS_FUNCTION}(${textOf(row)})) p;
  INSERT INTO graph_node_lengths (node_rowid, tenant_id, length)
    SELECT ${row}.id, ${row}.tenant_id, coalesce(sum(tf), 0) FROM graph_node_postings WHERE node_rowid = ${row}.id;`;

/**
 * Properties with an expression index (of the nodes that have them), so the common exact-match searches (a ticket or
 * project key, a status) do not scan a whole type. People are found through `graph_aliases`, text through keyword
 * postings; every further index costs each ingested node that has the property a B-tree insert.
 */
export const INDEXED_PROPERTIES = ['key', 'status'] as const;

/**
 * Graph tables. Nodes carry an integer rowid so edges and traversals work on integers. Every row
 * carries its tenant and every query filters by it. Edge keys start with the node rowids (which
 * belong to exactly one tenant), so the neighbourhood lookups in both directions and the cascading
 * deletes use an index; (from, to, type) unique therefore means unique per tenant too.
 */
export const graphMigrations: Migration[] = [
  {
    id: '100_graph',
    up: (db) =>
      db.exec(`
        CREATE TABLE graph_nodes (
          id INTEGER PRIMARY KEY,
          tenant_id TEXT NOT NULL,
          node_type TEXT NOT NULL,
          node_id TEXT NOT NULL,
          properties TEXT NOT NULL DEFAULT '{}',
          source TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          expires_at INTEGER,
          UNIQUE (tenant_id, node_type, node_id)
        );
        CREATE INDEX graph_nodes_by_type ON graph_nodes (tenant_id, node_type, updated_at);
        CREATE INDEX graph_nodes_expiring ON graph_nodes (tenant_id, expires_at) WHERE expires_at IS NOT NULL;
        ${['key', 'email', 'login', 'title', 'status']
          .map(
            (p) =>
              `CREATE INDEX graph_nodes_prop_${p} ON graph_nodes (tenant_id, node_type, json_extract(properties, '$.${p}'));`,
          )
          .join('\n')}

        CREATE TABLE graph_edges (
          tenant_id TEXT NOT NULL,
          from_id INTEGER NOT NULL REFERENCES graph_nodes (id) ON DELETE CASCADE,
          to_id INTEGER NOT NULL REFERENCES graph_nodes (id) ON DELETE CASCADE,
          edge_type TEXT NOT NULL,
          properties TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (from_id, to_id, edge_type)
        ) WITHOUT ROWID;
        CREATE INDEX graph_edges_incoming ON graph_edges (to_id, from_id, edge_type, tenant_id);
        CREATE INDEX graph_edges_by_type ON graph_edges (tenant_id, edge_type);

        CREATE TABLE graph_aliases (
          tenant_id TEXT NOT NULL,
          alias TEXT NOT NULL,
          node_rowid INTEGER NOT NULL REFERENCES graph_nodes (id) ON DELETE CASCADE,
          PRIMARY KEY (tenant_id, alias)
        ) WITHOUT ROWID;
        CREATE INDEX graph_aliases_by_node ON graph_aliases (node_rowid);

        CREATE TABLE graph_activity (
          id INTEGER PRIMARY KEY,
          tenant_id TEXT NOT NULL,
          action TEXT NOT NULL,
          actor_type TEXT NOT NULL,
          actor_id TEXT NOT NULL,
          target_type TEXT NOT NULL,
          target_id TEXT NOT NULL,
          timestamp INTEGER NOT NULL,
          properties TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX graph_activity_feed ON graph_activity (tenant_id, timestamp, id);
        CREATE INDEX graph_activity_target ON graph_activity (tenant_id, target_type, target_id, timestamp);
        CREATE INDEX graph_activity_actor ON graph_activity (tenant_id, actor_id, timestamp);

        CREATE VIRTUAL TABLE graph_node_text USING fts5 (text, tokenize = 'porter unicode61');
        CREATE TRIGGER graph_nodes_text_insert AFTER INSERT ON graph_nodes BEGIN
          INSERT INTO graph_node_text (rowid, text) VALUES (new.id, ${textOf('new')});
        END;
        CREATE TRIGGER graph_nodes_text_update AFTER UPDATE OF properties ON graph_nodes
          WHEN ${textOf('old')} IS NOT ${textOf('new')} BEGIN
          DELETE FROM graph_node_text WHERE rowid = old.id;
          INSERT INTO graph_node_text (rowid, text) VALUES (new.id, ${textOf('new')});
        END;
        CREATE TRIGGER graph_nodes_text_delete AFTER DELETE ON graph_nodes BEGIN
          DELETE FROM graph_node_text WHERE rowid = old.id;
        END;
      `),
  },
  {
    // Ingestion throughput: people are found through graph_aliases and titles through FTS5, so these
    // three indexes only cost writes. (Migration 100 is kept as first applied.)
    id: '101_graph_lean_property_indexes',
    up: (db) =>
      db.exec(['email', 'login', 'title'].map((p) => `DROP INDEX IF EXISTS graph_nodes_prop_${p};`).join('\n')),
  },
  {
    // Retention prunes by age across tenants.
    id: '102_graph_activity_age',
    up: (db) => db.exec('CREATE INDEX graph_activity_age ON graph_activity (timestamp)'),
  },
  {
    // Keyword ranking over each tenant's own statistics (FTS5's bm25() counted every tenant's nodes), the same
    // on both backends: each node's postings with the project's terms (FTS5's own, so rankings stay), its
    // length, written by triggers through the process's function (`keyword-function.ts`), and each tenant's
    // node and term counts kept by triggers (one writer: no contention); then every stored node indexed.
    id: '103_graph_keyword_postings',
    up: (db) => {
      db.exec(`
        DROP TRIGGER graph_nodes_text_insert;
        DROP TRIGGER graph_nodes_text_update;
        DROP TRIGGER graph_nodes_text_delete;
        DROP TABLE graph_node_text;
        CREATE TABLE graph_node_postings (
          tenant_id TEXT NOT NULL,
          term TEXT NOT NULL,
          node_rowid INTEGER NOT NULL REFERENCES graph_nodes (id) ON DELETE CASCADE,
          tf INTEGER NOT NULL,
          node_length INTEGER NOT NULL,
          PRIMARY KEY (tenant_id, term, node_rowid)
        ) WITHOUT ROWID;
        CREATE INDEX graph_node_postings_by_node ON graph_node_postings (node_rowid);
        CREATE TABLE graph_node_lengths (
          node_rowid INTEGER PRIMARY KEY REFERENCES graph_nodes (id) ON DELETE CASCADE,
          tenant_id TEXT NOT NULL,
          length INTEGER NOT NULL
        );
        CREATE TABLE graph_keyword_totals (
          tenant_id TEXT PRIMARY KEY,
          nodes INTEGER NOT NULL,
          terms INTEGER NOT NULL
        );
        CREATE TRIGGER graph_node_lengths_added AFTER INSERT ON graph_node_lengths BEGIN
          INSERT INTO graph_keyword_totals (tenant_id, nodes, terms) VALUES (new.tenant_id, 1, new.length)
          ON CONFLICT (tenant_id) DO UPDATE SET nodes = nodes + 1, terms = terms + excluded.terms;
        END;
        CREATE TRIGGER graph_node_lengths_removed AFTER DELETE ON graph_node_lengths BEGIN
          UPDATE graph_keyword_totals SET nodes = nodes - 1, terms = terms - old.length WHERE tenant_id = old.tenant_id;
        END;
        CREATE TRIGGER graph_nodes_keywords_insert AFTER INSERT ON graph_nodes BEGIN ${indexNodeSql('new')}
        END;
        CREATE TRIGGER graph_nodes_keywords_update AFTER UPDATE OF node_id, properties ON graph_nodes
          WHEN ${textOf('old')} IS NOT ${textOf('new')} BEGIN
          DELETE FROM graph_node_postings WHERE node_rowid = old.id;
          DELETE FROM graph_node_lengths WHERE node_rowid = old.id; ${indexNodeSql('new')}
        END;
        INSERT INTO graph_node_postings (tenant_id, term, node_rowid, tf, node_length)
          SELECT n.tenant_id, p.value ->> 0, n.id, p.value ->> 1, p.value ->> 2
          FROM graph_nodes n, json_each(${KEYWORD_POSTINGS_FUNCTION}(${textOf('n')})) p;
        INSERT INTO graph_node_lengths (node_rowid, tenant_id, length)
          SELECT n.id, n.tenant_id, coalesce((SELECT sum(tf) FROM graph_node_postings p WHERE p.node_rowid = n.id), 0)
          FROM graph_nodes n;
      `);
    },
  },
  {
    // How and when each identifier was tied to its person (null on both: named by an upstream record).
    id: '104_graph_alias_links',
    up: (db) =>
      db.exec(`
        ALTER TABLE graph_aliases ADD COLUMN method TEXT;
        ALTER TABLE graph_aliases ADD COLUMN linked_at INTEGER;
      `),
  },
  {
    // Ingestion throughput: the triggers called back into the process for every written row; the writes now index
    // the nodes they change themselves, a batch at a time (`store/postings-repo.ts`). The postings the triggers
    // wrote stay as they are (they are the same); a length's removal still leaves the totals by its trigger.
    id: '106_graph_keyword_postings_from_writes',
    up: (db) =>
      db.exec(`
        DROP TRIGGER graph_nodes_keywords_insert;
        DROP TRIGGER graph_nodes_keywords_update;
        DROP TRIGGER graph_node_lengths_added;
      `),
  },
  {
    // Ingestion throughput: fewer B-tree writes a node, an edge and a posting.
    // - Edges: no index by (tenant, type): a tenant's edges are read through its nodes (each edge's ends belong to
    //   the edge's tenant), by the primary key (from, to, type) and `graph_edges_incoming`.
    // - Property indexes: only nodes that have the property (an equality search implies it is not null).
    // - Postings: keyed (tenant, term, node) alone. A node's terms (a JSON array) are kept with its length, so its
    //   postings are found by their key when it is re-indexed or deleted (the length's deletion takes them, by its
    //   trigger): no index by node and no foreign key to check for each posting.
    id: '107_graph_lean_write_indexes',
    up: (db) =>
      db.exec(`
        DROP INDEX graph_edges_by_type;
        ${['key', 'status']
          .map(
            (p) => `DROP INDEX graph_nodes_prop_${p};
        CREATE INDEX graph_nodes_prop_${p} ON graph_nodes (tenant_id, node_type, json_extract(properties, '$.${p}'))
          WHERE json_extract(properties, '$.${p}') IS NOT NULL;`,
          )
          .join('\n')}
        ALTER TABLE graph_node_lengths ADD COLUMN terms TEXT NOT NULL DEFAULT '[]';
        UPDATE graph_node_lengths SET terms = coalesce(
          (SELECT json_group_array(p.term) FROM graph_node_postings p
            WHERE p.node_rowid = graph_node_lengths.node_rowid),
          '[]');
        CREATE TABLE graph_node_postings_keyed (
          tenant_id TEXT NOT NULL,
          term TEXT NOT NULL,
          node_rowid INTEGER NOT NULL,
          tf INTEGER NOT NULL,
          node_length INTEGER NOT NULL,
          PRIMARY KEY (tenant_id, term, node_rowid)
        ) WITHOUT ROWID;
        INSERT INTO graph_node_postings_keyed (tenant_id, term, node_rowid, tf, node_length)
          SELECT tenant_id, term, node_rowid, tf, node_length FROM graph_node_postings ORDER BY tenant_id, term, node_rowid;
        DROP TABLE graph_node_postings;
        ALTER TABLE graph_node_postings_keyed RENAME TO graph_node_postings;
        DROP TRIGGER graph_node_lengths_removed;
        CREATE TRIGGER graph_node_lengths_removed AFTER DELETE ON graph_node_lengths BEGIN
          DELETE FROM graph_node_postings WHERE tenant_id = old.tenant_id
            AND term IN (SELECT value FROM json_each(old.terms)) AND node_rowid = old.node_rowid;
          UPDATE graph_keyword_totals SET nodes = nodes - 1, terms = terms - old.length WHERE tenant_id = old.tenant_id;
        END;
      `),
  },
  {
    // One page fewer written by each activity record: retention prunes each tenant through its feed index
    // (tenant, time) instead of a global index on time (`activity-repo.ts`).
    id: '108_graph_activity_prune_by_tenant',
    up: (db) => db.exec('DROP INDEX graph_activity_age'),
  },
];
