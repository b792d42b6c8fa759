import type { Statement } from 'better-sqlite3';
import type { Db } from '../../store/db.js';
import { INDEXED_PROPERTIES, nodeTextSql } from '../schema.js';
import type { NodePatch, NodeWrite } from './graph-storage.js';
import { MultiRowInsert } from './multi-row-insert.js';
import { bindable, conditionSql, type Condition, type NodeRow } from './rows.js';
import { patchChangesNothing } from './unchanged-patch.js';

const ids = (rowids: readonly number[]) => JSON.stringify(rowids);

/** A written row's rowid and searchable text, for its keyword postings. */
const WRITTEN = `RETURNING id, ${nodeTextSql('graph_nodes')} AS text`;
/** A row an upsert wrote: its key (type and id), its rowid and its searchable text. */
const WRITTEN_KEYED = `RETURNING node_type, node_id, id, ${nodeTextSql('graph_nodes')} AS text`;

/** A node's type and id as one map key. */
const nodeKey = (type: string, id: string) => `${type}\u0000${id}`;

/** A node's rowid, and its searchable text when the write changed the row. */
export interface UpsertedNode {
  rowid: number;
  text?: string;
}

/** All SQL of `graph_nodes`: upserts that merge properties, lookups, property search, counts. */
export class NodesRepo {
  private readonly upserts: MultiRowInsert;
  private readonly idStmt: Statement;
  private readonly byKeyStmt: Statement;
  private readonly byRowidStmt: Statement;
  private readonly manyStmt: Statement;
  private readonly patchStmt: Statement;
  private readonly propertiesStmt: Statement;
  private readonly countByTypeStmt: Statement;
  private readonly expiredStmt: Statement;
  private readonly deleteManyStmt: Statement;
  private readonly deleteTenantStmt: Statement;
  private readonly searchCache = new Map<string, Statement>();

  constructor(private readonly db: Db) {
    this.upserts = new MultiRowInsert(
      db,
      'INSERT INTO graph_nodes (tenant_id, node_type, node_id, properties, source, created_at, updated_at, expires_at)',
      ['?', '?', '?', 'json(?)', '?', '?', '?', '?'],
      `ON CONFLICT (tenant_id, node_type, node_id) DO UPDATE SET
        properties = json_patch(graph_nodes.properties, excluded.properties),
        source = coalesce(excluded.source, graph_nodes.source),
        updated_at = excluded.updated_at,
        expires_at = coalesce(excluded.expires_at, graph_nodes.expires_at)
      WHERE json_patch(graph_nodes.properties, excluded.properties) IS NOT graph_nodes.properties
        OR coalesce(excluded.source, graph_nodes.source) IS NOT graph_nodes.source
        OR coalesce(excluded.expires_at, graph_nodes.expires_at) IS NOT graph_nodes.expires_at
      ${WRITTEN_KEYED}`,
    );
    this.idStmt = db
      .prepare('SELECT id FROM graph_nodes WHERE tenant_id = ? AND node_type = ? AND node_id = ?')
      .pluck();
    this.byKeyStmt = db.prepare('SELECT * FROM graph_nodes WHERE tenant_id = ? AND node_type = ? AND node_id = ?');
    this.byRowidStmt = db.prepare('SELECT * FROM graph_nodes WHERE id = ? AND +tenant_id = ?');
    this.manyStmt = db.prepare(
      'SELECT n.* FROM json_each(?) j JOIN graph_nodes n ON n.id = j.value WHERE +n.tenant_id = ?',
    );
    this.patchStmt = db
      .prepare(
        `UPDATE graph_nodes SET properties = json_patch(properties, json(@patch)), updated_at = @now
      WHERE id = @rowid AND +tenant_id = @tenantId AND json_patch(properties, json(@patch)) IS NOT properties
      ${WRITTEN}`,
      )
      .raw();
    this.propertiesStmt = db
      .prepare(
        'SELECT n.id, n.properties FROM json_each(?) j JOIN graph_nodes n ON n.id = j.value WHERE +n.tenant_id = ?',
      )
      .raw();
    this.countByTypeStmt = db.prepare(
      'SELECT node_type, count(*) AS count FROM graph_nodes WHERE tenant_id = ? GROUP BY node_type',
    );
    this.expiredStmt = db
      .prepare('SELECT id FROM graph_nodes WHERE tenant_id = ? AND expires_at IS NOT NULL AND expires_at <= ?')
      .pluck();
    this.deleteManyStmt = db.prepare(
      'DELETE FROM graph_nodes WHERE id IN (SELECT value FROM json_each(?)) AND +tenant_id = ?',
    );
    this.deleteTenantStmt = db.prepare('DELETE FROM graph_nodes WHERE tenant_id = ?');
  }

  /**
   * Inserts nodes or merges their `properties` into the existing ones, in order, a few hundred a statement; answers
   * each write's node. A merge that changes nothing writes nothing (no index, keyword or timestamp work) and answers
   * no text; a node written twice answers its last text.
   */
  upsert(tenantId: string, writes: readonly NodeWrite[]): UpsertedNode[] {
    const values: unknown[] = [];
    for (const { type, id, properties, source, now, expiresAt = null } of writes)
      values.push(tenantId, type, id, properties, source, now, now, expiresAt);
    const written = new Map<string, UpsertedNode>();
    for (const [type, id, rowid, text] of this.upserts.returning(values) as Array<[string, string, number, string]>)
      written.set(nodeKey(type, id), { rowid, text });
    return writes.map(
      ({ type, id }) => written.get(nodeKey(type, id)) ?? { rowid: this.idStmt.get(tenantId, type, id) as number },
    );
  }

  get(tenantId: string, type: string, id: string): NodeRow | undefined {
    return this.byKeyStmt.get(tenantId, type, id) as NodeRow | undefined;
  }

  getByRowid(tenantId: string, rowid: number): NodeRow | undefined {
    return this.byRowidStmt.get(rowid, tenantId) as NodeRow | undefined;
  }

  /**
   * Rows of these rowids that belong to the tenant (in rowid order). Looked up in rowid order, so that
   * neighbouring rows share the pages the B-tree descends through.
   */
  getMany(tenantId: string, rowids: readonly number[]): NodeRow[] {
    if (rowids.length === 0) return [];
    return this.manyStmt.all(ids([...rowids].sort((a, b) => a - b)), tenantId) as NodeRow[];
  }

  /** Merges properties into a node (a no-op when they are already there); its searchable text when written. */
  patch(tenantId: string, rowid: number, properties: string, now: number): string | undefined {
    const written = this.patchStmt.get({ patch: properties, now, tenantId, rowid }) as [number, string] | undefined;
    return written?.[1];
  }

  /**
   * Merges each patch into its node, in order; answers the searchable text of the nodes written. The nodes'
   * properties are read in one statement first, and a patch they already hold is not sent to SQL at all (a
   * person seen again in every result of a batch).
   */
  patchAll(tenantId: string, patches: readonly NodePatch[], now: number): Map<number, string> {
    const written = new Map<number, string>();
    if (patches.length === 0) return written;
    const rowids = [...new Set(patches.map((p) => p.rowid))];
    const stored = new Map(this.propertiesStmt.all(ids(rowids), tenantId) as Array<[number, string]>);
    for (const { rowid, properties } of patches) {
      const before = stored.get(rowid);
      if (before === undefined || !patchChangesNothing(before, properties)) {
        const text = this.patch(tenantId, rowid, properties, now);
        if (text === undefined) continue;
        written.set(rowid, text);
        // Changed: a later patch of this node is judged by SQL.
        stored.delete(rowid);
      }
    }
    return written;
  }

  /** Nodes of one type (or any type) whose properties match every condition, newest first. */
  search(
    tenantId: string,
    type: string | undefined,
    conditions: readonly Condition[],
    limit: number,
    offset = 0,
  ): NodeRow[] {
    const where = [
      'n.tenant_id = ?',
      ...(type ? ['n.node_type = ?'] : []),
      ...conditions.map((c) => conditionSql('n', c)),
    ];
    // With a condition on an indexed property, look up by that index and sort what it finds (`+` keeps
    // the planner from walking the whole type in updated_at order instead).
    const indexed =
      type !== undefined && conditions.some((c) => (INDEXED_PROPERTIES as readonly unknown[]).includes(c.property));
    const order = indexed ? '+n.updated_at DESC, n.id DESC' : 'n.updated_at DESC, n.id DESC';
    const sql = `SELECT n.* FROM graph_nodes n WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ? OFFSET ?`;
    let stmt = this.searchCache.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      if (this.searchCache.size > 200) this.searchCache.clear();
      this.searchCache.set(sql, stmt);
    }
    return stmt.all(tenantId, ...(type ? [type] : []), ...bindable(conditions), limit, offset) as NodeRow[];
  }

  countByType(tenantId: string): Record<string, number> {
    const rows = this.countByTypeStmt.all(tenantId) as Array<{ node_type: string; count: number }>;
    return Object.fromEntries(rows.map((r) => [r.node_type, r.count]));
  }

  expiredRowids(tenantId: string, now: number): number[] {
    return this.expiredStmt.all(tenantId, now) as number[];
  }

  /** Deletes nodes; their edges and aliases go with them (foreign keys cascade). */
  deleteMany(tenantId: string, rowids: readonly number[]): number {
    if (rowids.length === 0) return 0;
    return this.deleteManyStmt.run(ids(rowids), tenantId).changes;
  }

  deleteTenant(tenantId: string): number {
    return this.deleteTenantStmt.run(tenantId).changes;
  }

  /** Tenants holding nodes that expired by `now` (for the periodic purge). */
  tenantsWithExpired(now: number): string[] {
    return this.db
      .prepare('SELECT DISTINCT tenant_id FROM graph_nodes WHERE expires_at IS NOT NULL AND expires_at <= ?')
      .pluck()
      .all(now) as string[];
  }
}
