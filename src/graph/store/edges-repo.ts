import type { Statement } from 'better-sqlite3';
import type { Db } from '../../store/db.js';
import type { Direction } from '../types.js';
import type { EdgeWrite } from './graph-storage.js';
import { MultiRowInsert } from './multi-row-insert.js';
import type { EdgeLink, EdgeRefRow } from './rows.js';

/** The end a neighbourhood read starts from, per direction (`both`: leaving edges first). */
const ENDS: Record<Direction, ReadonlyArray<'from_id' | 'to_id'>> = {
  out: ['from_id'],
  in: ['to_id'],
  both: ['from_id', 'to_id'],
};

/**
 * One end's edges of a batch of nodes (`?`: the rowids, the tenant, then the types when typed), read in the
 * order of the index that leads with that end (the primary key, or `graph_edges_incoming`), both covering.
 */
const sideSql = (end: 'from_id' | 'to_id', typed: boolean) =>
  `SELECT from_id, to_id, edge_type FROM graph_edges WHERE ${end} IN (SELECT value FROM json_each(?)) AND +tenant_id = ?${
    typed ? ' AND +edge_type IN (SELECT value FROM json_each(?))' : ''
  }`;

const REF_COLUMNS = `e.from_id, e.to_id, e.edge_type, f.node_type AS from_type, f.node_id AS from_node_id, t.node_type AS to_type, t.node_id AS to_node_id, e.properties`;

/** All SQL of `graph_edges`: upserts, batched neighbourhood reads in both directions, counts. */
export class EdgesRepo {
  private readonly upserts: MultiRowInsert;
  /** Neighbourhood reads by direction, untyped and typed (`both`: the leaving edges, then the entering ones). */
  private readonly linkStmts: Record<Direction, { all: Statement; typed: Statement }>;
  private readonly countStmt: Statement;
  private readonly countByTypeStmt: Statement;
  private readonly deleteTenantStmt: Statement;
  private readonly refsCache = new Map<string, Statement>();

  constructor(private readonly db: Db) {
    this.upserts = new MultiRowInsert(
      db,
      'INSERT INTO graph_edges (tenant_id, from_id, to_id, edge_type, properties, created_at, updated_at)',
      7,
      `ON CONFLICT (from_id, to_id, edge_type) DO UPDATE SET
        properties = json_patch(coalesce(graph_edges.properties, '{}'), excluded.properties),
        updated_at = excluded.updated_at
      WHERE excluded.properties IS NOT NULL
        AND json_patch(coalesce(graph_edges.properties, '{}'), excluded.properties) IS NOT graph_edges.properties`,
    );
    const linksSql = (direction: Direction, typed: boolean) =>
      ENDS[direction].map((end) => sideSql(end, typed)).join(' UNION ALL ');
    const prepareLinks = (direction: Direction) => ({
      all: db.prepare(linksSql(direction, false)),
      typed: db.prepare(linksSql(direction, true)),
    });
    this.linkStmts = { out: prepareLinks('out'), in: prepareLinks('in'), both: prepareLinks('both') };
    // A tenant's edges are those leaving its nodes (both ends of an edge belong to its tenant): read through them,
    // not an index of every edge by tenant that each edge written would have to update.
    const tenantEdges =
      'graph_nodes n CROSS JOIN graph_edges e ON e.from_id = n.id WHERE n.tenant_id = ? AND +e.tenant_id = n.tenant_id';
    this.countStmt = db.prepare(`SELECT count(*) FROM ${tenantEdges}`).pluck();
    this.countByTypeStmt = db.prepare(`SELECT e.edge_type, count(*) AS count FROM ${tenantEdges} GROUP BY e.edge_type`);
    this.deleteTenantStmt = db.prepare(
      'DELETE FROM graph_edges WHERE from_id IN (SELECT id FROM graph_nodes WHERE tenant_id = ?) AND +tenant_id = ?',
    );
  }

  /**
   * Inserts edges, or merges their properties into the existing ones (nothing is written when unchanged), in
   * order: an edge named twice merges as when written one at a time.
   */
  upsert(tenantId: string, writes: readonly EdgeWrite[]): void {
    const values: unknown[] = [];
    for (const { fromId, toId, type, properties, now } of writes)
      values.push(tenantId, fromId, toId, type, properties, now, now);
    this.upserts.run(values);
  }

  /**
   * Edges leaving (`out`), entering (`in`) or touching (`both`: the leaving ones first) any of the nodes,
   * optionally of some types only: one statement whatever the direction.
   */
  links(tenantId: string, rowids: readonly number[], direction: Direction, edgeTypes?: readonly string[]): EdgeLink[] {
    if (rowids.length === 0) return [];
    const nodes = JSON.stringify(rowids);
    const { all, typed } = this.linkStmts[direction];
    const sides = ENDS[direction].length;
    const params = edgeTypes?.length ? [nodes, tenantId, JSON.stringify(edgeTypes)] : [nodes, tenantId];
    return (edgeTypes?.length ? typed : all).all(...Array.from({ length: sides }, () => params).flat()) as EdgeLink[];
  }

  /** Edges of one node with both ends as references, newest first. */
  refsOf(
    tenantId: string,
    rowid: number,
    direction: 'out' | 'in' | 'both',
    edgeType: string | undefined,
    limit: number,
  ): EdgeRefRow[] {
    const parts: string[] = [];
    if (direction !== 'in') parts.push(this.refsSql('from_id', edgeType));
    if (direction !== 'out') parts.push(this.refsSql('to_id', edgeType));
    const sql = `SELECT * FROM (${parts.join(' UNION ALL ')}) ORDER BY updated_at DESC LIMIT ?`;
    let stmt = this.refsCache.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.refsCache.set(sql, stmt);
    }
    const perPart = edgeType ? [rowid, tenantId, edgeType] : [rowid, tenantId];
    return stmt.all(...parts.flatMap(() => perPart), limit) as EdgeRefRow[];
  }

  private refsSql(end: 'from_id' | 'to_id', edgeType: string | undefined): string {
    return `SELECT ${REF_COLUMNS}, e.updated_at FROM graph_edges e
      JOIN graph_nodes f ON f.id = e.from_id JOIN graph_nodes t ON t.id = e.to_id
      WHERE e.${end} = ? AND +e.tenant_id = ?${edgeType ? ' AND +e.edge_type = ?' : ''}`;
  }

  count(tenantId: string): number {
    return this.countStmt.get(tenantId) as number;
  }

  countByType(tenantId: string): Record<string, number> {
    const rows = this.countByTypeStmt.all(tenantId) as Array<{ edge_type: string; count: number }>;
    return Object.fromEntries(rows.map((r) => [r.edge_type, r.count]));
  }

  /**
   * Moves every edge of node `from` onto node `into` (identity merge). Edges that would duplicate one
   * `into` already has, or become a self-loop, are dropped.
   */
  moveEdges(tenantId: string, from: number, into: number): void {
    this.db
      .prepare('UPDATE OR IGNORE graph_edges SET from_id = ? WHERE from_id = ? AND to_id <> ? AND +tenant_id = ?')
      .run(into, from, into, tenantId);
    this.db
      .prepare('UPDATE OR IGNORE graph_edges SET to_id = ? WHERE to_id = ? AND from_id <> ? AND +tenant_id = ?')
      .run(into, from, into, tenantId);
    this.db
      .prepare('DELETE FROM graph_edges WHERE (from_id = ? OR to_id = ?) AND +tenant_id = ?')
      .run(from, from, tenantId);
  }

  deleteTenant(tenantId: string): number {
    return this.deleteTenantStmt.run(tenantId, tenantId).changes;
  }
}
