import type pg from 'pg';
import type { AliasLink, AliasWrite, EdgeWrite, GraphWrites, NodePatch, NodeWrite } from '../graph-storage.js';
import { roundsOf } from './rows-pg.js';
import { namedStatement, replannedStatement } from './statement-pg.js';

// PROBE: a batch finds its rows one index probe per row, in a `LATERAL (… OFFSET 0)` subquery that the
// planner may not turn into a join: as a join, a tenant the statistics underestimate (one that grew since
// the last ANALYZE, as every new tenant does) gets a plan that reads the whole tenant for each batch.

/**
 * Inserts nodes or merges their properties; a merge that changes nothing writes nothing. Rows come in key
 * order so that concurrent batches lock shared nodes in one order. The rowids of nodes left unchanged are
 * read from the statement's snapshot, one key probe each (see PROBE).
 */
const UPSERT_NODES = replannedStatement(
  `
  WITH input AS (
    SELECT * FROM unnest($2::text[], $3::text[], $4::jsonb[], $5::text[], $6::bigint[], $7::bigint[])
      AS i(node_type, node_id, properties, source, now, expires_at)
  ), upserted AS (
    INSERT INTO graph_nodes AS n (tenant_id, node_type, node_id, properties, source, created_at, updated_at, expires_at)
    SELECT $1, node_type, node_id, properties, source, now, now, expires_at FROM input ORDER BY node_type, node_id
    ON CONFLICT (tenant_id, node_type, node_id) DO UPDATE SET
      properties = jsonb_merge_patch(n.properties, excluded.properties),
      source = coalesce(excluded.source, n.source),
      updated_at = excluded.updated_at,
      expires_at = coalesce(excluded.expires_at, n.expires_at)
    WHERE jsonb_merge_patch(n.properties, excluded.properties) IS DISTINCT FROM n.properties
      OR coalesce(excluded.source, n.source) IS DISTINCT FROM n.source
      OR coalesce(excluded.expires_at, n.expires_at) IS DISTINCT FROM n.expires_at
    RETURNING n.id, n.node_type, n.node_id
  )
  SELECT i.node_type, i.node_id, coalesce(u.id, n.id) AS id FROM input i
  LEFT JOIN upserted u ON u.node_type = i.node_type AND u.node_id = i.node_id
  LEFT JOIN LATERAL (
    SELECT id FROM graph_nodes n
    WHERE u.id IS NULL AND n.tenant_id = $1 AND n.node_type = i.node_type AND n.node_id = i.node_id OFFSET 0
  ) n ON true`,
);

const UPSERT_EDGES = namedStatement(
  'upsert_edges',
  `
  INSERT INTO graph_edges AS e (tenant_id, from_id, to_id, edge_type, properties, created_at, updated_at)
  SELECT $1, from_id, to_id, edge_type, properties, now, now
  FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::jsonb[], $6::bigint[]) AS i(from_id, to_id, edge_type, properties, now)
  ORDER BY from_id, to_id, edge_type
  ON CONFLICT (from_id, to_id, edge_type) DO UPDATE SET
    properties = jsonb_merge_patch(coalesce(e.properties, '{}'), excluded.properties),
    updated_at = excluded.updated_at
  WHERE excluded.properties IS NOT NULL
    AND jsonb_merge_patch(coalesce(e.properties, '{}'), excluded.properties) IS DISTINCT FROM e.properties`,
);

const PATCH_NODES = replannedStatement(
  `
  UPDATE graph_nodes n SET properties = jsonb_merge_patch(n.properties, p.patch), updated_at = $4
  FROM (
    SELECT t.id, p.patch FROM unnest($2::bigint[], $3::jsonb[]) AS p(rowid, patch)
    CROSS JOIN LATERAL (SELECT id FROM graph_nodes t WHERE t.id = p.rowid AND t.tenant_id = $1 OFFSET 0) t
  ) p
  WHERE n.id = p.id AND jsonb_merge_patch(n.properties, p.patch) IS DISTINCT FROM n.properties`,
);

const SET_ALIASES = namedStatement(
  'set_aliases',
  `
  INSERT INTO graph_aliases AS a (tenant_id, alias, node_rowid, method, linked_at)
  SELECT $1, alias, node_rowid, method, linked_at
  FROM unnest($2::text[], $3::bigint[], $4::text[], $5::bigint[]) AS i(alias, node_rowid, method, linked_at)
  ORDER BY alias
  ON CONFLICT (tenant_id, alias) DO UPDATE SET
    node_rowid = excluded.node_rowid, method = excluded.method, linked_at = excluded.linked_at
  WHERE a.node_rowid IS DISTINCT FROM excluded.node_rowid`,
);

const LINK_ALIASES = namedStatement(
  'link_aliases',
  `
  INSERT INTO graph_aliases (tenant_id, alias, node_rowid, method, linked_at)
  SELECT $1, alias, $2, method, linked_at FROM unnest($3::text[], $4::text[], $5::bigint[]) AS i(alias, method, linked_at)
  ORDER BY alias
  ON CONFLICT (tenant_id, alias) DO UPDATE SET
    node_rowid = excluded.node_rowid, method = excluded.method, linked_at = excluded.linked_at`,
);

// Identity merge: `from`'s edges re-pointed at `into` unless `into` has the same edge already or it would
// become a self-loop (those go with `from`), its aliases re-pointed, its properties merged into `into`.
const MOVE_EDGES = `
  INSERT INTO graph_edges (tenant_id, from_id, to_id, edge_type, properties, created_at, updated_at)
  SELECT tenant_id, CASE WHEN from_id = $2 THEN $3 ELSE from_id END, CASE WHEN to_id = $2 THEN $3 ELSE to_id END,
    edge_type, properties, created_at, updated_at
  FROM graph_edges WHERE (from_id = $2 OR to_id = $2) AND from_id <> $3 AND to_id <> $3 AND tenant_id = $1
  ON CONFLICT DO NOTHING`;

const nodeKey = (type: string, id: string) => JSON.stringify([type, id]);

/** The writes of one gated PostgreSQL transaction, each one statement per batch. */
export class PgGraphWrites implements GraphWrites {
  constructor(
    private readonly client: pg.PoolClient,
    private readonly tenantId: string,
  ) {}

  async upsertNodes(writes: readonly NodeWrite[]): Promise<number[]> {
    const rowids = new Map<string, number>();
    for (const round of roundsOf(writes, (w) => nodeKey(w.type, w.id))) {
      const { rows } = await this.client.query<{ node_type: string; node_id: string; id: string | null }>(
        UPSERT_NODES([
          this.tenantId,
          round.map((w) => w.type),
          round.map((w) => w.id),
          round.map((w) => w.properties),
          round.map((w) => w.source),
          round.map((w) => w.now),
          round.map((w) => w.expiresAt ?? null),
        ]),
      );
      for (const row of rows) if (row.id !== null) rowids.set(nodeKey(row.node_type, row.node_id), Number(row.id));
    }
    // A node another transaction committed while this statement ran is outside its snapshot: read it now.
    const missing = writes.filter((w) => !rowids.has(nodeKey(w.type, w.id)));
    if (missing.length) {
      const { rows } = await this.client.query<{ node_type: string; node_id: string; id: string }>(
        `SELECT node_type, node_id, id FROM graph_nodes
         WHERE tenant_id = $1 AND (node_type, node_id) IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
        [this.tenantId, missing.map((w) => w.type), missing.map((w) => w.id)],
      );
      for (const row of rows) rowids.set(nodeKey(row.node_type, row.node_id), Number(row.id));
    }
    return writes.map((w) => rowids.get(nodeKey(w.type, w.id))!);
  }

  async upsertEdges(writes: readonly EdgeWrite[]): Promise<void> {
    for (const round of roundsOf(writes, (w) => `${w.fromId}>${w.toId}>${w.type}`)) {
      await this.client.query(
        UPSERT_EDGES([
          this.tenantId,
          round.map((w) => w.fromId),
          round.map((w) => w.toId),
          round.map((w) => w.type),
          round.map((w) => w.properties),
          round.map((w) => w.now),
        ]),
      );
    }
  }

  async patchNodes(patches: readonly NodePatch[], now: number): Promise<void> {
    for (const round of roundsOf(patches, (p) => String(p.rowid))) {
      await this.client.query(
        PATCH_NODES([this.tenantId, round.map((p) => p.rowid), round.map((p) => p.properties), now]),
      );
    }
  }

  async lookupAliases(aliases: readonly string[]): Promise<Map<string, number>> {
    return lookupAliasesPg(this.client, this.tenantId, aliases);
  }

  async manualAliases(aliases: readonly string[]): Promise<Set<string>> {
    if (aliases.length === 0) return new Set();
    const { rows } = await this.client.query<{ alias: string }>(
      "SELECT alias FROM graph_aliases WHERE tenant_id = $1 AND alias = ANY ($2::text[]) AND method = 'manual'",
      [this.tenantId, aliases],
    );
    return new Set(rows.map((row) => row.alias));
  }

  async setAliases(aliases: readonly AliasWrite[]): Promise<void> {
    if (aliases.length === 0) return;
    await this.client.query(
      SET_ALIASES([
        this.tenantId,
        aliases.map((a) => a.alias),
        aliases.map((a) => a.rowid),
        aliases.map((a) => a.method),
        aliases.map((a) => a.linkedAt),
      ]),
    );
  }

  async linkAliases(links: readonly AliasLink[], rowid: number): Promise<void> {
    if (links.length === 0) return;
    await this.client.query(
      LINK_ALIASES([
        this.tenantId,
        rowid,
        links.map((l) => l.alias),
        links.map((l) => l.method),
        links.map((l) => l.linkedAt),
      ]),
    );
  }

  async unlinkAlias(alias: string, rowid: number): Promise<boolean> {
    const { rowCount } = await this.client.query(
      'DELETE FROM graph_aliases WHERE tenant_id = $1 AND alias = $2 AND node_rowid = $3',
      [this.tenantId, alias, rowid],
    );
    return (rowCount ?? 0) > 0;
  }

  async mergeNode(from: number, into: number, now: number): Promise<void> {
    const { rows } = await this.client.query<{ properties: string }>(
      'SELECT properties::text AS properties FROM graph_nodes WHERE id = $1 AND tenant_id = $2',
      [from, this.tenantId],
    );
    if (rows.length === 0) return;
    await this.client.query(MOVE_EDGES, [this.tenantId, from, into]);
    await this.client.query('UPDATE graph_aliases SET node_rowid = $3 WHERE node_rowid = $2 AND tenant_id = $1', [
      this.tenantId,
      from,
      into,
    ]);
    await this.patchNodes([{ rowid: into, properties: rows[0].properties }], now);
    // Its remaining edges (duplicates, would-be self-loops) go with it.
    await this.client.query('DELETE FROM graph_nodes WHERE id = $2 AND tenant_id = $1', [this.tenantId, from]);
  }
}

const LOOKUP_ALIASES = replannedStatement(
  `SELECT a.alias, g.node_rowid FROM unnest($2::text[]) AS a(alias)
   CROSS JOIN LATERAL (SELECT node_rowid FROM graph_aliases g WHERE g.tenant_id = $1 AND g.alias = a.alias OFFSET 0) g`,
);

/** The node each known alias points at (one query for them all). */
export async function lookupAliasesPg(
  db: pg.Pool | pg.PoolClient,
  tenantId: string,
  aliases: readonly string[],
): Promise<Map<string, number>> {
  if (aliases.length === 0) return new Map();
  const { rows } = await db.query<{ alias: string; node_rowid: string }>(LOOKUP_ALIASES([tenantId, aliases]));
  return new Map(rows.map((row) => [row.alias, Number(row.node_rowid)]));
}
