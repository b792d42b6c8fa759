import type pg from 'pg';
import { gateTenantPg, inPgTransaction } from '../../../store/pg/transaction.js';
import type {
  ActivityTimelineQuery,
  AliasLink,
  BatchWrite,
  BatchWritten,
  GraphStorage,
  GraphWrites,
  KeywordHit,
  KeywordQuery,
  PatternQuery,
  TenantActivityWrite,
  TenantGraphDeleted,
} from '../graph-storage.js';
import type { Direction } from '../../types.js';
import type { ActivityRow, Condition, EdgeLink, EdgeRefRow, NodeRow } from '../rows.js';
import { appendActivityPg } from './activity-pg.js';
import { conditionsPg, PgParams } from './conditions-pg.js';
import { PgGraphWrites, lookupAliasesPg } from './graph-writes-pg.js';
import { indexStaleNodesPg, keywordSearchPg } from './keyword-pg.js';
import { linksPg } from './links-pg.js';
import { matchPatternPg } from './pattern-pg.js';
import { namedStatement } from './statement-pg.js';
import { writeBatchPg } from './write-batch-pg.js';
import {
  ACTIVITY_COLUMNS,
  activityRowOf,
  countsOf,
  edgeRefOf,
  NODE_COLUMNS,
  nodeRowOf,
  type PgNodeRow,
} from './rows-pg.js';

const NODE_BY_KEY = namedStatement(
  'node_by_key',
  `SELECT ${NODE_COLUMNS} FROM graph_nodes n WHERE n.tenant_id = $1 AND n.node_type = $2 AND n.node_id = $3`,
);
const NODE_BY_ROWID = namedStatement(
  'node_by_rowid',
  `SELECT ${NODE_COLUMNS} FROM graph_nodes n WHERE n.id = $2 AND n.tenant_id = $1`,
);
const NODES_BY_ROWID = namedStatement(
  'nodes_by_rowid',
  `SELECT ${NODE_COLUMNS} FROM graph_nodes n WHERE n.id = ANY($2::bigint[]) AND n.tenant_id = $1`,
);
// Run before most reads (expired contexts are gone from every answer): usually deletes nothing.
const DELETE_EXPIRED = namedStatement(
  'delete_expired',
  'DELETE FROM graph_nodes WHERE tenant_id = $1 AND expires_at IS NOT NULL AND expires_at <= $2',
);

// A tenant's edges are those leaving its nodes (both ends of an edge belong to its tenant): read through them, as
// the edges have no index by tenant (migration 017).
const TENANT_EDGES = 'graph_nodes n JOIN graph_edges e ON e.from_id = n.id WHERE n.tenant_id = $1 AND e.tenant_id = $1';

/** Thrown inside a write's transaction when the tenant gate refuses it, so that it rolls back. */
class Refused extends Error {}

/**
 * The graph in PostgreSQL (tables of `src/store/pg/schema/graph.ts`). Batches are one statement each
 * (`unnest` arrays, `= ANY`), so a traversal costs one query per level and direction, and a tool
 * result's write a handful whatever its size.
 */
export class PgGraphStorage implements GraphStorage {
  constructor(private readonly pool: pg.Pool) {}

  async writeFor<T>(
    tenantId: string,
    epoch: string | undefined,
    work: (writes: GraphWrites) => Promise<T>,
  ): Promise<T | undefined> {
    try {
      return await inPgTransaction(this.pool, async (client) => {
        await gateTenantPg(client, tenantId, epoch).catch(() => {
          throw new Refused();
        });
        const result = await work(new PgGraphWrites(client, tenantId));
        await indexStaleNodesPg(client, tenantId);
        return result;
      });
    } catch (error) {
      if (error instanceof Refused) return undefined;
      throw error;
    }
  }

  writeBatch(tenantId: string, epoch: string | undefined, batch: BatchWrite): Promise<BatchWritten> {
    return writeBatchPg(this.pool, tenantId, epoch, batch);
  }

  private async nodeRows(query: pg.QueryConfig | string, params?: unknown[]): Promise<NodeRow[]> {
    const { rows } = await this.pool.query<PgNodeRow>(query, params);
    return rows.map(nodeRowOf);
  }

  async node(tenantId: string, type: string, id: string): Promise<NodeRow | undefined> {
    return (await this.nodeRows(NODE_BY_KEY([tenantId, type, id])))[0];
  }

  async nodeByRowid(tenantId: string, rowid: number): Promise<NodeRow | undefined> {
    return (await this.nodeRows(NODE_BY_ROWID([tenantId, rowid])))[0];
  }

  async nodes(tenantId: string, rowids: readonly number[]): Promise<NodeRow[]> {
    if (rowids.length === 0) return [];
    return this.nodeRows(NODES_BY_ROWID([tenantId, rowids]));
  }

  async searchNodes(
    tenantId: string,
    type: string | undefined,
    conditions: readonly Condition[],
    limit: number,
  ): Promise<NodeRow[]> {
    const params = new PgParams(tenantId);
    // In the by-type index's collation, which only this listing asks for (migration 005_graph_key_probes).
    const tenant =
      type === undefined
        ? 'n.tenant_id = $1'
        : `n.tenant_id COLLATE "C" = $1 AND n.node_type COLLATE "C" = ${params.add(type)}`;
    const sql = `SELECT ${NODE_COLUMNS} FROM graph_nodes n WHERE ${tenant}${conditionsPg('n', conditions, params)}
      ORDER BY n.updated_at DESC, n.id DESC LIMIT ${params.add(limit)}`;
    return this.nodeRows(sql, params.values);
  }

  async countNodesByType(tenantId: string): Promise<Record<string, number>> {
    const { rows } = await this.pool.query<{ key: string; count: string }>(
      'SELECT node_type AS key, count(*) AS count FROM graph_nodes WHERE tenant_id = $1 GROUP BY node_type',
      [tenantId],
    );
    return countsOf(rows);
  }

  async deleteNodes(tenantId: string, rowids: readonly number[]): Promise<number> {
    if (rowids.length === 0) return 0;
    const result = await this.pool.query('DELETE FROM graph_nodes WHERE id = ANY($2::bigint[]) AND tenant_id = $1', [
      tenantId,
      rowids,
    ]);
    return result.rowCount ?? 0;
  }

  async deleteNodesWhere(tenantId: string, type: string, conditions: readonly Condition[]): Promise<number> {
    const params = new PgParams(tenantId, type);
    const sql = `DELETE FROM graph_nodes n WHERE n.tenant_id = $1 AND n.node_type = $2${conditionsPg('n', conditions, params)}`;
    return (await this.pool.query(sql, params.values)).rowCount ?? 0;
  }

  async deleteExpired(tenantId: string, now: number): Promise<number> {
    return (await this.pool.query(DELETE_EXPIRED([tenantId, now]))).rowCount ?? 0;
  }

  async tenantsWithExpired(now: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ tenant_id: string }>(
      'SELECT DISTINCT tenant_id FROM graph_nodes WHERE expires_at IS NOT NULL AND expires_at <= $1',
      [now],
    );
    return rows.map((row) => row.tenant_id);
  }

  links(tenantId: string, rowids: readonly number[], direction: Direction, edgeTypes?: readonly string[]) {
    return linksPg(this.pool, tenantId, rowids, direction, edgeTypes);
  }

  async edgeRefs(
    tenantId: string,
    rowid: number,
    direction: 'out' | 'in' | 'both',
    edgeType: string | undefined,
    limit: number,
  ): Promise<EdgeRefRow[]> {
    const ends = [...(direction !== 'in' ? ['from_id'] : []), ...(direction !== 'out' ? ['to_id'] : [])];
    const typed = edgeType ? ' AND e.edge_type = $3' : '';
    const parts = ends.map(
      (end) => `SELECT e.from_id, e.to_id, e.edge_type, f.node_type AS from_type, f.node_id AS from_node_id,
          t.node_type AS to_type, t.node_id AS to_node_id, e.properties::text AS properties, e.updated_at
        FROM graph_edges e JOIN graph_nodes f ON f.id = e.from_id JOIN graph_nodes t ON t.id = e.to_id
        WHERE e.${end} = $2 AND e.tenant_id = $1${typed}`,
    );
    const params = [tenantId, rowid, ...(edgeType ? [edgeType] : []), limit];
    const { rows } = await this.pool.query<Parameters<typeof edgeRefOf>[0] & { updated_at: string }>(
      `SELECT * FROM (${parts.join(' UNION ALL ')}) refs ORDER BY updated_at DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map(({ updated_at: _, ...row }) => edgeRefOf(row));
  }

  async countEdges(tenantId: string): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>(`SELECT count(*) AS count FROM ${TENANT_EDGES}`, [
      tenantId,
    ]);
    return Number(rows[0].count);
  }

  async countEdgesByType(tenantId: string): Promise<Record<string, number>> {
    const { rows } = await this.pool.query<{ key: string; count: string }>(
      `SELECT e.edge_type AS key, count(*) AS count FROM ${TENANT_EDGES} GROUP BY e.edge_type`,
      [tenantId],
    );
    return countsOf(rows);
  }

  matchPattern(tenantId: string, query: PatternQuery): Promise<EdgeLink[]> {
    return matchPatternPg(this.pool, tenantId, query);
  }

  lookupAliases(tenantId: string, aliases: readonly string[]): Promise<Map<string, number>> {
    return lookupAliasesPg(this.pool, tenantId, aliases);
  }

  async aliasesOf(tenantId: string, rowid: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ alias: string }>(
      'SELECT alias FROM graph_aliases WHERE node_rowid = $2 AND tenant_id = $1 ORDER BY alias',
      [tenantId, rowid],
    );
    return rows.map((row) => row.alias);
  }

  async aliasLinksOf(tenantId: string, rowid: number): Promise<AliasLink[]> {
    const { rows } = await this.pool.query<{ alias: string; method: AliasLink['method']; linked_at: string | null }>(
      'SELECT alias, method, linked_at FROM graph_aliases WHERE node_rowid = $2 AND tenant_id = $1 ORDER BY alias',
      [tenantId, rowid],
    );
    return rows.map((row) => ({
      alias: row.alias,
      method: row.method,
      linkedAt: row.linked_at === null ? null : Number(row.linked_at),
    }));
  }

  keywordSearch(tenantId: string, query: KeywordQuery): Promise<KeywordHit[]> {
    return keywordSearchPg(this.pool, tenantId, query);
  }

  appendActivity(records: readonly TenantActivityWrite[]): Promise<boolean[]> {
    return appendActivityPg(this.pool, records);
  }

  async activityFeed(tenantId: string, limit: number): Promise<ActivityRow[]> {
    const { rows } = await this.pool.query<Parameters<typeof activityRowOf>[0]>(
      `SELECT ${ACTIVITY_COLUMNS} FROM graph_activity WHERE tenant_id = $1 ORDER BY timestamp DESC, id DESC LIMIT $2`,
      [tenantId, limit],
    );
    return rows.map(activityRowOf);
  }

  /** The entity as target, or (for a person) as actor under any of its identifiers. */
  async activityTimeline(tenantId: string, query: ActivityTimelineQuery): Promise<ActivityRow[]> {
    const { rows } = await this.pool.query<Parameters<typeof activityRowOf>[0]>(
      `SELECT ${ACTIVITY_COLUMNS} FROM graph_activity
       WHERE tenant_id = $1 AND ((target_type = $2 AND target_id = ANY($3::text[])) OR actor_id = ANY($4::text[]))
       ORDER BY timestamp DESC, id DESC LIMIT $5`,
      [tenantId, query.type, query.targetIds, query.actorIds, query.limit],
    );
    return rows.map(activityRowOf);
  }

  async countActivity(tenantId: string): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>(
      'SELECT count(*) AS count FROM graph_activity WHERE tenant_id = $1',
      [tenantId],
    );
    return Number(rows[0].count);
  }

  async pruneActivity(cutoff: number): Promise<number> {
    return (await this.pool.query('DELETE FROM graph_activity WHERE timestamp < $1', [cutoff])).rowCount ?? 0;
  }

  deleteTenant(tenantId: string): Promise<TenantGraphDeleted> {
    return inPgTransaction(this.pool, async (client) => {
      const removed = async (sql: string) => (await client.query(sql, [tenantId])).rowCount ?? 0;
      const remove = (table: string) => removed(`DELETE FROM ${table} WHERE tenant_id = $1`);
      const edges = await removed(
        'DELETE FROM graph_edges e USING graph_nodes n WHERE e.from_id = n.id AND n.tenant_id = $1 AND e.tenant_id = $1',
      );
      await remove('graph_aliases');
      const nodes = await remove('graph_nodes');
      const activity = await remove('graph_activity');
      return { nodes, edges, activity };
    });
  }
}
